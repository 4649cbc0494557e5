import type {
  DashboardExport,
  DashboardRange,
  EvaluationDashboard,
} from '@schutzwerk/shared/instructions/evaluations-dashboard.schema.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiDownload } from '#lib/api-client.ts';
import { type EvaluationFilter, evaluationKeys, filterParams } from './api.ts';

/** The dashboard of a range ending today with the page's filters (decision 077; its year is not used). */
export function useEvaluationDashboard(filter: EvaluationFilter, range: DashboardRange) {
  return useQuery({
    queryKey: [...evaluationKeys.all, 'dashboard', filter, range] as const,
    queryFn: async () =>
      (
        await api.get<{ data: EvaluationDashboard }>('instructions/evaluations/dashboard', {
          ...filterParams(filter, false),
          range,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** A dashboard table as XLSX or PDF (the report engine). */
export function downloadDashboard(
  filter: EvaluationFilter,
  range: DashboardRange,
  table: DashboardExport,
  format: 'xlsx' | 'pdf',
) {
  return apiDownload('instructions/evaluations/dashboard/export', {
    method: 'GET',
    query: { ...filterParams(filter, false), range, table, format },
  });
}
