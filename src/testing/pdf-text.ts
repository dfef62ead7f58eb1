/**
 * The text of a PDF the site made with pdf-lib's standard fonts, line by line as a reader sees
 * it (what `pdftotext -layout` prints, without needing it installed): each page's content
 * streams inflated, every `<hex> Tj` placed by its text matrix, the pieces on one baseline
 * joined left to right with a space.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/** WinAnsi bytes above ASCII that the receipts use; the rest of Latin-1 is itself. */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const code = parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI[code] ?? String.fromCharCode(code);
  }
  return text;
}

function streamText(stream: PDFRawStream): string {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const bytes = stream.getContents();
  return Buffer.from(filter ? inflateSync(bytes) : bytes).toString('latin1');
}

function contentStreams(doc: PDFDocument, contents: PDFObject | undefined): PDFRawStream[] {
  const resolved = contents ? doc.context.lookup(contents) : undefined;
  if (resolved instanceof PDFRawStream) return [resolved];
  if (resolved instanceof PDFArray)
    return resolved.asArray().flatMap((entry) => contentStreams(doc, entry));
  return [];
}

/** Each page's lines, top to bottom. */
export async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const pieces: { x: number; y: number; text: string }[] = [];
    const ops = contentStreams(doc, page.node.get(PDFName.of('Contents')))
      .map(streamText)
      .join('\n');
    const shown = /(-?[\d.]+) (-?[\d.]+) Tm\s*<([0-9A-Fa-f]*)> Tj/g;
    for (const m of ops.matchAll(shown)) {
      pieces.push({ x: Number(m[1]), y: Number(m[2]), text: decodeHex(m[3]!) });
    }
    const lines = new Map<number, typeof pieces>();
    for (const piece of pieces) lines.set(piece.y, [...(lines.get(piece.y) ?? []), piece]);
    return [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, row]) =>
        row
          .sort((a, b) => a.x - b.x)
          .map((p) => p.text)
          .join(' '),
      );
  });
}

/** The whole text, one line per baseline. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPages(bytes)).map((lines) => lines.join('\n')).join('\n\f\n');
}
