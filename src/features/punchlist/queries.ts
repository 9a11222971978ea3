// Operation 5 as a mutation: the whole grid, in batches with retries (create.ts). There is no punch-list read in
// the interface, so nothing is invalidated.
import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import type { PunchList } from '../../contract/dtos';
import { createItems, type Progress } from './create';

export function useCreatePunchItems(onProgress: (p: Progress) => void) {
  return useMutation({
    mutationKey: ['punchList', 'createMany'],
    mutationFn: (items: PunchList[]) =>
      createItems(items, {
        send: async (list) => {
          const reply = await call('PunchListCreateManyRequest', { punchlistList: list });
          return reply.returnedIdList ?? [];
        },
        onProgress,
      }),
  });
}
