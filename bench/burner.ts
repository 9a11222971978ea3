// A CPU burner: N processes that spin (a tight loop, 100 % of one core each) until stopped. The bench uses it to
// show that its CPU-time figures hold on a busy machine (`npm run bench -- --burn=1`; bench/calibration.ts).
//
//   npx tsx bench/burner.ts --burn=1               # one core, until Ctrl-C
//   npx tsx bench/burner.ts --burn=2 --seconds=60  # two cores for a minute
//
// startBurner(n) starts the processes (each in its own process group, plain `node -e`, no tsx) and returns a
// stop function; they are also killed when this process exits, so a burner never outlives the bench.
import { spawn, type ChildProcess } from 'node:child_process';

// The loop keeps a value the engine cannot fold away; each process checks its parent every second and exits
// when the parent is gone (a SIGKILLed bench cannot stop it itself).
const SPIN = `
const parent = Number(process.argv[1]);
let x = 1, t = Date.now();
for (;;) {
  for (let i = 0; i < 1e6; i++) x = (x * 1103515245 + 12345) | 0;
  if (Date.now() - t > 1000) {
    t = Date.now();
    try { process.kill(parent, 0); } catch { process.exit(x & 0); }
  }
}`;

export interface Burner {
  processes: number;
  stop(): Promise<void>;
}

export function startBurner(processes: number): Burner {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i++) {
    const child = spawn(process.execPath, ['-e', SPIN, String(process.pid)], {
      stdio: 'ignore',
      detached: true,
    });
    children.push(child);
  }
  const kill = () => {
    for (const c of children) {
      if (c.exitCode !== null || c.signalCode !== null || c.pid === undefined) continue;
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  };
  process.once('exit', kill);
  return {
    processes,
    stop: async () => {
      const exited = children.map(
        (c) =>
          new Promise<void>((done) =>
            c.exitCode !== null || c.signalCode !== null ? done() : c.once('exit', () => done()),
          ),
      );
      kill();
      await Promise.all(exited);
      process.off('exit', kill);
    },
  };
}

/** `--burn=N` from a command line: N ≥ 0 (0 = no burner); anything else is an error. */
export function burnOption(argv: string[]): number {
  const raw = argv.find((a) => a.startsWith('--burn='))?.slice('--burn='.length);
  if (raw === undefined) return 0;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 64)
    throw new Error(`--burn takes a whole number of cores, got '${raw}'`);
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let n: number;
  try {
    n = burnOption(process.argv.slice(2)) || 1;
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.slice(10) ?? 0);
  const burner = startBurner(n);
  console.log(`burning ${n} core(s)${seconds ? ` for ${seconds} s` : ' until Ctrl-C'} (pid ${process.pid})`);
  const stop = () => void burner.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (seconds) setTimeout(stop, seconds * 1000);
  else setInterval(() => undefined, 1 << 30);
}
