// `npm run keys -- <command>`: API keys and passwords of the users in DATA_DIR (./data), also while the service
// runs on it (a rotated key stops working at once; a changed password ends the user's sessions within a minute).
//   list                                  users and whether they are admin (never their keys)
//   rotate <user>                         a new random API key for the user; the old one stops working
//   password <user> [--password-file F]   a new password, read from F or stdin (never from the command line)
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ADMIN_KEY_FILE, openDatabase, readAdminKeyFile, writeAdminKeyFile } from './db/db';
import { hashPassword, randomKey } from './passwords';
import type { UserRow } from './core/sessions';

export const USAGE =
  'usage: npm run keys -- list | rotate <user> | password <user> [--password-file <file>]   (DATA_DIR, default ./data)';

/** The shortest password `keys password` accepts. */
export const MIN_PASSWORD_LENGTH = 8;

export interface KeysIo {
  dataDir: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The new password when there is no --password-file (stdin by default). */
  readPassword?: () => Promise<string>;
}

/** Runs one command; answers the exit code (0 done, 1 could not, 2 usage). */
export async function runKeys(args: string[], io: KeysIo): Promise<number> {
  const [command, userName, ...rest] = args;
  const known = ['list', 'rotate', 'password'];
  if (!command || !known.includes(command) || (command !== 'list' && !userName)) {
    io.err(USAGE);
    return 2;
  }
  const file = join(io.dataDir, 'pm.sqlite');
  if (!existsSync(file)) {
    io.err(`No data folder at ${io.dataDir} (no pm.sqlite): start the service once, or set DATA_DIR.`);
    return 1;
  }
  const db = openDatabase(file);
  try {
    if (command === 'list') {
      const users = db.prepare('SELECT * FROM users ORDER BY id').all() as UserRow[];
      const width = Math.max(4, ...users.map((u) => u.user_name.length));
      io.out(`${'user'.padEnd(width)}  admin  sign-in  name`);
      for (const u of users) {
        const signIn = u.password_hash.startsWith('scrypt$') ? 'yes' : 'no';
        io.out(
          `${u.user_name.padEnd(width)}  ${(u.is_admin ? 'yes' : 'no').padEnd(5)}  ${signIn.padEnd(7)}  ${u.first_name} ${u.last_name}`.trimEnd(),
        );
      }
      return 0;
    }

    const user = db.prepare('SELECT * FROM users WHERE user_name = ?').get(userName) as UserRow | undefined;
    if (!user) {
      io.err(`No user named "${userName}" in ${io.dataDir} (npm run keys -- list shows them).`);
      return 1;
    }

    if (command === 'rotate') {
      const key = randomKey(24);
      db.prepare('UPDATE users SET api_key = ? WHERE id = ?').run(key, user.id);
      const keyFile = join(io.dataDir, ADMIN_KEY_FILE);
      const updated = readAdminKeyFile(keyFile) === user.api_key;
      if (updated) writeAdminKeyFile(io.dataDir, key, user.user_name);
      io.out(`New API key of ${user.user_name} (the old one no longer works):`);
      io.out(key);
      if (updated) io.out(`${keyFile} holds the new key.`);
      return 0;
    }

    // password
    const at = rest.indexOf('--password-file');
    if (at >= 0 && !rest[at + 1]) {
      io.err(USAGE);
      return 2;
    }
    const unknown = at >= 0 ? [...rest.slice(0, at), ...rest.slice(at + 2)] : rest;
    if (unknown.length) {
      io.err(`Unknown argument ${unknown[0]} (passwords are never read from the command line). ${USAGE}`);
      return 2;
    }
    const raw = at >= 0 ? readFileSync(rest[at + 1], 'utf8') : await (io.readPassword ?? readStdin)();
    const password = firstLine(raw);
    if (password.length < MIN_PASSWORD_LENGTH) {
      io.err(`The new password of ${user.user_name} must have at least ${MIN_PASSWORD_LENGTH} characters.`);
      return 1;
    }
    if (password.toLowerCase() === user.user_name.toLowerCase()) {
      io.err(`The new password of ${user.user_name} may not be the user name.`);
      return 1;
    }
    // `await` whether hashPassword answers a string or a Promise of one.
    const hash = await Promise.resolve(hashPassword(password));
    db.transaction(() => {
      db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(hash, user.id);
      db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id);
    })();
    io.out(`Password of ${user.user_name} changed; its sessions are ended (sign in again).`);
    return 0;
  } finally {
    db.close();
  }
}

/** The password is the first line (a file or a pipe usually ends with a newline, which is not part of it). */
function firstLine(text: string): string {
  return text.split(/\r?\n/)[0] ?? '';
}

/** Reads stdin: a pipe or file to its end; a terminal one line, without echoing it. */
function readStdin(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    return new Promise((done, fail) => {
      let text = '';
      stdin.setEncoding('utf8');
      stdin.on('data', (d: string) => (text += d));
      stdin.on('end', () => done(text));
      stdin.on('error', fail);
    });
  }
  process.stderr.write('New password (not shown): ');
  return new Promise((done) => {
    let text = '';
    stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n' || c === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stderr.write('\n');
          done(text);
          return;
        }
        if (c === '\u0003') {
          stdin.setRawMode(false);
          process.stderr.write('\n');
          process.exit(130);
        }
        text = c === '\u007f' || c === '\b' ? text.slice(0, -1) : text + c;
      }
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}

if (process.argv[1]?.endsWith('keys-cli.ts')) {
  runKeys(process.argv.slice(2), {
    dataDir: resolve(process.env.DATA_DIR ?? 'data'),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exit(1);
    },
  );
}
