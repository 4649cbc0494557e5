import type { Audit, UpdateAudit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

export function useUpdateAudit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateAudit) => (await api.put<{ data: Audit }>(`audits/${id}`, input)).data,
    onSuccess: (audit) => queryClient.setQueryData(auditKeys.detail(id), audit),
  });
}
