// Drawn from SVG so every portfolio image is local, licence-free and reproducible.
// Run with: node scripts/make-portfolio-images.mjs [client ...]
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { H, W } from './portfolio-images/draw.mjs';
import { homePages } from './portfolio-images/home-pages.mjs';
import { phoneScreens } from './portfolio-images/phone-screens.mjs';
import { secondPages } from './portfolio-images/second-pages.mjs';

const OUT = new URL('../src/assets/portfolio/', import.meta.url);
const only = process.argv.slice(2);

await mkdir(OUT, { recursive: true });
for (const screen of [...homePages, ...phoneScreens, ...secondPages]) {
  if (only.length && !only.some((name) => screen.file.startsWith(`${name}/`))) continue;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${screen.render()}</svg>`;
  const file = new URL(screen.file, OUT);
  await mkdir(new URL('.', file), { recursive: true });
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(file.pathname);
  console.log('wrote', file.pathname);
}
