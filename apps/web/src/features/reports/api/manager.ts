import type { Report, ReportInput } from '@schutzwerk/shared/reports/reports.schema.ts';
import { api, apiDownload } from '#lib/api-client.ts';

export const REPORT_LIST_SOURCE = 'reports';

export type ReportListRow = {
  id: number;
  reportname: string;
  controller: string;
  formats: string[];
  version: number;
};
export type PreviewResult = { columns: string[]; rows: string[][]; truncated: boolean };

export async function getReport(id: number): Promise<Report> {
  return (await api.get<{ data: Report }>(`reports/${id}`)).data;
}
export async function createReport(input: ReportInput): Promise<Report> {
  return (await api.post<{ data: Report }>('reports', input)).data;
}
export async function updateReport(id: number, input: ReportInput & { version: number }): Promise<Report> {
  return (await api.put<{ data: Report }>(`reports/${id}`, input)).data;
}
export function deleteReport(id: number, version: number): Promise<void> {
  return api.delete(`reports/${id}`, { version });
}
export async function previewReport(input: {
  sql: string;
  filters: ReportInput['filters'];
  timeoutSeconds: number;
}): Promise<PreviewResult> {
  return (await api.post<{ data: PreviewResult }>('reports/preview', input)).data;
}
export async function importReport(content: string): Promise<Report> {
  return (await api.post<{ data: Report }>('reports/import', { content })).data;
}
export function exportReport(id: number) {
  return apiDownload(`reports/${id}/export`);
}
