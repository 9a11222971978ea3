// The seed's PRNG (mulberry32, fixed seeds) and the users' API keys, which are not taken from it.
import { randomKey } from '../../passwords';

/** mulberry32: a small seeded random source, so a run can be repeated (also used by the stress suites). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = ReturnType<typeof random>;
export function random(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return {
    next,
    int,
    pick,
    chance: (p: number) => next() < p,
    sample<T>(list: readonly T[], k: number): T[] {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.min(k, copy.length));
    },
    key(length = 32) {
      const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      return Array.from({ length }, () => abc[Math.floor(next() * 64)]).join('');
    },
    bytes: (n: number) => Buffer.from(Array.from({ length: n }, () => int(0, 255))),
  };
}

/**
 * A user's API key: random (crypto), never from the seeded PRNG. The PRNG is still advanced as it was when it made
 * the key, so every record seeded after the users stays the same.
 */
export function apiKey(rng: Rng): string {
  rng.key(32);
  return randomKey(24);
}
