/** The two organisation trees; also the path segment of their API (`/api/locations/…`, `/api/departments/…`). */
export type OrgKind = 'locations' | 'departments';

export const organisationKeys = {
  all: ['organisation'] as const,
  kind: (kind: OrgKind) => [...organisationKeys.all, kind] as const,
  tree: (kind: OrgKind) => [...organisationKeys.kind(kind), 'tree'] as const,
  detail: (kind: OrgKind, id: number) => [...organisationKeys.kind(kind), 'detail', id] as const,
};
