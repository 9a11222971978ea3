// The JSON editor: a draft as text and back, its problems against the schema, and its conversion to a typed
// request.
import { parseDateTime, parseTimeSpan } from '../../../contract/codecs';
import type { ObjectSchema, Schema } from '../../../contract/schema';
import type { Draft, Path } from './form';
import { isRecord } from './values';

export function stringifyDraft(draft: Draft): string {
  return JSON.stringify(draft, null, 2);
}

export type ParsedDraft = { ok: true; draft: Draft } | { ok: false; error: string };

/** The JSON editor's text → a draft, or the reason it is not one (the text is kept as typed either way). */
export function parseDraft(text: string): ParsedDraft {
  if (text.trim() === '') return { ok: true, draft: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (!isRecord(value)) return { ok: false, error: 'The request must be a JSON object ({ … }).' };
  return { ok: true, draft: value };
}

export interface DraftIssue {
  path: string;
  message: string;
}

export function pathText(path: Path): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');
}

/** Values the service would refuse or not bind: wrong types, unreadable dates, names not in the contract. */
export function checkDraft(schema: ObjectSchema, draft: Draft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const walk = (s: Schema, v: unknown, path: Path) => {
    if (v === null || v === undefined) return;
    const at = pathText(path);
    switch (s.kind) {
      case 'object': {
        if (!isRecord(v)) return void issues.push({ path: at, message: `expected an object (${s.name})` });
        const byLower = new Map(Object.keys(s.fields).map((k) => [k.toLowerCase(), k]));
        for (const [k, child] of Object.entries(v)) {
          const key = byLower.get(k.toLowerCase());
          if (!key) issues.push({ path: pathText([...path, k]), message: `not a field of ${s.name}` });
          else walk(s.fields[key], child, [...path, k]);
        }
        return;
      }
      case 'list':
        if (!Array.isArray(v)) return void issues.push({ path: at, message: 'expected a list ([ … ])' });
        v.forEach((item, i) => walk(s.of, item, [...path, i]));
        return;
      case 'dict':
        if (!isRecord(v)) issues.push({ path: at, message: 'expected an object of names to values' });
        return;
      case 'int':
      case 'long':
        if (typeof v !== 'number' || !Number.isInteger(v))
          issues.push({ path: at, message: 'expected a whole number' });
        return;
      case 'decimal':
        if (typeof v !== 'number') issues.push({ path: at, message: 'expected a number' });
        return;
      case 'bool':
        if (typeof v !== 'boolean') issues.push({ path: at, message: 'expected true or false' });
        return;
      case 'string':
        if (typeof v !== 'string') issues.push({ path: at, message: 'expected text' });
        return;
      case 'dateTime':
        if (typeof v !== 'string' || !parseDateTime(v)) {
          issues.push({ path: at, message: 'expected a date (ISO 8601, e.g. 2026-03-02T12:00:00Z)' });
        }
        return;
      case 'timeSpan':
        if (!(typeof v === 'number' || (typeof v === 'string' && parseTimeSpan(v) !== undefined))) {
          issues.push({ path: at, message: 'expected a duration (ISO 8601, e.g. PT0.5S)' });
        }
        return;
      default:
        return;
    }
  };
  walk(schema, draft, []);
  return issues;
}

/** The draft → the request `call` takes: DateTime text → Date, duration text → milliseconds. */
export function toRequest(schema: Schema, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  switch (schema.kind) {
    case 'dateTime':
      return typeof value === 'string' ? (parseDateTime(value) ?? value) : value;
    case 'timeSpan':
      return typeof value === 'string' ? (parseTimeSpan(value) ?? value) : value;
    case 'list':
      return Array.isArray(value) ? value.map((v) => toRequest(schema.of, v)) : value;
    case 'object': {
      if (!isRecord(value)) return value;
      const byLower = new Map(Object.keys(schema.fields).map((k) => [k.toLowerCase(), k]));
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          const key = byLower.get(k.toLowerCase());
          return [k, key ? toRequest(schema.fields[key], v) : v];
        }),
      );
    }
    default:
      return value;
  }
}
