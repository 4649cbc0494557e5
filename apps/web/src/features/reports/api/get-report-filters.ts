import type { reportDialogFilterSchema } from '@schutzwerk/shared/reports/reports.schema.ts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '#lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

export type ReportDialogFilter = z.infer<typeof reportDialogFilterSchema>;

/** The filters the print dialog shows for a report (hidden ones stay on the server). */
export async function getReportFilters(reportId: number): Promise<ReportDialogFilter[]> {
  return (
    await api.get<{ data: { filters: ReportDialogFilter[] } }>('reports/getFilters', { reportid: reportId })
  ).data.filters;
}

export function reportFiltersQueryOptions(reportId: number) {
  return queryOptions({ queryKey: reportKeys.filters(reportId), queryFn: () => getReportFilters(reportId) });
}
