import type {
  CreateGroupFeedback,
  DepartmentEmployees,
  GroupFeedbackResult,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Sends a group feedback; the answer is the report (confirmed items and what failed, per employee and topic). */
export async function createGroupFeedback(input: CreateGroupFeedback): Promise<GroupFeedbackResult> {
  return (await api.post<{ data: GroupFeedbackResult }>('instructions/group-feedback', input)).data;
}

export function useCreateGroupFeedback() {
  return useMutation({ mutationFn: createGroupFeedback });
}

/** "Add from department": a sub-department's active employees in the caller's reach. */
export async function getDepartmentEmployees(departmentId: number): Promise<DepartmentEmployees> {
  return (
    await api.get<{ data: DepartmentEmployees }>('instructions/group-feedback/department-employees', {
      departmentId,
    })
  ).data;
}

export function useDepartmentEmployees() {
  return useMutation({ mutationFn: getDepartmentEmployees });
}
