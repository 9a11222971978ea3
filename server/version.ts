// The service's version: package.json's version and the commit it was built from (PM_COMMIT, else git, else
// "unknown"), as `0.1.0+abc1234`. Read once at start.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function commit(): string {
  if (process.env.PM_COMMIT) return process.env.PM_COMMIT.slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

export const version = { version: packageVersion(), commit: commit() };
export const versionText = `${version.version}+${version.commit}`;
