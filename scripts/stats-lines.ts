// A comment line holds only a comment (`//`, a block comment, an HTML comment in .astro); a line of
// code with a trailing comment counts as code. `-- --json`, `-- --top 10` change the output.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CODE = /\.(ts|tsx|mts|mjs|js|astro)$/;
const GENERATED = [/^netlify\/database\/migrations\//, /\.d\.ts$/, /^src\/testing\/.*\.json$/];
const TEST = /(\.test\.(ts|tsx|mts|mjs)$|^e2e\/|^src\/testing\/)/;

export type Count = { files: number; lines: number; blank: number; comments: number };
export type Kind = 'source' | 'tests';

export function kindOf(file: string): Kind | null {
  if (!CODE.test(file) || GENERATED.some((re) => re.test(file))) return null;
  return TEST.test(file) ? 'tests' : 'source';
}

/** Blank and comment-only lines of one file's text (strings are not parsed: an estimate). */
export function countLines(text: string): Omit<Count, 'files'> {
  const count = { lines: 0, blank: 0, comments: 0 };
  let inBlock: '*/' | '-->' | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    count.lines++;
    if (inBlock) {
      count.comments++;
      if (line.includes(inBlock)) {
        const rest = line.slice(line.indexOf(inBlock) + inBlock.length).trim();
        inBlock = null;
        if (rest) count.comments--;
      }
      continue;
    }
    if (!line) count.blank++;
    else if (line.startsWith('//') || line.startsWith('{/*')) count.comments++;
    else if (line.startsWith('/*') || line.startsWith('<!--')) {
      const end = line.startsWith('/*') ? '*/' : '-->';
      count.comments++;
      if (!line.slice(2).includes(end)) inBlock = end;
    }
  }
  return count;
}

function main(): void {
  const args = process.argv.slice(2);
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const totals: Record<Kind, Count> = {
    source: { files: 0, lines: 0, blank: 0, comments: 0 },
    tests: { files: 0, lines: 0, blank: 0, comments: 0 },
  };
  const perFile: { file: string; comments: number }[] = [];
  for (const file of files) {
    const kind = kindOf(file);
    if (!kind) continue;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const c = countLines(text);
    const t = totals[kind];
    t.files++;
    t.lines += c.lines;
    t.blank += c.blank;
    t.comments += c.comments;
    if (kind === 'source') perFile.push({ file, comments: c.comments });
  }
  if (args.includes('--json')) {
    console.log(JSON.stringify(totals, null, 2));
    return;
  }
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(d, 1)).toFixed(1)} %`;
  console.log('kind      files   lines    code  comments  comments/non-blank');
  for (const kind of ['source', 'tests'] as const) {
    const t = totals[kind];
    const nonBlank = t.lines - t.blank;
    console.log(
      `${kind.padEnd(8)} ${String(t.files).padStart(6)} ${String(t.lines).padStart(7)} ` +
        `${String(nonBlank - t.comments).padStart(7)} ${String(t.comments).padStart(9)}  ` +
        pct(t.comments, nonBlank),
    );
  }
  const top = Number(args[args.indexOf('--top') + 1]);
  if (args.includes('--top') && top > 0) {
    perFile.sort((a, b) => b.comments - a.comments);
    for (const { file, comments } of perFile.slice(0, top)) console.log(`${comments}\t${file}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
