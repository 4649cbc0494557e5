import type {
  HazardBrick,
  UpdateHazardBrick,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardBrickKeys } from './hazard-brick-keys.ts';

/** PUT with the version the form is based on; a stale version answers 409 CONFLICT. */
export async function updateHazardBrick(id: number, input: UpdateHazardBrick): Promise<HazardBrick> {
  return (await api.put<{ data: HazardBrick }>(`hazardbricks/${id}`, input)).data;
}

export function useUpdateHazardBrick(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateHazardBrick) => updateHazardBrick(id, input),
    onSuccess: (brick) => queryClient.setQueryData(hazardBrickKeys.detail(id), brick),
  });
}
