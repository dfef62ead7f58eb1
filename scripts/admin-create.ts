/**
 * `npm run admin:create` — creates an admin user for /admin, or resets the password of an
 * existing one (which also signs that user out everywhere). There are no default credentials:
 * this command is the only way an admin account comes to exist.
 *
 *   npm run admin:create                                    # asks for username and password
 *   npm run admin:create -- --username alice                # asks for the password only
 *   printf '%s\n' "$PASS" | npm run admin:create -- --username alice --password-stdin
 *   npm run admin:create -- --username alice --password '…' # visible in shell history; avoid
 *
 * Which database it writes to, in this order:
 *   1. NETLIFY_DB_URL or DATABASE_URL, when set (production, CI, any Postgres);
 *   2. the database of the running `npm run dev` server (its emulated Postgres URL is in
 *      .netlify/state.json under `dbConnectionString`), so the account works on that server;
 *   3. otherwise it stops and says how to provide one — it never writes to a throwaway database.
 */
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { databaseTarget, databaseUrl, openDatabase } from '../src/server/db/client.ts';
import { passwordProblem } from '../src/server/auth/password.ts';
import { createOrResetUser } from '../src/server/auth/accounts.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';

// A local command: DATABASE_URL and friends may come from .env.
loadLocalEnv();
import { usernameProblem } from '../src/server/auth/users.ts';

class UsageError extends Error {}

/** The running dev server's emulated database, if there is one and it answers. */
async function devServerDatabase(root = process.cwd()): Promise<string | undefined> {
  let url: string | undefined;
  try {
    const state = JSON.parse(await readFile(path.join(root, '.netlify', 'state.json'), 'utf8'));
    url = typeof state.dbConnectionString === 'string' ? state.dbConnectionString : undefined;
  } catch {
    return undefined;
  }
  if (!url) return undefined;
  const { hostname, port } = new URL(url);
  const reachable = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname || 'localhost', port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
  if (!reachable) {
    throw new UsageError(
      `The dev server's database (${url}, from .netlify/state.json) is not answering.\n` +
        'Start the site with `npm run dev` and run this command again, or set DATABASE_URL.',
    );
  }
  return url;
}

async function chooseDatabase(env = process.env): Promise<{ url: string; source: string }> {
  const configured = databaseUrl(env);
  if (configured)
    return { url: configured, source: env.NETLIFY_DB_URL ? 'NETLIFY_DB_URL' : 'DATABASE_URL' };
  const dev = await devServerDatabase();
  if (dev) return { url: dev, source: 'the running dev server (.netlify/state.json)' };
  throw new UsageError(
    'No database to write to.\n' +
      'Set DATABASE_URL (or NETLIFY_DB_URL) to your Postgres URL, or start `npm run dev` first so the\n' +
      "account is created in the dev server's database.",
  );
}

/** Lines from stdin when it is not a terminal (piped input). */
function pipedLines(): () => Promise<string> {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let closed = false;
  rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : queue.push(line)));
  rl.on('close', () => {
    closed = true;
    while (waiting.length) waiting.shift()!('');
  });
  return () =>
    new Promise((resolve) => {
      if (queue.length) resolve(queue.shift()!);
      else if (closed) resolve('');
      else waiting.push(resolve);
    });
}

function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  return new Promise((resolve) => rl.question(question, (answer) => (rl.close(), resolve(answer))));
}

/** Reads a line from the terminal without echoing it. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done();
        if (ch === '\u0003') return done(new UsageError('Cancelled.'));
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readCredentials(argv: string[]): Promise<{ username: string; password: string }> {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string', short: 'u' },
      password: { type: 'string', short: 'p' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'Usage: npm run admin:create -- [--username NAME] [--password PASS | --password-stdin]\n' +
        'Creates the admin user, or resets the password of an existing one.',
    );
    process.exit(0);
  }
  const interactive = Boolean(process.stdin.isTTY) && !values['password-stdin'];
  // Only listen to piped stdin when something must be read from it: an open reader would
  // keep the process alive after the work is done.
  const needsInput = !values.username || !values.password;
  const nextLine = interactive || !needsInput ? undefined : pipedLines();

  let username = values.username ?? '';
  if (!username) username = nextLine ? await nextLine() : await ask('Admin username: ');
  const badName = usernameProblem(username);
  if (badName) throw new UsageError(badName);

  let password = values.password ?? '';
  if (!password) {
    if (nextLine) {
      password = await nextLine();
    } else {
      password = await askHidden('Password (at least 12 characters): ');
      const again = await askHidden('Repeat the password: ');
      if (again !== password) throw new UsageError('The passwords do not match.');
    }
  }
  const badPassword = passwordProblem(password);
  if (badPassword) throw new UsageError(badPassword);
  return { username, password };
}

async function main() {
  const { username, password } = await readCredentials(process.argv.slice(2));
  const { url, source } = await chooseDatabase();
  // A hosted Netlify Database is only checked (the platform migrates it); a database of your
  // own gets any pending migration first, like the dev server does.
  const hosted = source === 'NETLIFY_DB_URL' && databaseTarget().kind === 'netlify';
  const handle = await openDatabase(hosted ? { kind: 'netlify' } : { kind: 'postgres', url });
  try {
    const user = await createOrResetUser(handle.db, username, password);
    console.log(
      user.created
        ? `Created admin user "${user.username}" in ${source}. Sign in at /admin.`
        : `Reset the password of admin user "${user.username}" in ${source}; its sessions were signed out.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    (error instanceof Error && error.name === 'TypeError' && 'code' in error)
  ) {
    console.error(`admin:create: ${error.message}`);
  } else {
    console.error('admin:create failed:', error);
  }
  process.exitCode = 1;
});
