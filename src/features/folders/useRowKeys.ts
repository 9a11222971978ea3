// Keyboard for the virtualised document rows and cards: one row is the tab stop (roving tabindex); arrows,
// Page Up/Down, Home and End move it (scrolling the row into view first when it is not rendered yet); Enter opens
// the focused row's document. Rows and cards carry `data-index`.
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

const PAGE = 10;

export function useRowKeys({
  count,
  scrollToIndex,
  onEnter,
}: {
  count: number;
  scrollToIndex: (index: number) => void;
  onEnter: (index: number, row: HTMLElement) => void;
}) {
  const [active, setActive] = useState(0);
  const containerRef = useRef<HTMLElement | null>(null);
  const container = useCallback((el: HTMLElement | null) => {
    containerRef.current = el;
  }, []);
  // A row to focus once it is rendered (after a scroll it may take a render or two).
  const pending = useRef<number | null>(null);

  useEffect(() => {
    if (pending.current === null) return;
    const row = containerRef.current?.querySelector<HTMLElement>(`[data-index="${pending.current}"]`);
    if (!row) return;
    pending.current = null;
    row.focus({ preventScroll: true });
    row.scrollIntoView?.({ block: 'nearest' });
  });

  const last = Math.max(0, count - 1);
  const move = (to: number) => {
    const index = Math.min(Math.max(to, 0), last);
    setActive(index);
    pending.current = index;
    scrollToIndex(index);
  };

  const rowOf = (target: EventTarget) => (target as HTMLElement).closest<HTMLElement>('[data-index]');

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const row = rowOf(e.target);
    // Keys on a link or button inside the row are theirs.
    if (!row || e.target !== row || e.altKey || e.ctrlKey || e.metaKey) return;
    const index = Number(row.dataset.index);
    const to = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + PAGE,
      PageUp: index - PAGE,
      Home: 0,
      End: last,
    }[e.key];
    if (e.key === 'Enter') onEnter(index, row);
    else if (to !== undefined) move(to);
    else return;
    e.preventDefault();
  };

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    const row = rowOf(e.target);
    if (row && e.target === row) setActive(Number(row.dataset.index));
  };

  return { active: Math.min(active, last), container, onKeyDown, onFocus };
}
