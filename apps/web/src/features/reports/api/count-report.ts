import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { type GenerateInput, generateBody } from './generate-report.ts';
import { reportKeys } from './report-keys.ts';

export type ReportCount = { count: number; warning: string | null };

/** How many records the report would print with these filters, and the warning above 1000. */
export async function countReport(input: GenerateInput): Promise<ReportCount> {
  return (await api.post<{ data: ReportCount }>('reports/count', generateBody(input))).data;
}

export function reportCountQueryOptions(input: GenerateInput) {
  return queryOptions({
    queryKey: reportKeys.count(input.reportId, JSON.stringify([input.filter, input.recordList ?? null])),
    queryFn: () => countReport(input),
    staleTime: 0,
  });
}
