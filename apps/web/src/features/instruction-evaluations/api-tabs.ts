import type {
  EmployeeInfo,
  MasterData,
  ProfileEvaluations,
} from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';
import { type EvaluationFilter, evaluationKeys, filterParams } from './api.ts';

/** The tabs „Stammdaten“, „Mitarbeiterinfo“ and „Profile“ of the evaluations page (decision 076). */

const tabKeys = {
  masterData: (filter: EvaluationFilter, reload: number) =>
    [...evaluationKeys.all, 'master-data', filter, reload] as const,
  profiles: (filter: EvaluationFilter, reload: number) =>
    [...evaluationKeys.all, 'profiles', filter, reload] as const,
  employee: (employeeId: number | null, year: number, reload: number) =>
    [...evaluationKeys.all, 'employee', employeeId, year, reload] as const,
};

/** The topics' master data with the year's figures (`reload` changes with „Anzeigen“). */
export function useMasterData(filter: EvaluationFilter, reload: number) {
  return useQuery({
    queryKey: tabKeys.masterData(filter, reload),
    queryFn: async () =>
      (await api.get<{ data: MasterData }>('instructions/evaluations/master-data', filterParams(filter)))
        .data,
    placeholderData: keepPreviousData,
  });
}

/** The profiles with the employees they reach and the year's rate of their topics. */
export function useProfileEvaluations(filter: EvaluationFilter, reload: number) {
  return useQuery({
    queryKey: tabKeys.profiles(filter, reload),
    queryFn: async () =>
      (await api.get<{ data: ProfileEvaluations }>('instructions/evaluations/profiles', filterParams(filter)))
        .data,
    placeholderData: keepPreviousData,
  });
}

/** One employee's items of every year (only within the viewer's reach; externals and inactive ones by right). */
export function useEmployeeInfo(employeeId: number | null, year: number, reload: number) {
  return useQuery({
    queryKey: tabKeys.employee(employeeId, year, reload),
    queryFn: async () =>
      (await api.get<{ data: EmployeeInfo }>(`instructions/evaluations/employees/${employeeId}`, { year }))
        .data,
    enabled: employeeId !== null,
    retry: false,
    // A refused employee (external or inactive without the right, out of reach: 403 with its own message) is
    // shown in the tab, not as the page's 'Keine Berechtigung.' screen (query-client.ts).
    throwOnError: false,
  });
}

/** The master data or profiles table as XLSX or PDF. */
export function downloadTab(
  filter: EvaluationFilter,
  table: 'master-data' | 'profiles',
  format: 'xlsx' | 'pdf',
) {
  return apiDownload(`instructions/evaluations/${table}/export`, {
    method: 'GET',
    query: { ...filterParams(filter), format },
  });
}

/** One employee's items as XLSX or PDF. */
export function downloadEmployee(employeeId: number, year: number, format: 'xlsx' | 'pdf') {
  return apiDownload(`instructions/evaluations/employees/${employeeId}/export`, {
    method: 'GET',
    query: { year, format },
  });
}
