import { apiDownload } from '#lib/api-client.ts';

/** The JSON export file (name from the server). */
export function exportFactorMenu(id: number) {
  return apiDownload(`factormenus/${id}/export`);
}
