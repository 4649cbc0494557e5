import type { ViewerStatus } from '@schutzwerk/shared/audits/audits.schema.ts';
import type { ChecklistInstance } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

async function getInstances(id: number, viewerStatus: ViewerStatus | null): Promise<ChecklistInstance[]> {
  return (
    await api.get<{ data: ChecklistInstance[] }>(`checklists/${id}/instances`, {
      viewerStatus: viewerStatus ?? undefined,
    })
  ).data;
}

/** The filled instances, optionally of one viewer status (decision 059). */
export function useInstances(id: number, viewerStatus: ViewerStatus | null = null) {
  return useQuery({
    queryKey: [...checklistKeys.instances(id), viewerStatus ?? 'all'],
    queryFn: () => getInstances(id, viewerStatus),
    staleTime: 0,
  });
}
