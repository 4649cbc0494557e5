/**
 * Benchmark: the PDF report template (pdfkit, embedded DejaVu Sans) for 100, 1,000 and 10,000 rows of an
 * employee list with seven columns — the work `reports/generate` does after the query. Reports pages per
 * second and how the time grows with the rows (growth ratio: time(10×rows) / time(rows); 10 = linear).
 *
 *   npm run bench:reports
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_NAMES, LAST_NAMES } from '../apps/server/src/db/seed/names.ts';
import { pdfPageCount, renderPdf } from '../apps/server/src/modules/reports/report-render.ts';

const SIZES = [100, 1_000, 10_000];
const columns = ['Personalnummer', 'Nachname', 'Vorname', 'Abteilung', 'Ort', 'Status', 'Eintritt'];
const departments = ['Produktion Süd', 'Qualitätssicherung', 'Logistik & Versand', 'Geschäftsführung'];

function rows(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    Personalnummer: String(100000 + i),
    Nachname: LAST_NAMES[i % LAST_NAMES.length],
    Vorname: FIRST_NAMES[(i * 7) % FIRST_NAMES.length],
    Abteilung: departments[i % departments.length],
    Ort: i % 3 === 0 ? 'Köln-Mülheim' : 'Düsseldorf',
    Status: i % 11 === 0 ? 'inaktiv' : 'aktiv',
    Eintritt: new Date(Date.UTC(2000 + (i % 25), i % 12, 1 + (i % 28))),
  }));
}

async function once(n: number) {
  const data = rows(n);
  const started = performance.now();
  const pdf = await renderPdf({
    columns,
    rows: data,
    title: 'Mitarbeiterliste nach Abteilung',
    companyName: 'Rheinwerk Chemie GmbH',
    filters: [{ label: 'nur aktive', value: 'ja' }],
    printedAt: new Date(),
  });
  const ms = performance.now() - started;
  return { rows: n, ms: Math.round(ms), pages: pdfPageCount(pdf), bytes: pdf.length };
}

await once(50); // warm-up: font parsing, JIT
const results: { rows: number; ms: number; pages: number; bytes: number; pagesPerSec: number }[] = [];
for (const n of SIZES) {
  const r = await once(n);
  results.push({ ...r, pagesPerSec: Math.round((r.pages / r.ms) * 1000 * 10) / 10 });
}
const growth = results.slice(1).map((r, i) => ({
  from: results[i]!.rows,
  to: r.rows,
  timeRatio: Math.round((r.ms / results[i]!.ms) * 10) / 10,
}));

console.info('\n| rows | pages | ms | pages/s | KiB |');
console.info('|---:|---:|---:|---:|---:|');
for (const r of results)
  console.info(`| ${r.rows} | ${r.pages} | ${r.ms} | ${r.pagesPerSec} | ${Math.round(r.bytes / 1024)} |`);
for (const g of growth) console.info(`time ${g.from} → ${g.to} rows: ×${g.timeRatio} (×10 = linear)`);
const out = path.join(import.meta.dirname, 'results', 'report-pdf.json');
fs.writeFileSync(
  out,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, results, growth }, null, 2)}\n`,
);
console.info(`\nwritten to ${path.relative(process.cwd(), out)}`);
