import type { ImportHazardBricksResult } from '@schutzwerk/shared/hazard-bricks/hazard-bricks-file.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api, apiDownload, saveBlob } from '#lib/api-client.ts';

/** Downloads the bricks of the current search (all when empty) as a JSON file. */
export function useExportHazardBricks() {
  return useMutation({
    mutationFn: (search: string) => apiDownload('hazardbricks/export', { query: search ? { search } : {} }),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'gefaehrdungsbausteine.hazardbricks.json'),
  });
}

/** Imports a file exported by useExportHazardBricks (all or nothing). */
export function useImportHazardBricks() {
  return useMutation({
    mutationFn: async (content: string) =>
      (await api.post<{ data: ImportHazardBricksResult }>('hazardbricks/import', { content })).data,
  });
}
