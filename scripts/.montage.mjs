import sharp from 'sharp';
const [out, ...srcs] = process.argv.slice(2);
const imgs = await Promise.all(srcs.map(async (s) => ({ s, m: await sharp(s).metadata() })));
const scale = 0.5;
const W = Math.max(...imgs.map((i) => i.m.width)) * scale;
let top = 0; const comps = [];
for (const i of imgs) { const buf = await sharp(i.s).resize(Math.round(i.m.width*scale)).toBuffer(); comps.push({ input: buf, top, left: 0 }); top += Math.round(i.m.height*scale) + 10; }
await sharp({ create: { width: Math.round(W), height: top, channels: 3, background: '#888' } }).composite(comps).png().toFile(out);
