import type { Audit, AuditTransition } from '@schutzwerk/shared/audits/audits.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

/** start, finish or cancel an audit (the server checks state, rights and the checklists). */
export function useTransitionAudit(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { version: number; action: AuditTransition }) =>
      (await api.post<{ data: Audit }>(`audits/${id}/transition`, input)).data,
    onSuccess: (audit) => queryClient.setQueryData(auditKeys.detail(id), audit),
  });
}
