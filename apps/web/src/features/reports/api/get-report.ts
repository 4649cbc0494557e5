import type { Report } from '@schutzwerk/shared/reports/reports.schema.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { reportKeys } from './report-keys.ts';

export async function getReport(id: number): Promise<Report> {
  return (await api.get<{ data: Report }>(`reports/${id}`)).data;
}

export const reportQueryOptions = (id: number) =>
  queryOptions({ queryKey: reportKeys.detail(id), queryFn: () => getReport(id) });
