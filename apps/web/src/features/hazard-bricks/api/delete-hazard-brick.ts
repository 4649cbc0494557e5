import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardBrickKeys } from './hazard-brick-keys.ts';

/** 409 CONFLICT on a stale version; refused while a hazard assessment uses the brick. */
export function deleteHazardBrick(id: number, version: number): Promise<void> {
  return api.delete(`hazardbricks/${id}`, { version });
}

export function useDeleteHazardBrick(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => deleteHazardBrick(id, version),
    onSuccess: () => queryClient.removeQueries({ queryKey: hazardBrickKeys.detail(id) }),
  });
}
