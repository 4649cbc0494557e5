import { api } from '#lib/api-client.ts';

/** 409 CONFLICT on a stale version. */
export function deleteReport(id: number, version: number): Promise<void> {
  return api.delete(`reports/${id}`, { version });
}
