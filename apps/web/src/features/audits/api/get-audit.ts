import type { Audit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#lib/api-client.ts';
import { auditKeys } from './audit-keys.ts';

async function getAudit(id: number): Promise<Audit> {
  return (await api.get<{ data: Audit }>(`audits/${id}`)).data;
}

export const auditQueryOptions = (id: number) =>
  queryOptions({ queryKey: auditKeys.detail(id), queryFn: () => getAudit(id), staleTime: 0 });

export function useAudit(id: number, enabled = true) {
  return useQuery({ ...auditQueryOptions(id), enabled });
}
