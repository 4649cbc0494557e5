import type {
  ApprovalDecision,
  ChecklistWorkflow,
  InstanceApproval,
  UpdateChecklistWorkflow,
} from '@schutzwerk/shared/checklists/checklist-workflow.schema.ts';
import type { ChecklistRow } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { checklistKeys } from './checklist-keys.ts';

const workflowKey = (id: number) => [...checklistKeys.all, 'workflow', id] as const;
const approvalKey = (id: number, instanceId: number) =>
  [...checklistKeys.all, 'approval', id, instanceId] as const;

/** The builder's workflow, e-mail and printer settings (decision 066). */
export function useChecklistWorkflow(id: number) {
  return useQuery({
    queryKey: workflowKey(id),
    queryFn: async () => (await api.get<{ data: ChecklistWorkflow }>(`checklists/${id}/workflow`)).data,
  });
}

/** Whole-record PUT of the settings on the version they were read with (409 CONFLICT when stale). */
export function useSaveChecklistWorkflow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateChecklistWorkflow) =>
      (await api.put<{ data: ChecklistWorkflow }>(`checklists/${id}/workflow`, input)).data,
    onSuccess: (w) => queryClient.setQueryData(workflowKey(id), w),
  });
}

/** The active checklists of the portal, for the next step. */
export function useChecklistChoices() {
  return useQuery({
    queryKey: [...checklistKeys.all, 'choices'],
    queryFn: async () =>
      (await api.get<{ data: ListResult<ChecklistRow> }>('checklists?limit=100&orderBy=label')).data.rows,
  });
}

/**
 * The instance's approval state. `optional`: a reader who may not see the approval (a questionnaire's filler
 * without checklist rights gets 403) keeps the page; the state is then unknown and the server still decides.
 */
export function useInstanceApproval(id: number, instanceId: number, options: { optional?: boolean } = {}) {
  return useQuery({
    queryKey: approvalKey(id, instanceId),
    queryFn: async () =>
      (await api.get<{ data: InstanceApproval }>(`checklists/${id}/instances/${instanceId}/approval`)).data,
    ...(options.optional ? { throwOnError: false } : {}),
  });
}

/** Approves or rejects a submitted checklist; the instance is reloaded afterwards (a rejection reopens it). */
export function useDecideApproval(id: number, instanceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApprovalDecision) =>
      (await api.post<{ data: InstanceApproval }>(`checklists/${id}/instances/${instanceId}/approval`, input))
        .data,
    onSuccess: (a) => {
      queryClient.setQueryData(approvalKey(id, instanceId), a);
      void queryClient.invalidateQueries({ queryKey: checklistKeys.instance(id, instanceId) });
    },
  });
}

/** After a save of answers the approval may have changed (submitted). */
export function useRefreshApproval(id: number, instanceId: number) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: approvalKey(id, instanceId) });
}
