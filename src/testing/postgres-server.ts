/**
 * A throwaway PostgreSQL server for the real-Postgres suite (`npm run test:pg`): Debian's
 * `postgresql` binaries (.ci/run installs them), a cluster in a temporary folder, trust
 * authentication on 127.0.0.1 and a free port, removed again by `stop()`. As root (CI), the
 * cluster runs as the `postgres` user the Debian package creates, since Postgres refuses root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export type PostgresServer = { url: string; port: number; stop: () => Promise<void> };

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
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
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
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: async () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
