import type { reportDialogFilterSchema } from '@schutzwerk/shared/reports/reports.schema.ts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiDownload } from '#lib/api-client.ts';

export type ReportDialogFilter = z.infer<typeof reportDialogFilterSchema>;
export type ReportPickerRow = { id: number; reportname: string; formats: ('pdf' | 'xlsx' | 'csv')[] };

export const REPORT_PICKER_SOURCE = 'reports/picker';

export const reportKeys = {
  all: ['reports'] as const,
  filters: (id: number) => [...reportKeys.all, 'filters', id] as const,
  count: (id: number, filter: string) => [...reportKeys.all, 'count', id, filter] as const,
};

/** The filters the print dialog shows for a report (hidden ones stay on the server). */
export function reportFiltersQueryOptions(reportId: number) {
  return queryOptions({
    queryKey: reportKeys.filters(reportId),
    queryFn: async () =>
      (
        await api.get<{ data: { filters: ReportDialogFilter[] } }>('reports/getFilters', {
          reportid: reportId,
        })
      ).data.filters,
  });
}

export type GenerateInput = {
  reportId: number;
  userId: number;
  art: 1 | 2 | 3;
  filter: Record<string, string>;
  /** The records a list print covers (RecordList, bound as `:recordlist`); none = the report's own query. */
  recordList?: number[] | undefined;
};

function body(input: GenerateInput) {
  return {
    ReportID: input.reportId,
    UserID: input.userId,
    Art: input.art,
    Filter: JSON.stringify(input.filter),
    ...(input.recordList ? { RecordList: input.recordList } : {}),
    UserLanguage: 'de',
  };
}

/** How many records the report would print with these filters, and the warning above 1000. */
export function reportCountQueryOptions(input: GenerateInput) {
  return queryOptions({
    queryKey: reportKeys.count(input.reportId, JSON.stringify([input.filter, input.recordList ?? null])),
    queryFn: async () =>
      (await api.post<{ data: { count: number; warning: string | null } }>('reports/count', body(input)))
        .data,
    staleTime: 0,
  });
}

export function generateReport(input: GenerateInput) {
  return apiDownload('reports/generate', { method: 'POST', body: body(input) });
}
