import type {
  CreateGroupFeedback,
  DepartmentEmployees,
  GroupFeedback,
  GroupFeedbackResult,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';

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

/** The past group feedbacks (list protocol, decision 079): GET /api/instructions/group-feedback. */
export const GROUP_FEEDBACK_SOURCE = 'instructions/group-feedback';

export const groupFeedbackKeys = {
  one: (id: number) => ['group-feedback', id] as const,
};

/** One group feedback with the items the caller sees. */
export async function fetchGroupFeedback(id: number): Promise<GroupFeedback> {
  return (await api.get<{ data: GroupFeedback }>(`instructions/group-feedback/${id}`)).data;
}

export function useGroupFeedback(id: number | null) {
  return useQuery({
    queryKey: groupFeedbackKeys.one(id ?? 0),
    queryFn: () => fetchGroupFeedback(id ?? 0),
    enabled: id !== null,
  });
}

/** The attendance record PDF („Teilnahmenachweis“) under the name the server gives. */
export function downloadAttendanceRecord(id: number) {
  return apiDownload(`instructions/group-feedback/${id}/attendance-record`, { method: 'GET' });
}
