/**
 * Every message the site sends (src/testing/email-samples.ts) as snapshot files: the shared
 * layout once (`_layout.html`, with placeholders where a message's parts go), and per message
 * its plain text (`<kind>.txt`) and only the HTML it puts into the layout (`<kind>.html`: its
 * title, preheader, heading and body); each message must be exactly the layout with those
 * parts, so nothing else can differ unnoticed. Then the layout's promises (preheader, dark
 * mode, Outlook button and width), and what a hostile visitor can type.
 */
import { parseDocument } from 'htmlparser2';
import { format } from 'prettier';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../lib/site-settings.ts';
import { EMAIL_SAMPLES, ORDINARY, type Typed } from '../../testing/email-samples.ts';
import { EmailLayout } from './email-layout.tsx';
import { renderEmail } from './render-email.ts';

type Node = {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  parent?: Node | null;
  children?: Node[];
};

const all = (node: Node): Node[] => [node, ...(node.children ?? []).flatMap(all)];
const ancestors = (node: Node): Node[] =>
  node.parent ? [node.parent, ...ancestors(node.parent)] : [];
const kinds = Object.keys(EMAIL_SAMPLES);
const pretty = (html: string) => format(html, { parser: 'html', printWidth: 100 });

/** Where a message's parts go in the layout (the heading stands in the <title> too). */
const SLOT = { heading: '{{heading}}', body: '{{body}}', preheader: '{{preheader}}' };
const SLOTS = /\{\{heading\}\}|\{\{body\}\}/g;

/** The layout rendered as a message is, with `preheader` and the heading and body slots. */
const layoutWith = (preheader: string) =>
  renderEmail(
    SLOT.preheader,
    createElement(EmailLayout, { heading: SLOT.heading, preheader, children: SLOT.body }),
  ).html;

/**
 * A message's parts: `html` cut along the layout (rendered with the message's own preheader,
 * whose invisible padding depends on its length), or null where anything but the slots differs.
 */
function partsOf(html: string) {
  const nodes = all(parseDocument(html) as unknown as Node);
  const preview = nodes.find((n) => n.attribs?.['data-skip-in-text'] === 'true');
  if (!preview) return null;
  const first = preview.children?.[0];
  const preheader = first?.type === 'text' ? (first.data ?? '') : '';
  const layout = layoutWith(preheader);
  const names = layout.match(SLOTS)!;
  const fixed = layout.split(SLOTS);
  if (names.join() !== [SLOT.heading, SLOT.heading, SLOT.body].join()) return null;
  if (!html.startsWith(fixed[0]!) || !html.endsWith(fixed.at(-1)!)) return null;
  const values: string[] = [];
  let at = fixed[0]!.length;
  for (const piece of fixed.slice(1, -1)) {
    const next = html.indexOf(piece, at);
    if (next < 0) return null;
    values.push(html.slice(at, next));
    at = next + piece.length;
  }
  const end = html.length - fixed.at(-1)!.length;
  if (end < at) return null;
  values.push(html.slice(at, end));
  const [title, heading, body] = values as [string, string, string];
  // The layout with these parts in its slots is the message, to the byte.
  const whole = [fixed[0], title, fixed[1], heading, fixed[2], body, fixed[3]].join('');
  return whole === html ? { title, preheader, heading, body } : null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

it('matches the snapshot of the layout every message shares', async () => {
  await expect(await pretty(layoutWith(SLOT.preheader))).toMatchFileSnapshot(
    '__snapshots__/_layout.html',
  );
});

it('refuses a message that differs from the layout anywhere outside its parts', () => {
  const { html } = EMAIL_SAMPLES['contact.receipt']!(ORDINARY);
  expect(partsOf(html)).not.toBeNull();
  const padding = /(data-skip-in-text="true">[^<]*<div>)./;
  for (const changed of [
    html.replace('@media (prefers-color-scheme: dark)', '@media (prefers-color-scheme: light)'),
    html.replace(padding, '$1'),
    html.replace('Questions? Reply', 'Questions! Reply'),
    html.replace(
      '<![endif]--></span></td></tr></tbody></table></body>',
      '</span></td></tr></tbody></table></body>',
    ),
    `${html}\n`,
  ]) {
    expect(changed).not.toBe(html);
    expect(partsOf(changed)).toBeNull();
  }
});

describe.each(kinds)('%s', (kind) => {
  const email = EMAIL_SAMPLES[kind]!(ORDINARY);

  it('is the layout with its own parts, which match its HTML and text snapshots', async () => {
    const parts = partsOf(email.html);
    expect(parts, 'the message is exactly _layout.html with its own parts').not.toBeNull();
    const { title, preheader, heading, body } = parts!;
    await expect(
      await pretty(
        [
          `<!-- ${kind}: its parts of the layout (_layout.html), each where its {{slot}} stands -->`,
          `<!-- title (the heading when it is plain text, else the site's name) -->`,
          title,
          '<!-- preheader -->',
          escapeHtml(preheader),
          '<!-- heading -->',
          heading,
          '<!-- body -->',
          body,
        ].join('\n'),
      ),
    ).toMatchFileSnapshot(`__snapshots__/${kind}.html`);
    await expect(`Subject: ${email.subject}\n\n${email.text}`).toMatchFileSnapshot(
      `__snapshots__/${kind}.txt`,
    );
  });

  it('uses the one layout: brand, preheader, dark mode, Outlook width, footer with the address', () => {
    const doc = parseDocument(email.html) as unknown as Node;
    const nodes = all(doc);
    expect(email.html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(nodes.find((n) => n.name === 'html')?.attribs).toMatchObject({ lang: 'en', dir: 'ltr' });
    const metas = nodes.filter((n) => n.name === 'meta').map((n) => n.attribs ?? {});
    expect(metas).toContainEqual({ name: 'color-scheme', content: 'light dark' });
    expect(metas).toContainEqual({ name: 'supported-color-schemes', content: 'light dark' });
    expect(email.html).toContain('@media (prefers-color-scheme: dark)');
    const preheader = nodes.find((n) => n.attribs?.['data-skip-in-text'] === 'true');
    expect(preheader?.attribs?.style).toContain('display:none');
    expect(email.html).toContain(
      '<!--[if mso]><table role="presentation" align="center" width="600"',
    );
    expect(email.text.startsWith(siteSettings.name)).toBe(true);
    expect(email.text).toContain(siteSettings.address.street);
    expect(email.text).toContain(siteSettings.supportEmail);
    // The preheader is for the inbox list, not the message.
    expect(email.text).not.toContain('\u200c');
  });

  it('draws every button as a filled table cell Outlook paints, and writes it as "Label: URL" in text', () => {
    const doc = parseDocument(email.html) as unknown as Node;
    for (const button of all(doc).filter((n) => n.attribs?.class === 'button')) {
      const cell = ancestors(button).find((n) => n.name === 'td');
      expect(cell?.attribs?.bgcolor).toBe('#3b2fc9');
      const label = all(button)
        .filter((n) => n.type === 'text')
        .map((n) => n.data)
        .join('')
        .trim();
      expect(email.text).toContain(`${label}: ${button.attribs?.href}`);
    }
  });
});

const LONG_WORD = 'Supercalifragilistic'.repeat(12);
const HOSTILE: Typed = {
  name: `<script>alert("name")</script> O'Brien & "Sons" ${LONG_WORD}`,
  company: 'مطعم الياسمين <b>الذهبي</b>',
  message: `<img src=x onerror=alert(1)>\n${LONG_WORD}\nשלום, זו הודעת בדיקה`,
  note: '</td></tr></table><a href="javascript:alert(1)">click</a> ملاحظة',
};
const RTL = /[\u0590-\u08ff]/;
/**
 * The messages with nothing anyone typed: the sign-in link, the erasure notice, which must
 * name nobody since it outlives the erasure until it is sent (src/server/mail/outbox.ts), and
 * the checkout reminder (the catalogue's lines and prices only: Stripe's name field is optional
 * and a reminder reads the same to anyone).
 */
const NAMES_NOBODY = ['dashboard.sign-in', 'privacy.erased', 'checkout.reminder'];

describe('every message with hostile input', () => {
  const tags = (html: string) => html.match(/<table\b/g)?.length ?? 0;

  it.each(kinds)('%s escapes markup, wraps long words and isolates right-to-left text', (kind) => {
    const email = EMAIL_SAMPLES[kind]!(HOSTILE);
    const doc = parseDocument(email.html) as unknown as Node;
    const nodes = all(doc);

    // Nothing typed became markup: no script, image, handler or javascript: link, and the
    // layout's structure (its tables) is the same as with ordinary input.
    expect(nodes.filter((n) => n.name === 'script' || n.name === 'img')).toEqual([]);
    for (const n of nodes) {
      for (const [attr, value] of Object.entries(n.attribs ?? {})) {
        expect(attr.startsWith('on'), `${attr} on <${n.name}>`).toBe(false);
        expect(value.trim().toLowerCase().startsWith('javascript:')).toBe(false);
      }
    }
    expect(tags(email.html)).toBe(tags(EMAIL_SAMPLES[kind]!(ORDINARY).html));
    expect(email.html).not.toMatch(/<script|<img|<\/td><\/tr><\/table><a/);

    // What was typed is shown as typed: escaped in HTML, verbatim in the text body.
    const texts = nodes.filter((n) => n.type === 'text' && n.parent?.name !== 'style');
    const longWords = texts.filter((n) => n.data?.includes(LONG_WORD));
    const rightToLeft = texts.filter((n) => RTL.test(n.data ?? ''));
    if (!NAMES_NOBODY.includes(kind))
      expect(longWords.length + rightToLeft.length).toBeGreaterThan(0);
    for (const text of longWords) {
      const styles = [text.parent!, ...ancestors(text.parent!)].map((n) => n.attribs?.style ?? '');
      expect(
        styles.some((s) => s.includes('overflow-wrap:anywhere')),
        'long word wraps',
      ).toBe(true);
    }
    for (const text of rightToLeft) {
      const dirs = [text.parent!, ...ancestors(text.parent!)].map((n) => n.attribs?.dir);
      expect(dirs[0] === 'auto' || dirs.includes('auto'), `"${text.data}" in dir=auto`).toBe(true);
    }
    if (email.text.includes('alert("name")')) {
      expect(email.text).toContain(HOSTILE.name);
      expect(email.html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    }
    expect(email.text).not.toMatch(/&lt;|&gt;|&quot;|&amp;/);
  });

  it('shows the hostile name in every message that greets or names a person', () => {
    const naming = kinds.filter((k) => EMAIL_SAMPLES[k]!(HOSTILE).text.includes(HOSTILE.name));
    expect(naming.sort()).toEqual(kinds.filter((k) => !NAMES_NOBODY.includes(k)).sort());
  });
});

describe('the order confirmation (the receipt)', () => {
  it('right-aligns every amount, the total included', () => {
    const email = EMAIL_SAMPLES['order-confirmation']!(ORDINARY);
    const cells = all(parseDocument(email.html) as unknown as Node).filter(
      (n) =>
        n.name === 'td' &&
        ancestors(n).some((a) => a.name === 'table' && /\bdetails\b/.test(a.attribs?.class ?? '')),
    );
    expect(cells.length).toBeGreaterThanOrEqual(3);
    for (const cell of cells) {
      expect(cell.attribs?.align).toBe('right');
      expect(cell.attribs?.style).toMatch(/text-align:\s*right/);
    }
  });
});
