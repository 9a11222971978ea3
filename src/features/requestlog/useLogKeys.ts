// Keyboard of the request log: ← → pages, ↑ ↓ selection, Enter opens, Esc clears the filters — only while no
// dialog (the drawer) is open and nobody is typing.
import { useEffect } from 'react';
import type { RequestLogEntry } from '../../contract/dtos';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface LogKeys {
  rows: RequestLogEntry[];
  selected: number | undefined;
  select: (id: number | undefined) => void;
  /** A request is open in the drawer. */
  drawerOpen: boolean;
  open: (id: number) => void;
  older: () => void;
  newer: () => void;
  /** Clears the filters; nothing when there are none. */
  clearFilters: (() => void) | undefined;
}

export function useLogKeys({
  rows,
  selected,
  select,
  drawerOpen,
  open,
  older,
  newer,
  clearFilters,
}: LogKeys) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
      if (drawerOpen || document.querySelector('[role="dialog"]')) return;
      const index = rows.findIndex((r) => r.id === selected);
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!rows.length) return;
        e.preventDefault();
        const to = e.key === 'ArrowDown' ? Math.min(index + 1, rows.length - 1) : Math.max(index - 1, 0);
        select(rows[index < 0 ? 0 : to].id);
      } else if (e.key === 'Enter' && selected !== undefined && index >= 0) {
        e.preventDefault();
        open(selected);
      } else if (e.key === 'ArrowRight') {
        e.preventDefault();
        older();
      } else if (e.key === 'ArrowLeft') {
        e.preventDefault();
        newer();
      } else if (e.key === 'Escape' && clearFilters) {
        e.preventDefault();
        clearFilters();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rows, selected, select, drawerOpen, open, older, newer, clearFilters]);
}
