// Magic bytes alone let any payload through behind eight right bytes: this reads each format's
// structure completely. Sizes are capped by the header before any inflating (decompression bombs).
import { crc32, createInflate } from 'node:zlib';

type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';
type ImageInfo = { type: ImageType; width: number; height: number };

export const MAX_IMAGE_SIDE = 4096;
export const MAX_DECODED_BYTES = 32 * 1024 * 1024;
const decodedFits = (width: number, height: number) => width * height * 4 <= MAX_DECODED_BYTES;

const u16be = (b: Uint8Array, o: number) => (b[o]! << 8) | b[o + 1]!;
const u32be = (b: Uint8Array, o: number) =>
  ((b[o]! << 24) >>> 0) + (b[o + 1]! << 16) + (b[o + 2]! << 8) + b[o + 3]!;
const u16le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u24le = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16);
const u32le = (b: Uint8Array, o: number) => u24le(b, o) + b[o + 3]! * 0x1000000;
const ascii = (b: Uint8Array, o: number, n: number) => String.fromCharCode(...b.subarray(o, o + n));
const sideOk = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_IMAGE_SIDE;

export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo | null> {
  let info: ImageInfo | null = null;
  try {
    if (bytes.length >= 8 && u32be(bytes, 0) === 0x89504e47 && u32be(bytes, 4) === 0x0d0a1a0a)
      info = await inspectPng(bytes);
    else if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
      info = inspectJpeg(bytes);
    else if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
      info = inspectWebp(bytes);
  } catch {
    // A read past the end or a failed inflate: not an image.
  }
  return info && decodedFits(info.width, info.height) ? info : null;
}

const PNG_COLOR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

async function inspectPng(b: Uint8Array): Promise<ImageInfo | null> {
  let offset = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number };
  header = { width: 0, height: 0, depth: 0, color: 0, interlace: 0 };
  const idat: Uint8Array[] = [];
  let first = true;
  let palette = false;
  for (;;) {
    if (offset + 12 > b.length) return null;
    const length = u32be(b, offset);
    const type = ascii(b, offset + 4, 4);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > b.length) return null;
    const data = b.subarray(offset + 8, offset + 8 + length);
    if (crc32(b.subarray(offset + 4, offset + 8 + length)) !== u32be(b, offset + 8 + length))
      return null;
    if (first !== (type === 'IHDR')) return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      header = {
        width: u32be(data, 0),
        height: u32be(data, 4),
        depth: data[8]!,
        color: data[9]!,
        interlace: data[12]!,
      };
      const color = PNG_COLOR[header.color];
      if (!color?.depths.includes(header.depth) || data[10] !== 0 || data[11] !== 0) return null;
      if (header.interlace > 1 || !sideOk(header.width) || !sideOk(header.height)) return null;
      if (!decodedFits(header.width, header.height)) return null;
    } else if (type === 'PLTE') {
      palette = true;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      if (length !== 0 || end !== b.length) return null;
      break;
    }
    first = false;
    offset = end;
  }
  if (!idat.length || (header.color === 3 && !palette)) return null;

  const bitsPerPixel = PNG_COLOR[header.color]!.channels * header.depth;
  const passes =
    header.interlace === 1
      ? ADAM7.map(([x0, y0, dx, dy]) => ({
          width: Math.ceil(Math.max(0, header.width - x0) / dx),
          height: Math.ceil(Math.max(0, header.height - y0) / dy),
        }))
      : [{ width: header.width, height: header.height }];
  const rows: number[] = [];
  for (const pass of passes) {
    if (!pass.width || !pass.height) continue;
    const rowBytes = 1 + Math.ceil((pass.width * bitsPerPixel) / 8);
    for (let y = 0; y < pass.height; y++) rows.push(rowBytes);
  }
  const holds = await pixelRowsHold(Buffer.concat(idat), rows);
  return holds ? { type: 'image/png', width: header.width, height: header.height } : null;
}

// Stops at the first byte past the promised size, so a bomb costs at most that size of inflating.
async function pixelRowsHold(compressed: Buffer, rows: number[]): Promise<boolean> {
  const expected = rows.reduce((sum, n) => sum + n, 0);
  if (expected > MAX_DECODED_BYTES) return false;
  const inflate = createInflate();
  inflate.end(compressed);
  let seen = 0;
  let row = 0;
  let rowStart = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      if (seen + chunk.length > expected) return false;
      for (; row < rows.length && rowStart < seen + chunk.length; row++) {
        if (chunk[rowStart - seen]! > 4) return false;
        rowStart += rows[row]!;
      }
      seen += chunk.length;
    }
  } finally {
    inflate.destroy();
  }
  return seen === expected;
}

const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function inspectJpeg(b: Uint8Array): ImageInfo | null {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  while (offset < b.length) {
    if (b[offset] !== 0xff) return null;
    let marker = b[offset + 1]!;
    while (marker === 0xff) {
      offset += 1;
      marker = b[offset + 1]!;
    }
    if (marker === 0xd9) {
      // End of image: only after a frame and a scan, and at the end (padding of zeros allowed).
      if (!size || !scans) return null;
      if (b.subarray(offset + 2).some((x) => x !== 0)) return null;
      return { type: 'image/jpeg', ...size };
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) return null;
    const length = u16be(b, offset + 2);
    if (length < 2 || offset + 2 + length > b.length) return null;
    if (SOF.has(marker)) {
      if (size || length < 8) return null;
      const height = u16be(b, offset + 5);
      const width = u16be(b, offset + 7);
      const components = b[offset + 9]!;
      if (!sideOk(width) || !sideOk(height) || components < 1 || components > 4) return null;
      if (length !== 8 + 3 * components) return null;
      size = { width, height };
    }
    offset += 2 + length;
    if (marker === 0xda) {
      if (!size) return null;
      scans += 1;
      while (offset < b.length - 1) {
        if (b[offset] === 0xff) {
          const next = b[offset + 1]!;
          if (next !== 0 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        }
        offset += 1;
      }
      if (offset >= b.length - 1) return null;
    }
  }
  return null;
}

function inspectWebp(b: Uint8Array): ImageInfo | null {
  const riffSize = u32le(b, 4);
  // The RIFF size counts everything after its own field; chunks are padded to even sizes.
  if (riffSize + 8 !== b.length || riffSize < 4 + 8) return null;
  let offset = 12;
  let info: ImageInfo | null = null;
  let first = true;
  while (offset < b.length) {
    if (offset + 8 > b.length) return null;
    const type = ascii(b, offset, 4);
    const length = u32le(b, offset + 4);
    const data = offset + 8;
    const end = data + length + (length & 1);
    if (end > b.length) return null;
    if (first) {
      info = webpHeader(type, b.subarray(data, data + length));
      if (!info) return null;
    }
    first = false;
    offset = end;
  }
  return info;
}

function webpHeader(type: string, d: Uint8Array): ImageInfo | null {
  let width = 0;
  let height = 0;
  if (type === 'VP8 ') {
    // Frame tag (3 bytes, key frame bit 0 clear), start code, 14-bit sizes with 2 scale bits.
    if (d.length < 10 || (d[0]! & 1) !== 0) return null;
    if (d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) return null;
    width = u16le(d, 6) & 0x3fff;
    height = u16le(d, 8) & 0x3fff;
  } else if (type === 'VP8L') {
    // Signature, then 14 bits of width - 1 and 14 bits of height - 1, then a 3-bit version 0.
    if (d.length < 5 || d[0] !== 0x2f) return null;
    const bits = u32le(d, 1);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
    if (bits >>> 29 !== 0) return null;
  } else if (type === 'VP8X') {
    if (d.length < 10) return null;
    width = u24le(d, 4) + 1;
    height = u24le(d, 7) + 1;
  } else {
    return null;
  }
  return sideOk(width) && sideOk(height) ? { type: 'image/webp', width, height } : null;
}
