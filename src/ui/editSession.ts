// The state every editor keeps: the values when editing began (base) and now, the errors by field, whether
// anything changed, and the focus on the first invalid field after a refused save (ours or the service's 400).
// With `useUnsavedChangesGuard` (./unsavedChanges) and `LeaveDialog` it is the whole edit session of a screen.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Errors by field; `_form` is the form's own message (not tied to a field). */
export type FieldErrors<K extends string> = Partial<Record<K | '_form', string>>;

export interface Editing<V> {
  /** The values when editing began: what the changes are relative to. */
  base: V;
  values: V;
}

export interface EditSession<V, K extends string = Extract<keyof V, string>> {
  /** Null while not editing. */
  editing: Editing<V> | null;
  errors: FieldErrors<K>;
  dirty: boolean;
  /** On the `<form>`: where the first invalid field is looked for. */
  formRef: RefObject<HTMLFormElement | null>;
  /** Starts editing from `base` (or goes on from a kept draft's values); errors are cleared. */
  start: (base: V, values?: V) => void;
  /** Stops editing; errors are cleared. */
  stop: () => void;
  /** Replaces base and values (e.g. another user's values taken in). */
  setEditing: (editing: Editing<V>) => void;
  /** Changes fields; their errors go (and the form's message, with `changeClearsFormError`). */
  change: (patch: Partial<V>) => void;
  /** Shows errors as they are (no focus move). */
  setErrors: (errors: FieldErrors<K>) => void;
  /** Shows a refused save's errors and moves the focus to the first invalid field once they render. */
  fail: (errors: FieldErrors<K>) => void;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function useEditSession<V extends object, K extends string = Extract<keyof V, string>>(
  options: {
    /** Editing from the start with these values (a form that is always open); else it starts with `start`. */
    initial?: () => V;
    /** Whether the values differ from the base; JSON equality by default. */
    isDirty?: (base: V, values: V) => boolean;
    changeClearsFormError?: boolean;
  } = {},
): EditSession<V, K> {
  const { initial, isDirty = (b: V, v: V) => !sameJson(b, v), changeClearsFormError = false } = options;
  const [editing, setEditingState] = useState<Editing<V> | null>(() => {
    if (!initial) return null;
    const base = initial();
    return { base, values: base };
  });
  const [errors, setErrorsState] = useState<FieldErrors<K>>({});
  const formRef = useRef<HTMLFormElement | null>(null);
  const focusError = useRef(false);

  useEffect(() => {
    if (!focusError.current) return;
    focusError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const start = useCallback((base: V, values?: V) => {
    setEditingState({ base, values: values ?? base });
    setErrorsState({});
  }, []);
  const stop = useCallback(() => {
    setEditingState(null);
    setErrorsState({});
  }, []);
  const change = useCallback(
    (patch: Partial<V>) => {
      setEditingState((e) => (e ? { ...e, values: { ...e.values, ...patch } } : e));
      setErrorsState((errs) => {
        const keys = Object.keys(patch);
        if (!keys.some((k) => k in errs) && !(changeClearsFormError && '_form' in errs)) return errs;
        const next = { ...errs } as Record<string, string | undefined>;
        if (changeClearsFormError) delete next._form;
        for (const k of keys) delete next[k];
        return next as FieldErrors<K>;
      });
    },
    [changeClearsFormError],
  );
  const fail = useCallback((found: FieldErrors<K>) => {
    focusError.current = true;
    setErrorsState(found);
  }, []);

  return {
    editing,
    errors,
    dirty: editing !== null && isDirty(editing.base, editing.values),
    formRef,
    start,
    stop,
    setEditing: setEditingState,
    change,
    setErrors: setErrorsState,
    fail,
  };
}
