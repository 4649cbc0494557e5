import type { CreateFinding } from '@schutzwerk/shared/audits/audits.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

type FindingRow = {
  id: number;
  designation: string;
  responsibleName: string;
  dueDate: string | null;
  done: boolean;
};

/** The audit's findings: its actions in the shared task list (source 'audit'). */
const findingsQueryOptions = (auditId: number) =>
  queryOptions({
    queryKey: auditKeys.findings(auditId),
    queryFn: async () =>
      (
        await api.get<{ data: { rows: FindingRow[] } }>('actions', {
          sourceType: 'audit',
          sourceId: auditId,
          limit: 100,
        })
      ).data.rows,
  });

export function useFindings(auditId: number, enabled: boolean) {
  return useQuery({ ...findingsQueryOptions(auditId), enabled });
}

export function useCreateFinding(auditId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateFinding) =>
      (await api.post<{ data: { actionId: number } }>(`audits/${auditId}/findings`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auditKeys.findings(auditId) }),
  });
}
