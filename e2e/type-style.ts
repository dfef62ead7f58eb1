/**
 * The type of a page as a reader sees it, measured in the page: the display face of its h1s,
 * each eyebrow in its token's style, headings inside their boxes and without an orphaned last
 * word. Used by e2e/look-layout.spec.ts on every route.
 */
import type { Page } from '@playwright/test';

export const DISPLAY_FACE = 'Bricolage Grotesque';

/** The font family of every h1, and whether the display face has loaded. */
export function displayFace(page: Page): Promise<{ h1Faces: string[]; loaded: boolean }> {
  return page.evaluate(async (family) => {
    await document.fonts.ready;
    return {
      h1Faces: [...document.querySelectorAll('h1')].map((el) => getComputedStyle(el).fontFamily),
      loaded: [...document.fonts].some((f) => f.family.includes(family) && f.status === 'loaded'),
    };
  }, DISPLAY_FACE);
}

/** Every visible eyebrow whose size, tracking or colour is not its token's, one line each. */
export function eyebrowsOffStyle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = (color: string) => {
      const el = document.createElement('span');
      el.style.fontSize = 'var(--eyebrow-size)';
      el.style.letterSpacing = 'var(--eyebrow-tracking)';
      el.style.color = `var(${color})`;
      document.body.append(el);
      const { fontSize, letterSpacing, color: resolved } = getComputedStyle(el);
      el.remove();
      return { fontSize, letterSpacing, color: resolved };
    };
    const light = probe('--eyebrow-color-on-light');
    const dark = probe('--eyebrow-color-on-dark');
    // The colour painted behind an element: the first ancestor with an opaque background
    // colour, or with a gradient whose last opaque stop stands for it (the dark demo banner).
    const isDark = ([r = 255, g = 255, b = 255]: number[]) =>
      0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
    const backdropIsDark = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const [r, g, b, alpha = 1] = style.backgroundColor.match(/[\d.]+/g)?.map(Number) ?? [];
        if (r !== undefined && alpha > 0.5) return isDark([r, g!, b!]);
        const stops = [...style.backgroundImage.matchAll(/rgb\((\d+), (\d+), (\d+)\)/g)];
        if (stops.length) return isDark(stops.at(-1)!.slice(1).map(Number));
      }
      return false;
    };
    return [...document.querySelectorAll('.eyebrow')]
      .filter((el) => el.getBoundingClientRect().width > 0)
      .flatMap((el) => {
        const style = getComputedStyle(el);
        const want = backdropIsDark(el) ? dark : light;
        const got = {
          fontSize: style.fontSize,
          letterSpacing: style.letterSpacing,
          color: style.color,
        };
        return JSON.stringify(got) === JSON.stringify(want)
          ? []
          : [`"${el.textContent?.trim()}": ${JSON.stringify(got)}, want ${JSON.stringify(want)}`];
      });
  });
}

/** Every visible h1–h3 that is wider than its own box or reaches out of its parent's. */
export function headingsOutOfTheirBox(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3')].flatMap((el) => {
      const box = el.getBoundingClientRect();
      // A `display: contents` parent has no box of its own: the heading lives in the next one up.
      let holder = el.parentElement;
      while (holder && getComputedStyle(holder).display === 'contents')
        holder = holder.parentElement;
      const parent = holder?.getBoundingClientRect();
      // Hidden for screen readers only, by `.sr-only` or a clip of its own (the cookie banner's
      // title on a phone, shown 2 s after load): it has no box a visitor sees.
      const clipped = getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)';
      if (box.width === 0 || !parent || el.closest('.sr-only') || clipped) return [];
      const overflows =
        el.scrollWidth > el.clientWidth + 1 ||
        box.left < parent.left - 1 ||
        box.right > parent.right + 1;
      return overflows
        ? [`${el.tagName} "${el.textContent?.trim().slice(0, 50)}" ${Math.round(box.width)} px`]
        : [];
    }),
  );
}

/** Every visible h1–h3 of the main content that ends on one orphaned word. */
export function orphanedHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /**
     * The last line holds one word that could have shared a line with the word before
     * it (a word too long for that is a forced break, not an orphan).
     */
    const lastWordAlone = (heading: Element) => {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const words: Range[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          words.push(range);
        }
      }
      // Three words on two lines leave one word alone on some line whatever the wrap.
      if (words.length < 4) return false;
      const [before, last] = words.slice(-2).map((w) => w.getBoundingClientRect());
      if (last!.top <= before!.bottom - 1) return false;
      const style = getComputedStyle(heading);
      const width =
        heading.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const space = parseFloat(style.fontSize) * 0.3;
      return before!.width + space + last!.width <= width;
    };
    return [...document.querySelectorAll('main :is(h1, h2, h3)')]
      .filter((h) => (h as HTMLElement).offsetParent !== null && lastWordAlone(h))
      .map((h) => (h.textContent ?? '').trim().replace(/\s+/g, ' '));
  });
}
