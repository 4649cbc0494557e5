import type { Report, ReportInput } from '@schutzwerk/shared/reports/reports.schema.ts';
import { api } from '#lib/api-client.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateReport(id: number, input: ReportInput & { version: number }): Promise<Report> {
  return (await api.put<{ data: Report }>(`reports/${id}`, input)).data;
}
