// The punch grid's rows: the sticky header row and one body row (one text input per cell; errors on the cell,
// red, with the reason as the input's description).
import { memo } from 'react';
import { columnByKey, type ColumnKey, type GridRow } from './model';
import type { RowErrors } from './gridTypes';
import classes from './PunchGrid.module.css';

function rowLabel(row: GridRow, index: number, errors: RowErrors): string {
  if (row.created) return `Row ${index + 1}, created as number ${row.created.number}`;
  const n = Object.keys(errors).length;
  return n ? `Row ${index + 1}, ${n === 1 ? 'one problem' : `${n} problems`}` : `Row ${index + 1}`;
}

export function GridHead({
  columns,
  template,
  width,
}: {
  columns: ColumnKey[];
  template: string;
  width: number;
}) {
  return (
    <div role="rowgroup" style={{ width }} className={classes.head}>
      <div role="row" aria-rowindex={1} className={classes.row} style={{ gridTemplateColumns: template }}>
        <div role="columnheader" className={`${classes.headCell} ${classes.rowHead}`}>
          No.
        </div>
        {columns.map((key) => (
          <div role="columnheader" key={key} className={classes.headCell}>
            {columnByKey.get(key)!.label}
            {key === 'summary' && (
              <span aria-hidden style={{ color: 'var(--mantine-color-red-filled)' }}>
                &nbsp;*
              </span>
            )}
          </div>
        ))}
      </div>
    </div>
  );
}

export const GridRowView = memo(function GridRowView({
  row,
  index,
  columns,
  template,
  errors,
  top,
  selected,
  readOnly,
  onCell,
}: {
  row: GridRow;
  index: number;
  columns: ColumnKey[];
  template: string;
  errors: RowErrors;
  top: number;
  selected: boolean;
  readOnly: boolean;
  onCell: (index: number, key: ColumnKey, value: string) => void;
}) {
  const hasErrors = Object.keys(errors).length > 0;
  const state = row.created ? 'created' : hasErrors ? 'error' : undefined;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-created={row.created ? '' : undefined}
      className={classes.row}
      style={{ gridTemplateColumns: template, transform: `translateY(${top}px)` }}
    >
      <div
        role="rowheader"
        className={classes.rowHead}
        data-state={state}
        aria-label={rowLabel(row, index, errors)}
        title={errors._row}
      >
        {row.created ? `#${row.created.number}` : index + 1}
        {!row.created && hasErrors && <span aria-hidden>⚠</span>}
      </div>
      {columns.map((key, c) => {
        const error = errors[key];
        const label = columnByKey.get(key)!.label;
        return (
          <div role="gridcell" key={key} className={classes.cell}>
            <input
              className={classes.input}
              data-cell={`${index}:${c}`}
              aria-label={`${label}, row ${index + 1}`}
              aria-invalid={error ? true : undefined}
              aria-description={error}
              title={error}
              value={row.values[key]}
              readOnly={readOnly || row.created !== undefined}
              list={key === 'status' ? 'punch-status-options' : undefined}
              autoComplete="off"
              spellCheck={key === 'summary' || key === 'description'}
              onChange={(e) => onCell(index, key, e.currentTarget.value)}
            />
          </div>
        );
      })}
    </div>
  );
});
