import type { ReportInput } from '@schutzwerk/shared/reports/reports.schema.ts';
import { api } from '#lib/api-client.ts';

export type PreviewResult = { columns: string[]; rows: string[][]; truncated: boolean };

/** A test run of the first rows of an unsaved definition. */
export async function previewReport(input: {
  sql: string;
  filters: ReportInput['filters'];
  timeoutSeconds: number;
}): Promise<PreviewResult> {
  return (await api.post<{ data: PreviewResult }>('reports/preview', input)).data;
}
