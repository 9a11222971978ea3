// The API explorer's pure logic: the contract's runtime schema → a form model, the draft request (plain JSON,
// shared by the form and the JSON editor), its conversion to a typed request, the share URL, and curl / fetch.
import { formatTimeSpan, parseDateTime, parseTimeSpan } from '../../contract/codecs';
import { operationNames, operations, type OperationName } from '../../contract/operations';
import type { ObjectSchema, ScalarKind, Schema } from '../../contract/schema';

/** A request as the editor holds it: JSON; DateTime as ISO 8601 text, TimeSpan as an ISO 8601 duration. */
export type Draft = Record<string, unknown>;
export type Path = Array<string | number>;

export type InputKind = 'integer' | 'decimal' | 'text' | 'boolean' | 'dateTime' | 'duration' | 'json';

export type FieldModel =
  | { kind: 'scalar'; key: string; type: string; input: InputKind; nullable: boolean }
  | { kind: 'object'; key: string; type: string; fields: FieldModel[] }
  | { kind: 'list'; key: string; type: string; item: FieldModel }
  | { kind: 'dict'; key: string; type: string };

/** Filled in by the client from the session; never part of the form, the draft or the share link. */
export const CLIENT_FIELDS = new Set(['authSessionKey']);

const INPUT: Record<ScalarKind, InputKind> = {
  int: 'integer',
  long: 'integer',
  decimal: 'decimal',
  bool: 'boolean',
  string: 'text',
  dateTime: 'dateTime',
  timeSpan: 'duration',
  any: 'json',
};

const TYPE_NAME: Record<ScalarKind, string> = {
  int: 'int',
  long: 'long',
  decimal: 'decimal',
  bool: 'bool',
  string: 'string',
  dateTime: 'DateTime',
  timeSpan: 'TimeSpan',
  any: 'object',
};

/** The interface's type name of a schema (`int?`, `List<PunchList>`, `Dictionary<string,string>`). */
export function typeName(schema: Schema): string {
  switch (schema.kind) {
    case 'object':
      return schema.name;
    case 'list':
      return `List<${typeName(schema.of)}>`;
    case 'dict':
      return `Dictionary<string,${typeName(schema.of)}>`;
    default:
      return TYPE_NAME[schema.kind] + (schema.nullable ? '?' : '');
  }
}

/** One field of the form for a schema (depth-limited, though the contract has no cycles). */
export function fieldModel(key: string, schema: Schema, depth = 0): FieldModel {
  const type = typeName(schema);
  switch (schema.kind) {
    case 'object':
      return depth > 6
        ? { kind: 'scalar', key, type, input: 'json', nullable: false }
        : { kind: 'object', key, type, fields: formModel(schema, depth + 1) };
    case 'list':
      return { kind: 'list', key, type, item: fieldModel('', schema.of, depth + 1) };
    case 'dict':
      return { kind: 'dict', key, type };
    default:
      return { kind: 'scalar', key, type, input: INPUT[schema.kind], nullable: schema.nullable === true };
  }
}

/** The form of a request type: its fields in contract order, without the ones the client fills in. */
export function formModel(schema: ObjectSchema, depth = 0): FieldModel[] {
  return Object.entries(schema.fields)
    .filter(([key]) => depth > 0 || !CLIENT_FIELDS.has(key))
    .map(([key, s]) => fieldModel(key, s, depth));
}

// ---- values at paths (immutable) ----

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function getIn(value: unknown, path: Path): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/**
 * A copy of `value` with `next` at `path`. `undefined` removes an object property ("not sent"), and an object
 * left empty by that is removed from its parent too; list items stay until removed (see removeAt).
 */
export function setIn(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setIn(list[head], rest, next);
    if (list[head] === undefined) list[head] = rest.length ? {} : null;
    return list;
  }
  const obj: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  const child = setIn(obj[head], rest, next);
  if (child === undefined || (rest.length > 0 && isRecord(child) && Object.keys(child).length === 0)) {
    delete obj[head];
  } else {
    obj[head] = child;
  }
  return obj;
}

export function removeAt(value: unknown, path: Path): unknown {
  const parentPath = path.slice(0, -1);
  const index = path[path.length - 1];
  const parent = getIn(value, parentPath);
  if (!Array.isArray(parent) || typeof index !== 'number') return setIn(value, path, undefined);
  return setIn(
    value,
    parentPath,
    parent.filter((_, i) => i !== index),
  );
}

/** The value a new list item starts with. */
export function emptyValue(field: FieldModel): unknown {
  if (field.kind === 'object' || field.kind === 'dict') return {};
  if (field.kind === 'list') return [];
  switch (field.input) {
    case 'integer':
    case 'decimal':
      return 0;
    case 'boolean':
      return false;
    case 'dateTime':
      return new Date().toISOString();
    case 'duration':
      return 'PT1S';
    case 'json':
      return null;
    default:
      return '';
  }
}

// ---- the JSON editor ----

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

function pathText(path: Path): string {
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

// ---- the reply ----

export interface DecodedDate {
  path: string;
  value: Date;
}

/** Every DateTime the decoder turned into a Date, with its property path (`project.startDate`). */
export function collectDates(value: unknown, path: Path = []): DecodedDate[] {
  if (value instanceof Date) return [{ path: pathText(path), value }];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    collectDates(v, [...path, Array.isArray(value) ? Number(k) : k]),
  );
}

/** The decoded reply for the JSON tree: Dates as ISO 8601 text (a tree shows no Date objects). */
export function forDisplay(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (Array.isArray(value)) return value.map(forDisplay);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forDisplay(v)]));
  return value;
}

// ---- operations, search, share link ----

export interface OperationInfo {
  name: OperationName;
  path: string;
  method: 'GET' | 'POST';
  summary: string;
  effect: 'read' | 'write';
  auth: 'none' | 'session' | 'admin';
}

export const operationList: OperationInfo[] = operationNames.map((name) => {
  const op = operations[name];
  return {
    name,
    path: op.path,
    method: op.method === 'ANY' ? 'GET' : 'POST',
    summary: op.summary,
    effect: op.effect,
    auth: op.auth,
  };
});

/** Operations whose name, route or summary hold every word of the query (`project/get`, `rfi read`). */
export function searchOperations(query: string, list = operationList): OperationInfo[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return list;
  return list.filter((o) => {
    const text = `${o.name} ${o.path} ${o.summary}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Finds an operation by name or by route (`project/get`, `/api/internal/project/get`), case-insensitive. */
export function findOperation(text: string | null | undefined): OperationName | undefined {
  if (!text) return undefined;
  const t = text.trim().toLowerCase();
  return operationList.find(
    (o) => o.name.toLowerCase() === t || o.path.toLowerCase() === t || o.path.toLowerCase().endsWith(`/${t}`),
  )?.name;
}

/** Never written to the share link (a URL ends up in history, logs and chat): the sign-in password. */
const UNSHARED_FIELDS = new Set(['password']);

function withoutClientFields(draft: Draft, dropSecrets = false): Draft {
  return Object.fromEntries(
    Object.entries(draft).filter(
      ([k]) => !CLIENT_FIELDS.has(k) && !(dropSecrets && UNSHARED_FIELDS.has(k.toLowerCase())),
    ),
  );
}

/** `?op=…&request=…`: the operation and its draft (never a session key or password), for a link to share. */
export function writeShare(op: OperationName, draft: Draft): string {
  const params = new URLSearchParams({ op });
  const clean = withoutClientFields(draft, true);
  if (Object.keys(clean).length) params.set('request', JSON.stringify(clean));
  return params.toString();
}

export interface Shared {
  op?: OperationName;
  draft: Draft;
  /** The link's request was not readable (shown to the user; the form starts empty). */
  error?: string;
}

export function readShare(params: URLSearchParams): Shared {
  const op = findOperation(params.get('op'));
  const text = params.get('request');
  if (!op) return { draft: {} };
  if (!text) return { op, draft: {} };
  const parsed = parseDraft(text);
  return parsed.ok
    ? { op, draft: withoutClientFields(parsed.draft) }
    : { op, draft: {}, error: `The link's request was not used. ${parsed.error}` };
}

// ---- copy as curl / fetch ----

export const SESSION_PLACEHOLDER = '$PM_SESSION_KEY';
export const API_KEY_PLACEHOLDER = '$PM_API_KEY';

export interface HttpRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'"'"'`)}'`;

/** A curl command; the keys are shell variables the person running it sets (`$PM_SESSION_KEY`, `$PM_API_KEY`). */
export function toCurl(req: HttpRequest): string {
  const parts = [`curl -X ${req.method} ${shellQuote(req.url)}`];
  for (const [name, value] of Object.entries(req.headers)) {
    // Double quotes so that the shell expands the key variable.
    parts.push(value.includes('$PM_') ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (req.body !== undefined) {
    const quoted = shellQuote(req.body).split(`"${SESSION_PLACEHOLDER}"`).join(`"'"$PM_SESSION_KEY"'"`);
    parts.push(`--data-raw ${quoted}`);
  }
  return parts.join(' \\\n  ');
}

/** A fetch call for a browser console or Node; the keys are read from variables of the same names. */
export function toFetch(req: HttpRequest): string {
  const expr = (s: string) => {
    if (!s.includes('$PM_')) return JSON.stringify(s);
    const tpl = s.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');
    return `\`${tpl.replace(/\$(PM_SESSION_KEY|PM_API_KEY)/g, '${$1}')}\``;
  };
  const lines = [`await fetch(${JSON.stringify(req.url)}, {`, `  method: ${JSON.stringify(req.method)},`];
  lines.push('  headers: {');
  for (const [name, value] of Object.entries(req.headers))
    lines.push(`    ${JSON.stringify(name)}: ${expr(value)},`);
  lines.push('  },');
  if (req.body !== undefined) lines.push(`  body: ${expr(req.body)},`);
  lines.push('}).then((r) => r.json());');
  const vars = [
    ...(JSON.stringify(req).includes(SESSION_PLACEHOLDER) ? ['PM_SESSION_KEY'] : []),
    ...(JSON.stringify(req).includes(API_KEY_PLACEHOLDER) ? ['PM_API_KEY'] : []),
  ];
  const head = vars.map((v) => `const ${v} = '…'; // your key`);
  return [...head, ...lines].join('\n');
}

/** TimeSpan milliseconds → the duration text the editor shows. */
export const durationText = (ms: number) => formatTimeSpan(ms);
