import type { Report } from '@schutzwerk/shared/reports/reports.schema.ts';
import { api } from '#lib/api-client.ts';

/** Imports a definition exported by exportReport. */
export async function importReport(content: string): Promise<Report> {
  return (await api.post<{ data: Report }>('reports/import', { content })).data;
}
