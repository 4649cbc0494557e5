import type {
  ConvertEmployee,
  CopyAssignments,
  Employee,
  EmployeeAssignments,
  UpdateEmployeeAssignments,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '#lib/api-client.ts';
import { employeeKeys } from './employee-keys.ts';

export const assignmentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: employeeKeys.assignments(id),
    queryFn: async () => (await api.get<{ data: EmployeeAssignments }>(`employee/${id}/assignments`)).data,
    staleTime: 0,
  });

export function useEmployeeAssignments(id: number) {
  return useQuery(assignmentsQueryOptions(id));
}

/** The id sets the assignment tabs change. */
export type AssignmentIds = Required<Omit<UpdateEmployeeAssignments, 'version'>>;

export function idsOf(a: EmployeeAssignments): AssignmentIds {
  return {
    portalIds: a.portals.map((p) => p.id),
    departmentIds: a.departments.map((d) => d.id),
    locationIds: a.locations.map((l) => l.id),
    ledEmployeeIds: a.ledEmployees.map((e) => e.id),
  };
}

/**
 * A change is a delta ('add Halle 2', 'remove Frau Becker') applied to the latest state. When someone
 * else saved in between (409 CONFLICT), the same delta is applied once more to the fresh state, so the
 * user's choice is not lost and the other person's change stays too.
 */
export type AssignmentDelta = (current: AssignmentIds) => Partial<AssignmentIds>;

export function useUpdateAssignments(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (delta: AssignmentDelta) => {
      const put = async (state: EmployeeAssignments) =>
        (
          await api.put<{ data: EmployeeAssignments }>(`employee/${id}/assignments`, {
            version: state.version,
            ...delta(idsOf(state)),
          })
        ).data;
      const known =
        queryClient.getQueryData<EmployeeAssignments>(employeeKeys.assignments(id)) ??
        (await queryClient.fetchQuery(assignmentsQueryOptions(id)));
      try {
        return await put(known);
      } catch (error) {
        if (!isApiError(error) || error.code !== 'CONFLICT') throw error;
        const fresh = await queryClient.fetchQuery({ ...assignmentsQueryOptions(id), staleTime: 0 });
        return put(fresh);
      }
    },
    onSuccess: (data) => queryClient.setQueryData(employeeKeys.assignments(id), data),
  });
}

export function useConvertEmployee(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ConvertEmployee) =>
      (await api.post<{ data: Employee }>(`employee/${id}/convert`, input)).data,
    onSuccess: (employee) => queryClient.setQueryData(employeeKeys.detail(id), employee),
  });
}

export function useCopyAssignments(sourceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CopyAssignments) =>
      (await api.post<{ data: { updated: number } }>(`employee/${sourceId}/copy-assignments`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
