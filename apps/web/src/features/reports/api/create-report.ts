import type { Report, ReportInput } from '@schutzwerk/shared/reports/reports.schema.ts';
import { api } from '#lib/api-client.ts';

/** The server checks the SQL (one plain SELECT …) and names the reason when it refuses. */
export async function createReport(input: ReportInput): Promise<Report> {
  return (await api.post<{ data: Report }>('reports', input)).data;
}
