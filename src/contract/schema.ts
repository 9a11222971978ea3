// A tiny runtime schema: each DTO field is declared once here, and both the TypeScript types and the
// wire codecs (client decode, service binding and writing) are derived from it.

export type ScalarKind = 'int' | 'long' | 'decimal' | 'bool' | 'string' | 'dateTime' | 'timeSpan' | 'any';

export interface ScalarSchema<K extends ScalarKind = ScalarKind> {
  readonly kind: K;
  readonly nullable?: boolean;
}
export interface ListSchema<S extends Schema = Schema> {
  readonly kind: 'list';
  readonly of: S;
}
export interface DictSchema<S extends Schema = Schema> {
  readonly kind: 'dict';
  readonly of: S;
}
export type Fields = Readonly<Record<string, Schema>>;
export interface ObjectSchema<F extends Fields = Fields> {
  readonly kind: 'object';
  readonly name: string;
  readonly fields: F;
}
export type Schema = ScalarSchema | ListSchema | DictSchema | ObjectSchema;

/** A JSON value of unknown shape (the interface's `Object`). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

type ScalarType<K extends ScalarKind> = K extends 'int' | 'long' | 'decimal'
  ? number
  : K extends 'bool'
    ? boolean
    : K extends 'string'
      ? string
      : K extends 'dateTime'
        ? Date
        : K extends 'timeSpan'
          ? /** milliseconds */ number
          : JsonValue;

/** The decoded (in-memory) type of a schema: every field optional, as the interface says. */
export type Infer<S> =
  S extends ScalarSchema<infer K>
    ? S extends { nullable: true }
      ? ScalarType<K> | null
      : ScalarType<K>
    : S extends ListSchema<infer E>
      ? Infer<E>[]
      : S extends DictSchema<infer V>
        ? Record<string, Infer<V>>
        : S extends ObjectSchema<infer F>
          ? { [P in keyof F]?: Infer<F[P]> }
          : never;

const scalar = <K extends ScalarKind>(kind: K) => ({ kind }) as ScalarSchema<K>;
const nullableScalar = <K extends ScalarKind>(kind: K) =>
  ({ kind, nullable: true }) as ScalarSchema<K> & { nullable: true };

export const int = scalar('int');
export const long = scalar('long');
export const decimal = scalar('decimal');
export const bool = scalar('bool');
export const string = scalar('string');
export const dateTime = scalar('dateTime');
export const timeSpan = scalar('timeSpan');
export const anyJson = scalar('any');
export const intN = nullableScalar('int');
export const longN = nullableScalar('long');
export const boolN = nullableScalar('bool');
export const timeSpanN = nullableScalar('timeSpan');

export const list = <S extends Schema>(of: S): ListSchema<S> => ({ kind: 'list', of });
export const dict = <S extends Schema>(of: S): DictSchema<S> => ({ kind: 'dict', of });
export const object = <F extends Fields>(name: string, fields: F): ObjectSchema<F> => ({
  kind: 'object',
  name,
  fields,
});
