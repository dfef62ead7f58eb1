/**
 * Netlify's local Postgres server on its own, for hosts that start none: `netlify serve` runs
 * each function in its own module scope, so without one shared database every function would
 * open a private in-memory one (and, outside a local run, the functions refuse that with a 503).
 *
 *   npx tsx scripts/local-netlify/database.ts [--port 5433] [--data-dir .netlify/serve-db | --fresh]
 *
 * Prints `DATABASE_URL=…`; the first function to connect applies netlify/database/migrations.
 * Ctrl+C stops it and flushes the folder.
 */
import path from 'node:path';
import { startDatabaseServer } from './database-server.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const port = Number(option('--port') ?? 5433);
const directory = args.includes('--fresh')
  ? undefined
  : path.resolve(option('--data-dir') ?? path.join('.netlify', 'serve-db'));

const db = await startDatabaseServer({ port, directory });
console.log(`DATABASE_URL=${db.url}`);
console.log(directory ? `kept in ${path.relative(process.cwd(), directory)}` : 'in memory');
const stop = () => {
  db.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
