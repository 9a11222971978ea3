import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt with N=16384 (Node's default), r=8, p=1; stored as `scrypt$<salt hex>$<hash hex>`.
export function hashPassword(password: string, salt = randomBytes(16)): string {
  const hash = scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** A random key for sessions and API keys (URL-safe). */
export function randomKey(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}
