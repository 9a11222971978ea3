// Validation of the grid: per row (cached per row object) and the summary of every problem.
import { useCallback, useMemo, useRef } from 'react';
import { isBlank, validateRow, type ColumnKey, type GridRow } from './model';
import { type RowErrors } from './gridTypes';
import type { CodeName } from '../../contract/codes';

const NO_ERRORS: RowErrors = Object.freeze({}) as RowErrors;

export interface Problem {
  row: number;
  key: ColumnKey | '_row';
  message: string;
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Whether a row has no problem: `errorsOf` gives this one object for every clean row. */
export const isClean = (e: RowErrors) => e === NO_ERRORS;

/** Each row's problems (ours and what the service refused), and the counts the page shows. */
export function useRowProblems(rows: GridRow[], statuses: CodeName[]) {
  // Validation is cached per row object: an edit re-validates only the row it changed.
  const cache = useRef(new WeakMap<GridRow, RowErrors>());
  const errorsOf = useCallback(
    (row: GridRow): RowErrors => {
      if (row.created) return NO_ERRORS;
      let e = cache.current.get(row);
      if (!e) {
        const found: RowErrors = validateRow(row.values, statuses);
        e = row.refused ? { ...found, ...row.refused } : found;
        if (Object.keys(e).length === 0) e = NO_ERRORS;
        cache.current.set(row, e);
      }
      return e;
    },
    [statuses],
  );

  const summary = useMemo(() => {
    const problems: Problem[] = [];
    let pending = 0;
    let created = 0;
    let withErrors = 0;
    rows.forEach((row, i) => {
      if (row.created) {
        created++;
        return;
      }
      if (isBlank(row)) return;
      pending++;
      const e = errorsOf(row);
      if (e === NO_ERRORS) return;
      withErrors++;
      for (const [key, message] of Object.entries(e) as Array<[ColumnKey | '_row', string]>) {
        problems.push({ row: i, key, message });
      }
    });
    return { problems, pending, created, withErrors, ready: pending - withErrors };
  }, [rows, errorsOf]);

  return { errorsOf, summary };
}
