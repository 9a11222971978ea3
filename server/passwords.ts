import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=16384 (Node's default), r=8, p=1; stored as `scrypt$<salt hex>$<hash hex>` (16-byte salt,
// 32-byte hash).
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;

export function hashPassword(password: string, salt = randomBytes(SALT_BYTES)): string {
  const hash = scryptSync(password, salt, HASH_BYTES, PARAMS);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

interface Parsed {
  salt: Buffer;
  hash: Buffer;
}

// What an unknown user, a disabled one (`disabled`) or any stored value that is not a scrypt hash is checked
// against: a salt and hash of the real lengths, so every sign-in costs exactly one scrypt of the same size.
const DUMMY: Parsed = { salt: Buffer.alloc(SALT_BYTES, 0x5a), hash: Buffer.alloc(HASH_BYTES, 0xa5) };

const HEX = /^(?:[0-9a-f]{2})+$/i;

function parse(stored: string | undefined): Parsed | undefined {
  const [scheme, saltHex, hashHex, extra] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || extra !== undefined || !HEX.test(saltHex ?? '') || !HEX.test(hashHex ?? '')) {
    return undefined;
  }
  const salt = Buffer.from(saltHex, 'hex');
  const hash = Buffer.from(hashHex, 'hex');
  // Only the lengths this module writes; anything else is treated as "no password" (and costs the same).
  if (salt.length !== SALT_BYTES || hash.length !== HASH_BYTES) return undefined;
  return { salt, hash };
}

/** How many scrypt verifications ran in this process (tests check a throttled sign-in runs none). */
export const passwordStats = { verifications: 0 };

/**
 * The service's check: scrypt on the libuv threadpool, so the event loop stays free while it runs. Always
 * exactly one scrypt of the same parameters, whether `stored` is a real hash, `disabled`, or missing (unknown
 * user); only a real hash can match.
 */
export function checkPassword(password: string, stored: string | undefined): Promise<boolean> {
  const parsed = parse(stored);
  const target = parsed ?? DUMMY;
  passwordStats.verifications++;
  return new Promise((resolve, reject) => {
    scrypt(password, target.salt, target.hash.length, PARAMS, (error, actual) => {
      if (error) reject(error);
      else resolve(parsed !== undefined && timingSafeEqual(target.hash, actual));
    });
  });
}

/**
 * The same check, synchronous: for tools and tests only (it blocks the thread for one scrypt). The service uses
 * `checkPassword`.
 */
export function verifyPassword(password: string, stored: string | undefined): boolean {
  const parsed = parse(stored);
  const target = parsed ?? DUMMY;
  const actual = scryptSync(password, target.salt, target.hash.length, PARAMS);
  return parsed !== undefined && timingSafeEqual(target.hash, actual);
}

/** A random key for sessions and API keys (URL-safe). */
export function randomKey(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
