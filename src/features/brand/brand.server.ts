// Rendered at build time from the one brand mark (public/favicon.svg), so a new logo is one file.
import sharp from 'sharp';
import brandSvg from '../../../public/favicon.svg?raw';

/** The manifest's colours: the pages' theme-color (Layout.astro) and their white background. */
const BRAND_COLOURS = { theme: '#0f1226', background: '#ffffff' } as const;

export const MANIFEST_ICON_SIZES = [192, 512] as const;

export const ICO_SIZES = [16, 32, 48] as const;

// iOS and Android mask icons themselves and fill transparent corners with black.
function fullBleedSvg(): string {
  return brandSvg.replace(/\srx="[^"]*"/, '');
}

export async function brandPng(size: number, { fullBleed = false } = {}): Promise<Buffer> {
  const svg = Buffer.from(fullBleed ? fullBleedSvg() : brandSvg);
  return sharp(svg, { density: Math.max(72, (72 * size) / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** favicon.ico: one PNG-encoded image per size (the ICO format allows PNG since Vista). */
export async function brandIco(sizes: readonly number[] = ICO_SIZES): Promise<Buffer> {
  const images = await Promise.all(sizes.map((size) => brandPng(size)));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  images.forEach((image, i) => {
    const size = sizes[i]!;
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(image.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += image.length;
    entries.push(entry);
  });
  return Buffer.concat([header, ...entries, ...images]);
}

type WebManifest = {
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: 'standalone' | 'browser';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

export function webManifest(site: { name: string; tagline: string }): WebManifest {
  return {
    name: site.name,
    short_name: site.name.split(' ')[0] ?? site.name,
    description: site.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOURS.theme,
    background_color: BRAND_COLOURS.background,
    icons: [
      ...MANIFEST_ICON_SIZES.map((size) => ({
        src: `/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any maskable',
      })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
