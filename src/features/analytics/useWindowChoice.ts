// The analytics page's window and user as they live in the address (model/window.ts reads and writes them): a
// new choice replaces the search parameters, so a window can be shared, reloaded and gone back to.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseWindow, writeWindow, type WindowChoice } from './model/window';

export function useWindowChoice(): [WindowChoice, (c: WindowChoice) => void] {
  const [search, setSearch] = useSearchParams();
  const choice = useMemo(() => parseWindow(search), [search]);
  const setChoice = useCallback((c: WindowChoice) => setSearch(writeWindow(c)), [setSearch]);
  return [choice, setChoice];
}
