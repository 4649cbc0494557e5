/** The reports feature's public face for other features (decision 029). */
export { ReportPrintDialog } from './components/report-print-dialog.tsx';
