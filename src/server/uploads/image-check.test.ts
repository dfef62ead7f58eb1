import sharp, { type Sharp } from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { TINY_PNG } from '../../testing/images.ts';
import { deflatedZeros, png, PNG_SIGNATURE } from '../../testing/png-files.ts';
import { inspectImage, MAX_DECODED_BYTES, MAX_IMAGE_SIDE } from './image-check.ts';

// Counts the inflate streams image-check opens: a bomb refused by its header opens none.
const inflates = vi.hoisted(() => ({ opened: 0 }));
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>();
  return {
    ...zlib,
    createInflate: (...args: Parameters<typeof zlib.createInflate>) => {
      inflates.opened++;
      return zlib.createInflate(...args);
    },
  };
});

const canvas = (width = 40, height = 30) =>
  sharp({
    create: { width, height, channels: 4, background: { r: 200, g: 80, b: 20, alpha: 0.5 } },
  });
const bytes = async (image: Sharp) => new Uint8Array(await image.toBuffer());

describe('inspectImage', () => {
  it('accepts real PNG, JPEG and WebP files, with their size', async () => {
    expect(await inspectImage(TINY_PNG)).toEqual({ type: 'image/png', width: 1, height: 1 });
    expect(await inspectImage(await bytes(canvas().png()))).toEqual({
      type: 'image/png',
      width: 40,
      height: 30,
    });
    expect(await inspectImage(await bytes(canvas().png({ progressive: true })))).toMatchObject({
      type: 'image/png',
      width: 40,
    });
    expect(await inspectImage(await bytes(canvas().png({ palette: true })))).toMatchObject({
      type: 'image/png',
    });
    expect(await inspectImage(await bytes(canvas().jpeg()))).toEqual({
      type: 'image/jpeg',
      width: 40,
      height: 30,
    });
    expect(await inspectImage(await bytes(canvas().jpeg({ progressive: true })))).toMatchObject({
      type: 'image/jpeg',
      height: 30,
    });
    for (const options of [{}, { lossless: true }, { alphaQuality: 50 }]) {
      expect(await inspectImage(await bytes(canvas(41, 31).webp(options)))).toEqual({
        type: 'image/webp',
        width: 41,
        height: 31,
      });
    }
  });

  it('refuses files that only start like an image', async () => {
    expect(await inspectImage(PNG_SIGNATURE)).toBeNull();
    expect(await inspectImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeNull();
    const riff = new TextEncoder().encode('RIFF\u0004\u0000\u0000\u0000WEBPVP8 ');
    expect(await inspectImage(riff)).toBeNull();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await inspectImage(svg)).toBeNull();
    expect(await inspectImage(new Uint8Array())).toBeNull();
  });

  it('refuses truncated and altered images', async () => {
    for (const image of [canvas().png(), canvas().jpeg(), canvas().webp()]) {
      const real = await bytes(image);
      expect(await inspectImage(real)).not.toBeNull();
      expect(await inspectImage(real.subarray(0, real.length - 10))).toBeNull();
      const appended = new Uint8Array([...real, ...new TextEncoder().encode('<?php ?>')]);
      expect(await inspectImage(appended)).toBeNull();
    }
    const flipped = await bytes(canvas().png());
    flipped[40] = flipped[40]! ^ 0xff; // inside a chunk: its CRC no longer matches
    expect(await inspectImage(flipped)).toBeNull();
  });

  it('decodes the PNG pixel data: rows the header promises, each with a valid filter', async () => {
    const rows = (filter: number) => new Uint8Array([filter, 1, 2, filter, 3, 4]);
    expect(await inspectImage(png(2, 2, rows(0)))).toEqual({
      type: 'image/png',
      width: 2,
      height: 2,
    });
    expect(await inspectImage(png(2, 2, rows(9)))).toBeNull(); // no such filter
    expect(await inspectImage(png(2, 3, rows(0)))).toBeNull(); // a row short
    expect(await inspectImage(png(2, 2, new Uint8Array(100)))).toBeNull(); // too much data
  });

  it(`refuses canvases larger than ${MAX_IMAGE_SIDE} px (decompression bombs)`, async () => {
    expect(
      await inspectImage(png(MAX_IMAGE_SIDE + 1, 1, new Uint8Array(MAX_IMAGE_SIDE + 2))),
    ).toBeNull();
  });

  it('refuses the 510 KiB PNG that inflates to 512 MiB by its header, without inflating it', async () => {
    // 8192 x 8192 RGBA at 16 bits: rows of 1 + 65,536 bytes, 512 MiB of zeros that deflate to
    // about 510 KiB. A valid image (filter 0, black), which was accepted after 2.8 s of work.
    const side = 8192;
    const zeros = await deflatedZeros(side * (1 + side * 8));
    expect(zeros.length).toBeLessThan(600 * 1024);
    const bomb = png(side, side, new Uint8Array(0), zeros, { depth: 16, color: 6 });
    const opened = inflates.opened;
    expect(await inspectImage(bomb)).toBeNull();
    // At the largest side allowed, the decoded-byte budget refuses it: 4096 x 4096 would take
    // 64 MiB in a browser.
    const square = png(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, new Uint8Array(0), zeros);
    expect(await inspectImage(square)).toBeNull();
    expect(inflates.opened).toBe(opened);
  });

  it('stops inflating at the size the header promised (a bomb behind an honest-looking header)', async () => {
    // 2048 x 2048 greyscale promises 4 MiB of rows; the data inflates to 64 MiB.
    const side = 2048;
    expect(side * side * 4).toBeLessThanOrEqual(MAX_DECODED_BYTES);
    const lying = png(side, side, new Uint8Array(0), await deflatedZeros(64 * 1024 * 1024));
    const opened = inflates.opened;
    expect(await inspectImage(lying)).toBeNull();
    expect(inflates.opened).toBe(opened + 1);
    // The same header with the right amount of data is an image.
    const honest = png(side, side, new Uint8Array(side * (side + 1)));
    expect(await inspectImage(honest)).toEqual({ type: 'image/png', width: side, height: side });
  });
});

/** `size` zero bytes, deflated as a stream (never `size` bytes in memory at once). */
