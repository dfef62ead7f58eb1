// No default credentials: this command is the only way an admin account comes to exist. A factor
// reset also replaces the password and ends every session, so whoever knew the old password
// cannot enrol the next factor before the owner.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openChosenDatabase, UsageError } from './lib/database-choice.ts';
import { resetAdminFactors } from '../src/server/auth/factor-steps.ts';
import { passwordProblem } from '../src/server/auth/password.ts';
import { AccountProblem, createOrResetUser } from '../src/server/auth/accounts.ts';
import { loadLocalEnv } from '../src/server/local-env.ts';

loadLocalEnv();
import { usernameProblem } from '../src/server/auth/users.ts';

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

type Command = { kind: 'password' | 'reset-factors'; username: string; password: string };

async function readCommand(argv: string[]): Promise<Command> {
  const { values } = parseArgs({
    args: argv,
    options: {
      username: { type: 'string', short: 'u' },
      password: { type: 'string', short: 'p' },
      'password-stdin': { type: 'boolean' },
      'reset-factors': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(
      'Usage: npm run admin:create -- [--username NAME] [--password PASS | --password-stdin]\n' +
        '       npm run admin:reset-factor -- --username NAME [--password PASS | --password-stdin]\n' +
        'Creates the admin user, or resets the password of an existing one; --reset-factors\n' +
        'removes its second factors and recovery codes and sets a new password (it enrols a new\n' +
        'factor at its next sign-in).',
    );
    process.exit(0);
  }
  const kind = values['reset-factors'] ? 'reset-factors' : 'password';
  if (kind === 'reset-factors' && !values.username)
    throw new UsageError('--reset-factors needs --username.');
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
      const which = kind === 'reset-factors' ? 'New password' : 'Password';
      password = await askHidden(`${which} (at least 12 characters): `);
      const again = await askHidden('Repeat the password: ');
      if (again !== password) throw new UsageError('The passwords do not match.');
    }
  }
  const badPassword = passwordProblem(password);
  if (badPassword) throw new UsageError(badPassword);
  return { kind, username, password };
}

async function main() {
  const command = await readCommand(process.argv.slice(2));
  const handle = await openChosenDatabase();
  const { source } = handle;
  try {
    if (command.kind === 'reset-factors') {
      const reset = await resetAdminFactors(handle.db, command.username, command.password).catch(
        (error: unknown) => {
          throw error instanceof AccountProblem ? new UsageError(error.message) : error;
        },
      );
      if (!reset) throw new UsageError(`There is no admin user "${command.username}".`);
      console.log(
        `Removed ${reset.removed} second factor(s) and the recovery codes of "${reset.username}" in ${source} and set its new password; its sessions were signed out and the team was e-mailed. It enrols a new factor at its next sign-in with the new password.`,
      );
      return;
    }
    const user = await createOrResetUser(handle.db, command.username, command.password);
    console.log(
      user.created
        ? `Created admin user "${user.username}" in ${source}. Sign in at /admin and add a second factor (a passkey or an authenticator app).`
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
