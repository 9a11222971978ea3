// The items created from this browser for the screen (createdHere.ts), and `record` for the rows a create
// answered.
import { useCallback, useState } from 'react';
import { loadCreated, mergeCreated, saveCreated, type CreatedItem } from './createdHere';

export function useCreatedHere(userName: string | undefined, projectId: number) {
  const key = `${userName ?? ''}:${projectId}`;
  const [state, setState] = useState(() => ({ key, items: loadCreated(userName, projectId), kept: true }));
  // Another project's punch list in the same screen (the route keeps it mounted): that project's list.
  let current = state;
  if (state.key !== key) {
    current = { key, items: loadCreated(userName, projectId), kept: true };
    setState(current);
  }
  const record = useCallback(
    (added: CreatedItem[]) => {
      if (!added.length) return;
      // Read again first: another tab may have added items since this one loaded the list.
      const items = mergeCreated(loadCreated(userName, projectId), added);
      setState({ key, items, kept: saveCreated(userName, projectId, items) });
    },
    [key, userName, projectId],
  );
  return { items: current.items, kept: current.kept, record };
}
