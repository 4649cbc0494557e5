import type { ImportHazardBricksResult } from '@schutzwerk/shared/hazard-bricks/hazard-bricks-file.schema.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';

/** Imports a file exported by useExportHazardBricks (all or nothing). */
export async function importHazardBricks(content: string): Promise<ImportHazardBricksResult> {
  return (await api.post<{ data: ImportHazardBricksResult }>('hazardbricks/import', { content })).data;
}

export function useImportHazardBricks() {
  return useMutation({ mutationFn: importHazardBricks });
}
