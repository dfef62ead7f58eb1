import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandIco, brandPng, ICO_SIZES, webManifest } from './brand.server';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The RGBA value of the pixel at (x, y). */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + info.channels)];
}

describe('brand icons rendered from public/favicon.svg', () => {
  it('renders the 180 px Apple touch icon full bleed: opaque corners iOS can mask', async () => {
    const png = await brandPng(180, { fullBleed: true });
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(await sharp(png).metadata()).toMatchObject({ width: 180, height: 180, format: 'png' });
    expect((await pixel(png, 0, 0))[3]).toBe(255);
    // The rounded favicon keeps transparent corners.
    expect((await pixel(await brandPng(180), 0, 0))[3]).toBe(0);
    // The white letter is drawn in the middle.
    expect((await pixel(png, 90, 90)).slice(0, 3)).toEqual([255, 255, 255]);
  });

  it('packs 16, 32 and 48 px PNGs into a valid favicon.ico', async () => {
    const ico = await brandIco();
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1);
    expect(ico.readUInt16LE(4)).toBe(ICO_SIZES.length);
    for (const [i, size] of ICO_SIZES.entries()) {
      const entry = 6 + 16 * i;
      expect(ico.readUInt8(entry)).toBe(size);
      expect(ico.readUInt8(entry + 1)).toBe(size);
      const length = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      const image = ico.subarray(offset, offset + length);
      expect(image.subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(await sharp(image).metadata()).toMatchObject({ width: size, height: size });
    }
  });

  it('describes the site in the web manifest with its colours and icons', () => {
    const manifest = webManifest({ name: 'NovaReach Digital', tagline: 'Websites and AI' });
    expect(manifest).toMatchObject({
      name: 'NovaReach Digital',
      short_name: 'NovaReach',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0f1226',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', 'any']);
  });
});
