// The scrypt gate of sign-in (server/core/auth.ts): caps how many password checks run at once (libuv's threadpool
// has 4 threads, shared with file reads of the static console and DNS), with a bounded queue per lane; past the
// queue a sign-in is refused at once (503). A known (name, address) pair has a lane of its own (issue 33).
import { availableParallelism } from 'node:os';

export interface GateLimits {
  /** scrypt verifications running at once (of the shared lane; the known lane may use one more). */
  maxConcurrent: number;
  /** Sign-ins waiting for a turn, per lane; beyond that a sign-in is refused at once (503 + Retry-After). */
  maxQueued: number;
  /** Turns only the known lane may take, on top of `maxConcurrent` (default 1). */
  reservedForKnown?: number;
}

/** The gate's lanes: `known` for a (name, address) pair that signed in before, `shared` for everyone else. */
export type Lane = 'known' | 'shared';

// One core is left to the event loop: with every core hashing, the loop waits for a time slice (on this 2-core
// machine a read then took up to 200 ms instead of 2 ms while sign-ins were hashed two at a time).
export const DEFAULT_GATE: GateLimits = {
  maxConcurrent: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueued: 32,
};

/** A SIGNIN_* number of the environment (≥ 0), or the fallback. */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, scale = 1): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0 (got "${text}")`);
  return value * scale;
}

export function gateFromEnv(env: NodeJS.ProcessEnv = process.env): GateLimits {
  return {
    maxConcurrent: Math.max(1, envNumber(env, 'SIGNIN_MAX_CONCURRENT', DEFAULT_GATE.maxConcurrent)),
    maxQueued: envNumber(env, 'SIGNIN_MAX_QUEUED', DEFAULT_GATE.maxQueued),
  };
}

/**
 * A counting semaphore with two lanes, each with a bounded queue. The shared lane may run `maxConcurrent` at once;
 * the known lane may also take `reservedForKnown` turns more, and its queue is served first. So unknown-pair
 * traffic can neither fill the known lane's queue nor keep it from a turn: a known pair waits at most for the
 * checks already running (and for other known pairs), and is refused only when its own lane's queue is full.
 */
export class VerifyGate {
  private running = 0;
  private readonly queues: Record<Lane, (() => void)[]> = { known: [], shared: [] };

  constructor(readonly limits: GateLimits = gateFromEnv()) {}

  private capacity(lane: Lane): number {
    return this.limits.maxConcurrent + (lane === 'known' ? (this.limits.reservedForKnown ?? 1) : 0);
  }

  /** Resolves with a release function once it is this caller's turn; undefined at once when its queue is full. */
  enter(lane: Lane = 'shared'): Promise<() => void> | undefined {
    // A shared caller does not jump ahead of known ones waiting.
    const ahead = lane === 'shared' ? this.queues.known.length : 0;
    if (this.running < this.capacity(lane) && ahead === 0 && this.queues[lane].length === 0) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.queues[lane].length >= this.limits.maxQueued) return undefined;
    return new Promise((resolve) => this.queues[lane].push(() => resolve(this.releaser())));
  }

  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.running--;
      this.dispatch();
    };
  }

  /** Hands free turns to the waiting: the known lane first. */
  private dispatch(): void {
    for (const lane of ['known', 'shared'] as const) {
      const queue = this.queues[lane];
      while (queue.length && this.running < this.capacity(lane)) {
        this.running++;
        queue.shift()!();
      }
      if (queue.length) return;
    }
  }

  get stats() {
    return { running: this.running, queued: this.queues.known.length + this.queues.shared.length };
  }
}
