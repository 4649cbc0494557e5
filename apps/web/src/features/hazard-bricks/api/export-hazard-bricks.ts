import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '#lib/api-client.ts';

/** Downloads the bricks of the current search (all when empty) as a JSON file. */
export function exportHazardBricks(search: string) {
  return apiDownload('hazardbricks/export', { query: search ? { search } : {} });
}

export function useExportHazardBricks() {
  return useMutation({
    mutationFn: exportHazardBricks,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'gefaehrdungsbausteine.hazardbricks.json'),
  });
}
