// The RFI list's filter and sort: held here, so controls answer at once, and written to the URL a moment later
// as one history entry (replacing it); a change of the URL from elsewhere (Back, a link) replaces them.
import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { VIEW_PARAM } from '../../ui/views/model';
import { readListState, writeListState, type ListState } from './model/list';

export function useListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlString = searchParams.toString();
  const [state, setLocal] = useState<ListState>(() => readListState(searchParams));
  const written = useRef(urlString);
  useEffect(() => {
    if (urlString !== written.current) {
      written.current = urlString;
      setLocal(readListState(new URLSearchParams(urlString)));
    }
  }, [urlString]);
  const [settled] = useDebouncedValue(state, 250);
  useEffect(() => {
    // The saved view the address names (docs/views.md) stays named while its filters change ("modified").
    const params = writeListState(settled);
    const view = new URLSearchParams(written.current).get(VIEW_PARAM);
    if (view) params.set(VIEW_PARAM, view);
    const next = params.toString();
    if (next !== written.current) {
      written.current = next;
      setSearchParams(new URLSearchParams(next), { replace: true });
    }
  }, [settled, setSearchParams]);
  const setState = (patch: Partial<ListState>) => setLocal((s) => ({ ...s, ...patch }));
  return [state, setState] as const;
}
