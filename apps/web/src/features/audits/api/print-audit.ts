import { apiDownload } from '#lib/api-client.ts';

/** The PDF of a finished audit (the report engine's frame, decision 059). */
export function downloadAuditPdf(id: number) {
  return apiDownload(`audits/${id}/print`, { method: 'GET' });
}
