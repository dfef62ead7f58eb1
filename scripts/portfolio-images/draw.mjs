export const W = 1600;
export const H = 1000;
export const FONT = "'DejaVu Sans', Arial, sans-serif";

export const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function text(
  x,
  y,
  content,
  { size = 24, weight = 400, fill = '#111', anchor = 'start', spacing = 0 } = {},
) {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}" letter-spacing="${spacing}">${esc(content)}</text>`;
}

export function pill(x, y, w, h, fill, label, fg = '#fff', size = 22) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}"/>${text(x + w / 2, y + h / 2 + size * 0.36, label, { size, weight: 700, fill: fg, anchor: 'middle' })}`;
}

export function lines(x, y, widths, fill, gap = 22, h = 10) {
  return widths
    .map(
      (w, i) =>
        `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${h}" rx="${h / 2}" fill="${fill}"/>`,
    )
    .join('');
}

export function chrome(domain, bar = '#e9ebf2', body = '#fff') {
  return `
  <rect width="${W}" height="${H}" fill="${body}"/>
  <rect width="${W}" height="64" fill="${bar}"/>
  <circle cx="36" cy="32" r="9" fill="#ff5f57"/><circle cx="64" cy="32" r="9" fill="#febc2e"/><circle cx="92" cy="32" r="9" fill="#28c840"/>
  <rect x="420" y="14" width="760" height="36" rx="18" fill="#fff" stroke="#d3d6e2"/>
  <path d="M446 27h10v12h-10z M448 27v-4a3 3 0 0 1 6 0v4" fill="none" stroke="#6b7280" stroke-width="2"/>
  ${text(470, 39, domain, { size: 18, fill: '#4a5370' })}`;
}

export function nav({ brand, items, color, ink, cta, ctaFg = '#fff', logo }) {
  // DejaVu Sans at 20 px averages about 12 px per character.
  let x = 760;
  const links = items
    .map((label) => {
      const link = text(x, 130, label, { size: 20, fill: ink, weight: 500 });
      x += label.length * 12 + 56;
      return link;
    })
    .join('');
  return `${logo}${text(150, 134, brand, { size: 30, weight: 800, fill: ink })}${links}${pill(1330, 100, 210, 50, color, cta, ctaFg, 19)}`;
}

/** The whole canvas in one colour, with the blur the phones' shadows use. */
export function backdrop(fill) {
  return `<defs><filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="22"/></filter></defs><rect width="${W}" height="${H}" fill="${fill}"/>`;
}

/** A phone at (x, y): its screen is 375 × 780 units, drawn by `screen` and clipped to the glass. */
export function phone(x, y, id, screen, { frame = '#15171d', bg = '#fff', ink = '#111' } = {}) {
  const w = 375;
  const h = 780;
  const b = 14;
  return `<g transform="translate(${x} ${y})">
  <rect x="${-b + 10}" y="${-b + 34}" width="${w + 2 * b - 20}" height="${h + 2 * b - 30}" rx="56" fill="#000" opacity="0.28" filter="url(#soft)"/>
  <rect x="${-b}" y="${-b}" width="${w + 2 * b}" height="${h + 2 * b}" rx="58" fill="${frame}"/>
  <clipPath id="${id}"><rect width="${w}" height="${h}" rx="46"/></clipPath>
  <g clip-path="url(#${id})"><rect width="${w}" height="${h}" fill="${bg}"/>${screen}
  ${text(34, 40, '9:41', { size: 16, weight: 700, fill: ink })}
  <rect x="318" y="28" width="26" height="13" rx="4" fill="none" stroke="${ink}" stroke-width="1.6"/><rect x="321" y="31" width="18" height="7" rx="2" fill="${ink}"/></g>
  <rect x="${w / 2 - 56}" y="12" width="112" height="32" rx="16" fill="${frame}"/>
  </g>`;
}

export function panel(x, y, w, h, { fill = '#fff', stroke = 'none', rx = 18 } = {}) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`;
}

/** A chat bubble of pre-broken lines inside a phone; `right` puts it on the sender's side. */
export function bubble(y, lineTexts, { fill, fg, right = false, size = 16 }) {
  const longest = Math.max(...lineTexts.map((l) => l.length));
  const w = Math.min(300, longest * size * 0.58 + 32);
  const h = lineTexts.length * (size + 7) + 22;
  const x = right ? 355 - w : 20;
  const body = lineTexts
    .map((l, i) => text(x + 16, y + 28 + i * (size + 7), l, { size, fill: fg }))
    .join('');
  return {
    svg: `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${fill}"/>${body}`,
    bottom: y + h,
  };
}

/** A conversation: each message `[side, lines]`, stacked from `y` with a gap. */
export function thread(y, messages, them, me) {
  let svg = '';
  for (const [side, lineTexts] of messages) {
    const b = bubble(y, lineTexts, side === 'me' ? { ...me, right: true } : them);
    svg += b.svg;
    y = b.bottom + 14;
  }
  return svg;
}
