import { constants, crc32, createDeflate, deflateSync } from 'node:zlib';

/** A PNG chunk with its CRC, to build files the encoders would not. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG with one IDAT chunk: `pixels` deflated, or `compressed` as given (a lie or a bomb). */
export function png(
  width: number,
  height: number,
  pixels: Uint8Array,
  compressed: Uint8Array = deflateSync(pixels),
  { depth = 8, color = 0 }: { depth?: number; color?: number } = {},
): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = depth; // bit depth
  header[9] = color; // 0: greyscale, 6: RGBA
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', compressed),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** `size` zero bytes, deflated as a stream (a bomb's payload without holding it in memory). */
export async function deflatedZeros(size: number): Promise<Uint8Array> {
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const zeros = Buffer.alloc(1024 * 1024);
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let written = 0; written < size; written += zeros.length) {
    const part = zeros.subarray(0, Math.min(zeros.length, size - written));
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}
