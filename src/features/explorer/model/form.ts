// The API explorer's form model: the contract's runtime schema → one field model per property, and the draft
// request it edits (plain JSON, shared by the form and the JSON editor). No React in model/.
import { formatTimeSpan } from '../../../contract/codecs';
import type { ObjectSchema, ScalarKind, Schema } from '../../../contract/schema';

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

/** TimeSpan milliseconds → the duration text the editor shows. */
export const durationText = (ms: number) => formatTimeSpan(ms);
