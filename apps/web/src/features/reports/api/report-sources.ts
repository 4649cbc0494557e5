/** List sources of the report module (list protocol): the manager's list and the print dialog's picker. */
export const REPORT_LIST_SOURCE = 'reports';
export const REPORT_PICKER_SOURCE = 'reports/picker';

export type ReportListRow = {
  id: number;
  reportname: string;
  controller: string;
  formats: string[];
  version: number;
};
export type ReportPickerRow = { id: number; reportname: string; formats: ('pdf' | 'xlsx' | 'csv')[] };
