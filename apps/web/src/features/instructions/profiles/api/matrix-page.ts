import type { MatrixRow } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { profileKeys } from './profile-keys.ts';

export type MatrixParams = {
  search: string;
  offset: number;
  departmentId?: number | undefined;
  locationId?: number | undefined;
  /** The department/location filter includes sub-units (the server's default). */
  subUnits: boolean;
};

/** One page (100 employees) of the matrix with their cells (list protocol, POST). */
export async function getMatrixPage(params: MatrixParams): Promise<ListResult<MatrixRow>> {
  const body = Object.fromEntries(
    Object.entries({ ...params, search: params.search || undefined, limit: 100 }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return (await api.post<{ data: ListResult<MatrixRow> }>('instructions/matrix/list', body)).data;
}

export function useMatrixPage(params: MatrixParams) {
  return useQuery({
    queryKey: profileKeys.matrix(params),
    queryFn: () => getMatrixPage(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
