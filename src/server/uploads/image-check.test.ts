import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../testing/images.ts';
import { inspectImage, MAX_IMAGE_SIDE } from './image-check.ts';

const canvas = (width = 40, height = 30) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 0.5 } },
  });
const bytes = async (image: Sharp) => new Uint8Array(await image.toBuffer());

/** A PNG chunk with its CRC, to build files the encoders would not. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
const SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function png(width: number, height: number, pixels: Uint8Array): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', new Uint8Array()),
  ]);
}

describe('inspectImage', () => {
  it('accepts real PNG, JPEG and WebP files, with their size', async () => {
    expect(inspectImage(TINY_PNG)).toEqual({ type: 'image/png', width: 1, height: 1 });
    expect(inspectImage(await bytes(canvas().png()))).toEqual({
      type: 'image/png',
      width: 40,
      height: 30,
    });
    expect(inspectImage(await bytes(canvas().png({ progressive: true })))).toMatchObject({
      type: 'image/png',
      width: 40,
    });
    expect(inspectImage(await bytes(canvas().png({ palette: true })))).toMatchObject({
      type: 'image/png',
    });
    expect(inspectImage(await bytes(canvas().jpeg()))).toEqual({
      type: 'image/jpeg',
      width: 40,
      height: 30,
    });
    expect(inspectImage(await bytes(canvas().jpeg({ progressive: true })))).toMatchObject({
      type: 'image/jpeg',
      height: 30,
    });
    for (const options of [{}, { lossless: true }, { alphaQuality: 50 }]) {
      expect(inspectImage(await bytes(canvas(41, 31).webp(options)))).toEqual({
        type: 'image/webp',
        width: 41,
        height: 31,
      });
    }
  });

  it('refuses files that only start like an image', () => {
    expect(inspectImage(SIGNATURE)).toBeNull();
    expect(inspectImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeNull();
    const riff = new TextEncoder().encode('RIFF\u0004\u0000\u0000\u0000WEBPVP8 ');
    expect(inspectImage(riff)).toBeNull();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(inspectImage(svg)).toBeNull();
    expect(inspectImage(new Uint8Array())).toBeNull();
  });

  it('refuses truncated and altered images', async () => {
    for (const image of [canvas().png(), canvas().jpeg(), canvas().webp()]) {
      const real = await bytes(image);
      expect(inspectImage(real)).not.toBeNull();
      expect(inspectImage(real.subarray(0, real.length - 10))).toBeNull();
      const appended = new Uint8Array([...real, ...new TextEncoder().encode('<?php ?>')]);
      expect(inspectImage(appended)).toBeNull();
    }
    const flipped = await bytes(canvas().png());
    flipped[40] = flipped[40]! ^ 0xff; // inside a chunk: its CRC no longer matches
    expect(inspectImage(flipped)).toBeNull();
  });

  it('decodes the PNG pixel data: rows the header promises, each with a valid filter', () => {
    const rows = (filter: number) => new Uint8Array([filter, 1, 2, filter, 3, 4]);
    expect(inspectImage(png(2, 2, rows(0)))).toEqual({ type: 'image/png', width: 2, height: 2 });
    expect(inspectImage(png(2, 2, rows(9)))).toBeNull(); // no such filter
    expect(inspectImage(png(2, 3, rows(0)))).toBeNull(); // a row short
    expect(inspectImage(png(2, 2, new Uint8Array(100)))).toBeNull(); // too much data
  });

  it(`refuses canvases larger than ${MAX_IMAGE_SIDE} px (decompression bombs)`, () => {
    expect(inspectImage(png(MAX_IMAGE_SIDE + 1, 1, new Uint8Array(MAX_IMAGE_SIDE + 2)))).toBeNull();
  });
});
