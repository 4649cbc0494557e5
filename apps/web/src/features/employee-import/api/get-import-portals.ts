import type { ImportPortal } from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { employeeImportKeys } from './employee-import-keys.ts';

/** Target portals: every portal from the main portal, otherwise the caller's own. */
export async function getImportPortals(): Promise<ImportPortal[]> {
  return (await api.get<{ data: ImportPortal[] }>('employee/import/portals')).data;
}

export const importPortalsQueryOptions = () =>
  queryOptions({ queryKey: employeeImportKeys.portals(), queryFn: getImportPortals, staleTime: 0 });

export function useImportPortals() {
  return useQuery(importPortalsQueryOptions());
}
