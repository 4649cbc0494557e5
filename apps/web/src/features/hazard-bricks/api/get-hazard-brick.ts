import type { HazardBrick } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { hazardBrickKeys } from './hazard-brick-keys.ts';

export async function getHazardBrick(id: number): Promise<HazardBrick> {
  return (await api.get<{ data: HazardBrick }>(`hazardbricks/${id}`)).data;
}

export const hazardBrickQueryOptions = (id: number) =>
  queryOptions({ queryKey: hazardBrickKeys.detail(id), queryFn: () => getHazardBrick(id), staleTime: 0 });

export function useHazardBrick(id: number, enabled = true) {
  return useQuery({ ...hazardBrickQueryOptions(id), enabled });
}
