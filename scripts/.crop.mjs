import sharp from 'sharp';
const [src, out, h] = process.argv.slice(2);
const m = await sharp(src).metadata();
await sharp(src).extract({ left: 0, top: 0, width: m.width, height: Math.min(+h, m.height) }).toFile(out);
console.log(m.width, m.height);
