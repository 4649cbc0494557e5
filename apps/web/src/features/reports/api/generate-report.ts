import { apiDownload } from '#lib/api-client.ts';

export type GenerateInput = {
  reportId: number;
  userId: number;
  art: 1 | 2 | 3;
  filter: Record<string, string>;
  /** The records a list print covers (RecordList, bound as `:recordlist`); none = the report's own query. */
  recordList?: number[] | undefined;
};

/** The request body of a report run (generate and count take the same). */
export function generateBody(input: GenerateInput) {
  return {
    ReportID: input.reportId,
    UserID: input.userId,
    Art: input.art,
    Filter: JSON.stringify(input.filter),
    ...(input.recordList ? { RecordList: input.recordList } : {}),
    UserLanguage: 'de',
  };
}

/** The printed report (PDF, XLSX or CSV) with its file name. */
export function generateReport(input: GenerateInput) {
  return apiDownload('reports/generate', { method: 'POST', body: generateBody(input) });
}
