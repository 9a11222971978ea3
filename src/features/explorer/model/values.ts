// Values at paths of a draft request, changed immutably, and the empty value of a field.
import type { FieldModel, Path } from './form';

export function isRecord(v: unknown): v is Record<string, unknown> {
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
