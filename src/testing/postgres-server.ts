/**
 * A throwaway PostgreSQL server for the real-Postgres suite (`npm run test:pg`): Debian's
 * `postgresql` binaries (.ci/run installs them), a cluster in a temporary folder, trust
 * authentication on 127.0.0.1 and a free port, removed again by `stop()`. As root (CI), the
 * cluster runs as the `postgres` user the Debian package creates, since Postgres refuses root.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
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

/** The newest installed server's bin folder, or undefined when none is installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
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
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pg-suite-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const commandLine = (command: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
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
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    await chown(dir, uid, gid);
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
