import { apiDownload } from '#lib/api-client.ts';

/** The definition as a JSON file (name from the server). */
export function exportReport(id: number) {
  return apiDownload(`reports/${id}/export`);
}
