// Wire codecs: the camelCase rule, DateTime (/Date(ms±hhmm)/), TimeSpan (ISO 8601 duration), and schema-driven
// decoding and encoding of whole DTOs.
import type { JsonValue, ObjectSchema, Schema } from './schema';
import { formatTimeSpan, parseTimeSpan } from './timeSpan';

export { formatTimeSpan, parseTimeSpan };

/** Rule 6: lower the leading upper-case run (`CCUserList` → `ccUserList`, `APIKey` → `apiKey`, `ID` → `id`). */
export function camelCase(name: string): string {
  let run = 0;
  while (run < name.length && name[run] >= 'A' && name[run] <= 'Z') run++;
  if (run === 0) return name;
  if (run === 1 || run === name.length) return name.slice(0, run).toLowerCase() + name.slice(run);
  const next = name[run];
  // A capital followed by a lower-case letter starts the next word (`CCUser` → `ccUser`).
  const keep = next >= 'a' && next <= 'z' ? run - 1 : run;
  return name.slice(0, keep).toLowerCase() + name.slice(keep);
}

const MS_DATE = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a DateTime in any form the wire may carry: `/Date(ms)/`, `/Date(ms+hhmm)/`, `/Date(ms-hhmm)/`
 * (the offset only says which zone the sender meant; the instant is the milliseconds), negative
 * milliseconds, and ISO 8601. Returns undefined for anything else.
 */
export function parseDateTime(text: string): Date | undefined {
  const m = MS_DATE.exec(text.trim());
  if (m) {
    const d = new Date(Number(m[1]));
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  if (ISO_DATE.test(text.trim())) {
    const d = new Date(text.trim());
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}

/** Writes a DateTime as `/Date(<ms>-0000)/` (UTC). JSON writers escape the slashes; see `stringifyWire`. */
export function formatDateTime(date: Date): string {
  return `/Date(${date.getTime()}-0000)/`;
}

/** JSON text as the service writes it: DateTime strings with their slashes escaped (`"\/Date(…)\/"`). */
export function stringifyWire(value: unknown): string {
  return JSON.stringify(value).replace(/"\/Date\((-?\d+(?:[+-]\d{4})?)\)\/"/g, '"\\/Date($1)\\/"');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Lenient decode of a reply (client side): DateTime strings become `Date`, TimeSpans milliseconds; values of
 * an unexpected type are kept as they came (so a screen never loses data), unknown properties too.
 */
export function decodeLenient(schema: Schema, value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  switch (schema.kind) {
    case 'dateTime':
      return typeof value === 'string' ? (parseDateTime(value) ?? value) : value;
    case 'timeSpan':
      return typeof value === 'string' ? (parseTimeSpan(value) ?? value) : value;
    case 'list':
      return Array.isArray(value) ? value.map((v) => decodeLenient(schema.of, v)) : value;
    case 'dict':
      if (!isRecord(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeLenient(schema.of, v)]));
    case 'object': {
      if (!isRecord(value)) return value;
      const out: Record<string, unknown> = {};
      const byLower = fieldIndex(schema);
      for (const [k, v] of Object.entries(value)) {
        const key = byLower.get(k.toLowerCase());
        if (v === null || v === undefined) continue;
        if (key) out[key] = decodeLenient(schema.fields[key], v);
        else out[k] = v;
      }
      return out;
    }
    default:
      return value;
  }
}

const indexCache = new WeakMap<ObjectSchema, Map<string, string>>();
/** Lower-cased property name → declared name, for case-insensitive binding. */
export function fieldIndex(schema: ObjectSchema): Map<string, string> {
  let idx = indexCache.get(schema);
  if (!idx) {
    idx = new Map(Object.keys(schema.fields).map((k) => [k.toLowerCase(), k]));
    indexCache.set(schema, idx);
  }
  return idx;
}

export interface FieldError {
  fieldName: string;
  errorCode: string;
  message: string;
}

const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return undefined;
}

/** The most entries a list in a request may have (the service answers 400 `TooMany` past it). */
export const MAX_LIST_ITEMS = 10_000;

/** A field error at `path` (no closure per call: decoding runs for every field of every request). */
function failure(errors: FieldError[], path: string, message: string, errorCode = 'InvalidValue') {
  errors.push({ fieldName: path || '(body)', errorCode, message });
  return { value: undefined, errors };
}

/**
 * Strict decode of a request (service side): case-insensitive property names, numbers and booleans also
 * accepted as strings (as ServiceStack binds them), anything else that does not fit is a field error named by
 * its property path (`openIssue.dueDate`, `punchlistList[3].summary`). Unknown properties are ignored.
 */
export function decodeStrict(
  schema: Schema,
  value: unknown,
  path = '',
  errors: FieldError[] = [],
): { value: unknown; errors: FieldError[] } {
  if (value === null || value === undefined) return { value: undefined, errors };
  const what = path || 'request';
  switch (schema.kind) {
    case 'int':
    case 'long':
    case 'decimal': {
      const n = toNumber(value);
      if (n === undefined) return failure(errors, path, `'${what}' must be a number.`);
      if (schema.kind !== 'decimal') {
        if (!Number.isInteger(n)) return failure(errors, path, `'${what}' must be a whole number.`);
        const ok = schema.kind === 'int' ? n >= INT32.min && n <= INT32.max : Number.isSafeInteger(n);
        if (!ok) return failure(errors, path, `'${what}' is out of range.`, 'OutOfRange');
      }
      return { value: n, errors };
    }
    case 'bool':
      if (typeof value === 'boolean') return { value, errors };
      if (value === 'true' || value === 'false') return { value: value === 'true', errors };
      return failure(errors, path, `'${what}' must be true or false.`);
    case 'string':
      if (typeof value === 'string') return { value, errors };
      if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value), errors };
      return failure(errors, path, `'${what}' must be text.`);
    case 'dateTime': {
      const d = typeof value === 'string' ? parseDateTime(value) : undefined;
      return d
        ? { value: d, errors }
        : failure(errors, path, `'${what}' must be a date (/Date(ms)/ or ISO 8601).`);
    }
    case 'timeSpan': {
      const t = typeof value === 'string' ? parseTimeSpan(value) : undefined;
      return t !== undefined
        ? { value: t, errors }
        : failure(errors, path, `'${what}' must be an ISO 8601 duration.`);
    }
    case 'any':
      return { value, errors };
    case 'list': {
      if (!Array.isArray(value)) return failure(errors, path, `'${what}' must be a list.`);
      if (value.length > MAX_LIST_ITEMS) {
        return failure(
          errors,
          path,
          `'${what}' has ${value.length} entries; at most ${MAX_LIST_ITEMS} are accepted.`,
          'TooMany',
        );
      }
      const out = value.map((v, i) => decodeStrict(schema.of, v, `${path}[${i}]`, errors).value);
      return { value: out, errors };
    }
    case 'dict': {
      if (!isRecord(value)) return failure(errors, path, `'${what}' must be an object.`);
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const d = decodeStrict(schema.of, v, path ? `${path}.${k}` : k, errors).value;
        if (d !== undefined) out[k] = d;
      }
      return { value: out, errors };
    }
    case 'object': {
      if (!isRecord(value)) return failure(errors, path, `'${what}' must be an object.`);
      const out: Record<string, unknown> = {};
      const byLower = fieldIndex(schema);
      for (const [k, v] of Object.entries(value)) {
        const key = byLower.get(k.toLowerCase());
        if (!key) continue;
        const d = decodeStrict(schema.fields[key], v, path ? `${path}.${key}` : key, errors).value;
        if (d !== undefined) out[key] = d;
      }
      return { value: out, errors };
    }
  }
}

/** Encodes a value for the wire: Date → `/Date(ms-0000)/`, milliseconds → ISO duration, nulls dropped. */
export function encode(schema: Schema, value: unknown): JsonValue | undefined {
  if (value === null || value === undefined) return undefined;
  switch (schema.kind) {
    case 'dateTime':
      if (value instanceof Date) return formatDateTime(value);
      return value as JsonValue;
    case 'timeSpan':
      return typeof value === 'number' ? formatTimeSpan(value) : (value as JsonValue);
    case 'list':
      return Array.isArray(value) ? value.map((v) => encode(schema.of, v) ?? null) : (value as JsonValue);
    case 'dict': {
      if (!isRecord(value)) return value as JsonValue;
      const out: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries(value)) {
        const e = encode(schema.of, v);
        if (e !== undefined) out[k] = e;
      }
      return out;
    }
    case 'object': {
      if (!isRecord(value)) return value as JsonValue;
      const out: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries(value)) {
        const field = schema.fields[k];
        const e = field ? encode(field, v) : encodeUnknown(v);
        if (e !== undefined) out[k] = e;
      }
      return out;
    }
    case 'any':
      return encodeUnknown(value);
    default:
      return value as JsonValue;
  }
}

function encodeUnknown(value: unknown): JsonValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return formatDateTime(value);
  if (Array.isArray(value)) return value.map((v) => encodeUnknown(v) ?? null);
  if (isRecord(value)) {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) {
      const e = encodeUnknown(v);
      if (e !== undefined) out[k] = e;
    }
    return out;
  }
  return value as JsonValue;
}
