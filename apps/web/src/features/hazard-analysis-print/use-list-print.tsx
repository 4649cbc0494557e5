import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ReportPrintDialog } from '#features/reports/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { dataTable, isPrintable } from './print-api.ts';

/**
 * The list print of /hazardanalysis/list (spec shell §5.2): only after a search or a filter; asks the
 * server for the filtered rows (DataTable) and opens the report print dialog (controller 'hazardanalysis')
 * with the printable ones as RecordList. The dialog's count brings the 1000-record warning.
 */
export function useHazardAnalysisListPrint(input: {
  search: string;
  /** Whether the user narrowed the list with the filter (a status other than the unfiltered default). */
  filtered: boolean;
  orderBy: string;
  orderDirection: 'asc' | 'desc';
  filter: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [records, setRecords] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    if (busy) return;
    if (input.search.trim() === '' && !input.filtered) {
      notify(t('hazardAnalysisPrint.noFilter'), 'warning');
      return;
    }
    setBusy(true);
    try {
      const rows = await dataTable(input);
      const printable = rows.filter(isPrintable).map((r) => r.id);
      if (printable.length === 0) notify(t('hazardAnalysisPrint.nothingPrintable'), 'warning');
      else setRecords(printable);
    } catch (error) {
      notify(t('hazardAnalysisPrint.failed', { message: errorMessage(error, t) }), 'error');
    } finally {
      setBusy(false);
    }
  };

  const dialog =
    records !== null ? (
      <ReportPrintDialog controller="hazardanalysis" recordList={records} onClose={() => setRecords(null)} />
    ) : null;
  return { start: () => void start(), dialog };
}
