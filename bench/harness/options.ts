// The bench's options (`npm run bench -- --only=size,chunks --burn=1 …`), parsed against its table of parts.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { burnOption } from '../burner';

export interface BenchOptions {
  /** The parts to run, in the table's order. */
  selected: string[];
  /** Seconds allowed to each part, and to the build and the seed. */
  timeouts: Record<string, number>;
  cacheDir: string;
  portBase: number;
  markdown: boolean;
  burn: number;
  retries: number;
  /** `--interactions=<ids>`: the interaction scenarios to run (default: all). */
  interactions: string[];
}

/** Parses `argv` (exits with 2 on a bad option); `timeouts` are the defaults, by part (and build, seed). */
export function parseOptions(
  argv: string[],
  parts: readonly string[],
  timeouts: Record<string, number>,
  root: string,
): BenchOptions {
  const opt = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const list = (v: string | undefined) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
  const fail = (message: string): never => {
    console.error(message);
    process.exit(2);
  };
  const only = list(opt('only'));
  const skip = list(opt('skip'));
  for (const p of [...only, ...skip])
    if (!parts.includes(p)) fail(`Unknown part '${p}'. Parts: ${parts.join(', ')}`);
  const selected = parts.filter((p) => (only.length === 0 || only.includes(p)) && !skip.includes(p));
  const t = { ...timeouts };
  for (const item of list(opt('timeout'))) {
    const [a, b] = item.split(':');
    if (b === undefined) for (const k of Object.keys(t)) t[k] = Number(a);
    else t[a] = Number(b);
  }
  let burn = 0;
  try {
    burn = burnOption(argv);
  } catch (e) {
    fail((e as Error).message);
  }
  const retries = Number(opt('retries') ?? 2);
  if (!Number.isInteger(retries) || retries < 0)
    fail(`--retries takes a whole number ≥ 0, got '${opt('retries')}'`);
  const cacheDir = resolve(opt('cache') ?? join(root, 'bench', '.cache'));
  // Guard against a stale cache layout: the cache folder must be a directory of ours.
  if (existsSync(cacheDir) && !statSync(cacheDir).isDirectory()) fail(`${cacheDir} is not a directory`);
  return {
    selected,
    timeouts: t,
    cacheDir,
    portBase: Number(opt('port') ?? process.env.BENCH_PORT_BASE ?? 8281),
    markdown: argv.includes('--markdown'),
    burn,
    retries,
    interactions: list(opt('interactions')),
  };
}
