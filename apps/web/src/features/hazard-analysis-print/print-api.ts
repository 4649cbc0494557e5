import { api, apiDownload } from '#lib/api-client.ts';

/** One assessment's PDF: the working copy or a frozen version (decision 022). */
export function downloadAssessmentPdf(target: { analysisId: number } | { versionId: number }) {
  const path =
    'analysisId' in target
      ? `hazardanalysis/${target.analysisId}/print`
      : `hazardanalysis/ref/${target.versionId}/print`;
  return apiDownload(path, { method: 'GET' });
}

export type DataTableRow = { id: number; checklist_collectiontree_route: number; hazard_count: number };

/**
 * The rows a list print covers (spec shell §7 `POST hazardanalysis/DataTable`): all ids of the current
 * search and filter, offset 0, limit 0 (all).
 */
export async function dataTable(input: {
  search: string;
  orderBy: string;
  orderDirection: 'asc' | 'desc';
  filter: Record<string, unknown>;
}): Promise<DataTableRow[]> {
  const res = await api.post<{ data: { rows: DataTableRow[] } }>('hazardanalysis/DataTable', {
    search: input.search,
    orderBy: input.orderBy,
    orderDirection: input.orderDirection,
    offset: 0,
    limit: 0,
    filter: JSON.stringify(input.filter),
  });
  return res.data.rows;
}

/**
 * Printable (spec shell §5.2): "only rows whose checklist_collectiontree_route is above 0" — an assessment
 * is printed in the list print once it carries its questionnaire (decision 058).
 */
export const isPrintable = (row: DataTableRow) => row.checklist_collectiontree_route > 0;
