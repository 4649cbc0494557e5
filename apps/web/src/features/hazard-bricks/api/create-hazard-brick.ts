import type {
  CreateHazardBrick,
  HazardBrick,
} from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardBrickKeys } from './hazard-brick-keys.ts';

export async function createHazardBrick(input: CreateHazardBrick): Promise<HazardBrick> {
  return (await api.post<{ data: HazardBrick }>('hazardbricks', input)).data;
}

export function useCreateHazardBrick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHazardBrick,
    onSuccess: (brick) => queryClient.setQueryData(hazardBrickKeys.detail(brick.id), brick),
  });
}
