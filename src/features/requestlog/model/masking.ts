// Masking on screen: the service masks already; the console never shows a secret even if one slipped through
// (the service's own rule for names and headers: src/contract/secrets.ts).
import { isSecretHeader, isSecretName } from '../../../contract/secrets';

export function maskHeaders(headers: Record<string, string> | undefined): Array<[string, string]> {
  return Object.entries(headers ?? {}).map(([k, v]) => [k, isSecretHeader(k) && v !== '' ? '***' : v]);
}

/** A copy of a JSON value with the values of secret-named keys replaced by `***`. */
export function maskDeep(value: unknown, depth = 0): unknown {
  if (depth > 50 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      isSecretName(k) && v !== null && typeof v !== 'object' && v !== '' ? '***' : maskDeep(v, depth + 1);
  }
  return out;
}
