// What `@react-email/render` does, without it: it loads Prettier at import, which every function
// that sends mail would pay at cold start.
import { convert, type DomNode, type FormatCallback } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export type EmailContent = { subject: string; text: string; html: string };

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

type Element = { name?: string; children?: Element[]; type?: string; data?: string };

const elementsNamed = (node: Element, name: string): Element[] =>
  (node.children ?? []).flatMap((c) => (c.name === name ? [c] : elementsNamed(c, name)));

const textOf = (node: Element): string =>
  node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join('');

const detailLines: FormatCallback = (elem, _walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  for (const row of elementsNamed(elem as Element, 'tr')) {
    const [label] = elementsNamed(row, 'th').map(textOf);
    const [value] = elementsNamed(row, 'td').map(textOf);
    builder.addLiteral(value?.includes('\n') ? `${label}:\n${value}` : `${label}: ${value}`);
    builder.addLineBreak();
  }
  builder.closeBlock({ trailingLineBreaks: 1 });
};

const buttonLine: FormatCallback = (elem, _walk, builder) => {
  const href = (elem as DomNode & { attribs?: Record<string, string> }).attribs?.href ?? '';
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral(`${textOf(elem as Element).trim()}: ${href}`);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

function toPlainText(html: string): string {
  return convert(html, {
    wordwrap: false,
    formatters: { detailLines, buttonLine },
    selectors: [
      // React Email's rules: no images, no preheader, links without brackets.
      { selector: 'img', format: 'skip' },
      { selector: '[data-skip-in-text=true]', format: 'skip' },
      { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
      { selector: 'h1', options: { uppercase: false, trailingLineBreaks: 2 } },
      { selector: 'table.details', format: 'detailLines' },
      { selector: 'a.button', format: 'buttonLine' },
      { selector: 'hr', format: 'skip' },
    ],
  })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function renderEmail(subject: string, message: ReactElement): EmailContent {
  const html = `${DOCTYPE}${renderToStaticMarkup(message)}`;
  return { subject, html, text: `${toPlainText(html)}\n` };
}
