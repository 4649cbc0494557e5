import type { Audit, CreateAudit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

export function useCreateAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateAudit) => (await api.post<{ data: Audit }>('audits', input)).data,
    onSuccess: (audit) => queryClient.setQueryData(auditKeys.detail(audit.id), audit),
  });
}
