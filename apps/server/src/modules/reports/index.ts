/**
 * The public face of the reports module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The measuring helpers every PDF of the product lays its text out with (rows grow, words stay whole).
export { fitColumnWidths, textHeight, widestWord } from './pdf-text.ts';
// The download header, the PDF frame and the table writers other modules' exports and prints use.
export { formatPrintDate, openPdf, renderPdf, renderXlsx } from './report-render.ts';
// The module factory (wiring in app.ts) and the service other modules get handed there.
export { reportsModule } from './reports.module.ts';
export { contentDisposition } from './reports.routes.ts';
export type { ReportsService } from './reports.service.ts';
