/**
 * Every message the site sends (src/testing/email-samples.ts): its HTML and plain text as
 * snapshot files (open the .html ones in a browser to see the message), the layout's promises
 * (preheader, dark mode, Outlook button and width), and what a hostile visitor can type.
 */
import { parseDocument } from 'htmlparser2';
import { format } from 'prettier';
import { describe, expect, it } from 'vitest';
import { siteSettings } from '../../lib/site-settings.ts';
import { EMAIL_SAMPLES, ORDINARY, type Typed } from '../../testing/email-samples.ts';

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

describe.each(kinds)('%s', (kind) => {
  const email = EMAIL_SAMPLES[kind]!(ORDINARY);

  it('matches its HTML and text snapshots', async () => {
    await expect(await format(email.html, { parser: 'html', printWidth: 100 })).toMatchFileSnapshot(
      `__snapshots__/${kind}.html`,
    );
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
 * The messages with nothing anyone typed: the sign-in link, and the erasure notice, which must
 * name nobody since it outlives the erasure until it is sent (src/server/mail/outbox.ts).
 */
const NAMES_NOBODY = ['dashboard.sign-in', 'privacy.erased'];

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
