// The punch grid's draft: kept per user and punch list until the rows are created.
import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { isBlank, newRow, type ColumnKey, type GridRow } from './model';

/**
 * The grid's rows and hidden columns, started from the draft kept on this device; the draft follows the grid
 * (debounced) and is written at once when the tab is hidden or closed.
 */
export function usePunchDraft(userName: string | undefined, containerId: number) {
  const [restored] = useState(() => loadDraft(userName, containerId));
  const [rows, setRows] = useState<GridRow[]>(() =>
    restored && restored.rows.length ? restored.rows : [newRow()],
  );
  const [hidden, setHidden] = useState<ColumnKey[]>(() => restored?.hidden ?? []);
  const [storageFailed, setStorageFailed] = useState(false);
  const latest = useRef({ rows, hidden });
  useEffect(() => {
    latest.current = { rows, hidden };
  });
  const writeDraft = useCallback(() => {
    const { rows: rs, hidden: hd } = latest.current;
    if (rs.some((r) => !r.created && !isBlank(r))) {
      setStorageFailed(!saveDraft(userName, containerId, { rows: rs, hidden: hd, savedAt: Date.now() }));
    } else {
      clearDraft(userName, containerId);
    }
  }, [userName, containerId]);
  useEffect(() => {
    const t = setTimeout(writeDraft, 300);
    return () => clearTimeout(t);
  }, [rows, hidden, writeDraft]);
  useEffect(() => {
    const flush = () => writeDraft();
    const onVisibility = () => document.visibilityState === 'hidden' && writeDraft();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      writeDraft();
    };
  }, [writeDraft]);

  const discard = () => {
    setRows([newRow()]);
    clearDraft(userName, containerId);
  };

  return { restored, rows, setRows, hidden, setHidden, storageFailed, discard };
}
