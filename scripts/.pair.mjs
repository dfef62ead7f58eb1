import sharp from 'sharp';
// usage: out h name widths...
const [out, h, name, ...widths] = process.argv.slice(2);
const cols = [];
for (const w of widths) for (const label of ['before', 'after']) {
  const src = `reports/screenshots/${label}/${w}/${name}.png`;
  try {
    const m = await sharp(src).metadata();
    const hh = Math.min(+h * (w === '390' ? 1 : 1), m.height);
    const buf = await sharp(src).extract({ left: 0, top: 0, width: m.width, height: hh }).toBuffer();
    cols.push({ buf, w: m.width, h: hh });
  } catch { cols.push(null); }
}
const scale = 0.4;
let left = 0; const comps = []; let H = 0;
for (const c of cols) { if (!c) { left += 200; continue; } const r = await sharp(c.buf).resize(Math.round(c.w*scale)).toBuffer(); comps.push({ input: r, top: 0, left }); left += Math.round(c.w*scale) + 12; H = Math.max(H, Math.round(c.h*scale)); }
await sharp({ create: { width: left, height: H, channels: 3, background: '#c00' } }).composite(comps).png().toFile(out);
