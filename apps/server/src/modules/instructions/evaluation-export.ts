import { renderPdf, renderXlsx } from '#modules/reports/index.ts';

export type EvaluationPrint = { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
export type EvaluationFile = { file: Buffer; fileName: string; contentType: string };

/**
 * One evaluation table as a file (decisions 073, 075–077): XLSX plain, the PDF in the product's frame with the
 * company name, logo, print date and the filters named above the table. `fileName` comes without extension.
 */
export async function renderEvaluationTable(
  print: EvaluationPrint,
  printedAt: Date,
  format: 'xlsx' | 'pdf',
  table: {
    title: string;
    fileName: string;
    columns: string[];
    rows: Record<string, unknown>[];
    filters: { label: string; value: string }[];
  },
): Promise<EvaluationFile> {
  const { title, columns, rows, filters } = table;
  const fileName = `${table.fileName}.${format}`;
  if (format === 'xlsx') {
    const file = await renderXlsx({ title, columns, rows, companyName: '', filters: [], printedAt });
    return {
      file,
      fileName,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  }
  const [companyName, logo] = await Promise.all([print.companyName(), print.logo()]);
  const file = await renderPdf({ title, columns, rows, companyName, filters, printedAt, logo });
  return { file, fileName, contentType: 'application/pdf' };
}
