import type { Accident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { accidentKeys } from './accident-keys.ts';

/** One report (each read is written to the change log on the server). */
export async function getAccident(id: number): Promise<Accident> {
  return (await api.get<{ data: Accident }>(`accidents/${id}`)).data;
}

export const accidentQueryOptions = (id: number) =>
  queryOptions({ queryKey: accidentKeys.detail(id), queryFn: () => getAccident(id), staleTime: 0 });

export function useAccident(id: number, enabled = true) {
  return useQuery({ ...accidentQueryOptions(id), enabled });
}
