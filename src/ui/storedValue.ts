// Values kept on this device (localStorage), all under one key prefix. A value stored under an older key is
// moved on first read (read the old key, write the new one, delete the old), so nobody loses a draft or a list.
// Storage that is full, disabled or missing never throws: reads give nothing, writes say they failed.

export const STORAGE_PREFIX = 'pm-console:';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export interface StoredValue<T> {
  /** The full key, prefix included. */
  readonly key: string;
  /** The stored text as it is (null when none): for callers that cache by it. */
  raw(): string | null;
  /** The stored value, or undefined when none, unreadable or not what `parse` accepts. */
  read(): T | undefined;
  /** False when the browser refused (storage full or disabled). */
  write(value: T): boolean;
  remove(): void;
}

/**
 * A typed value under `pm-console:<name>`. `parse` checks what JSON.parse gave (undefined = not a value);
 * `legacyKey` is where an older release kept it.
 */
export function storedValue<T>(
  name: string,
  parse: (json: unknown) => T | undefined,
  legacyKey?: string,
): StoredValue<T> {
  const key = STORAGE_PREFIX + name;
  const raw = (): string | null => {
    const s = storage();
    if (!s) return null;
    try {
      const value = s.getItem(key);
      if (value !== null || !legacyKey) return value;
      const old = s.getItem(legacyKey);
      if (old === null) return null;
      try {
        s.setItem(key, old);
        s.removeItem(legacyKey);
      } catch {
        // Could not move it now: it is still read from the old key.
      }
      return old;
    } catch {
      return null;
    }
  };
  return {
    key,
    raw,
    read() {
      const text = raw();
      if (!text) return undefined;
      try {
        return parse(JSON.parse(text));
      } catch {
        return undefined;
      }
    },
    write(value) {
      try {
        const s = storage();
        if (!s) return false;
        s.setItem(key, JSON.stringify(value));
        if (legacyKey) s.removeItem(legacyKey);
        return true;
      } catch {
        return false;
      }
    },
    remove() {
      try {
        storage()?.removeItem(key);
        if (legacyKey) storage()?.removeItem(legacyKey);
      } catch {
        // ignore
      }
    },
  };
}
