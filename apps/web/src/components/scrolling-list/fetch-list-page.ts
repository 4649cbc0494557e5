import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { api, type QueryValue } from '#lib/api-client.ts';

export type ListRequest = {
  search?: string | undefined;
  orderBy?: string | undefined;
  orderDirection?: 'asc' | 'desc' | undefined;
  offset: number;
  limit: number;
  /** The source's own filters (e.g. `active` of the employee list). */
  params?: Record<string, QueryValue> | undefined;
};

/** One page of a list source (list protocol, spec shell §7): GET with a query string or POST with a body. */
export async function fetchListPage<Row>(
  source: string,
  request: ListRequest,
  method: 'GET' | 'POST' = 'GET',
  signal?: AbortSignal,
): Promise<ListResult<Row>> {
  const fields: Record<string, QueryValue> = {
    ...request.params,
    search: request.search ? request.search : undefined,
    orderBy: request.orderBy,
    orderDirection: request.orderDirection,
    offset: request.offset,
    limit: request.limit,
  };
  const answer =
    method === 'POST'
      ? await api.post<{ data: ListResult<Row> }>(
          source,
          Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null)),
          signal,
        )
      : await api.get<{ data: ListResult<Row> }>(source, fields, signal);
  return { rows: answer.data.rows, filteredCount: answer.data.filteredCount };
}
