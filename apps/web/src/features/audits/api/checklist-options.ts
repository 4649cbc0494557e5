import { useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

export type ChecklistOption = { id: number; label: string };

/** Active checklists of the portal an audit can use (the first 100 by label). */
export function useChecklistOptions(enabled: boolean) {
  return useQuery({
    queryKey: auditKeys.checklistOptions(),
    enabled,
    queryFn: async () =>
      (
        await api.get<{ data: { rows: ChecklistOption[] } }>('checklists', {
          status: 'active',
          limit: 100,
          orderBy: 'label',
        })
      ).data.rows.map((r) => ({ id: r.id, label: r.label })),
  });
}
