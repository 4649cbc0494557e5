/**
 * Benchmark (issue 19, decision 053): a checklist of 50 rows × 20 columns (1,000 cells) with 200 total cells
 * whose formulas read the number cells of their row and, every fifth, the total of the row above (a chain
 * through all 50 rows). Measures `computeResults` — the same function the viewer runs on every keystroke
 * and the server runs on save — after one answer changed: the first call (parses and plans the 200
 * formulas) and the following calls (plan cached per definition), median and p95 of 200 runs.
 * Pure computation: the browser runs the same code on the same engine (V8).
 *
 *   node bench/checklist-formulas.bench.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type Answers,
  type ChecklistCell,
  computeResults,
  updateChecklistSchema,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';

const ROWS = 50;
const COLUMNS = 20;
const FORMULAS_PER_ROW = 4; // 200 in all
const RUNS = 200;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
const round = (x: number) => Math.round(x * 1000) / 1000;

function definition() {
  const cells: ChecklistCell[] = [];
  for (let r = 1; r <= ROWS; r++)
    for (let c = 1; c <= COLUMNS; c++) {
      const formulaIndex = c - (COLUMNS - FORMULAS_PER_ROW);
      if (formulaIndex <= 0) {
        cells.push({
          row: r,
          column: c,
          element: {
            type: 'number',
            label: `Z${r}S${c}`,
            required: false,
            kind: 'float',
            min: null,
            max: null,
            variable: null,
          },
        });
        continue;
      }
      const reads = Array.from(
        { length: 8 },
        (_, i) => `@cell_${r}_${((formulaIndex * 3 + i) % (COLUMNS - FORMULAS_PER_ROW)) + 1}@`,
      );
      let formula = `round(sum(${reads.join(', ')}) * 1.19 + max(${reads[0]}, ${reads[1]}) - min(${reads[2]}, 3), 2)`;
      if (formulaIndex === 1 && r > 1)
        formula += ` + @cell_${r - 1}_${COLUMNS - FORMULAS_PER_ROW + 1}@ / 100`;
      cells.push({
        row: r,
        column: c,
        element: {
          type: 'total',
          label: `Summe ${r}/${formulaIndex}`,
          required: false,
          formula,
          fractionDigits: 2,
          variable: null,
        },
      });
    }
  return updateChecklistSchema.parse({
    version: 1,
    label: 'Bench',
    category: '',
    module: 'general',
    active: true,
    requiredProgress: 0,
    cloneMaximum: 0,
    rows: Array.from({ length: ROWS }, (_, i) => ({ key: i + 1, label: '' })),
    columns: Array.from({ length: COLUMNS }, (_, i) => ({ key: i + 1, label: '' })),
    cells,
    variables: [],
    rights: [],
    locked: false,
  });
}

const validateStart = performance.now();
const def = definition();
const validateMs = performance.now() - validateStart;
const answers: Answers = {};
for (let r = 1; r <= ROWS; r++)
  for (let c = 1; c <= COLUMNS - FORMULAS_PER_ROW; c++) answers[`${r}_${c}`] = r + c / 10;

const firstStart = performance.now();
computeResults(def, answers);
const firstMs = performance.now() - firstStart;
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const changed = { ...answers, '1_1': i };
  const start = performance.now();
  const results = computeResults(def, changed);
  times.push(performance.now() - start);
  if (results[`1_${COLUMNS - FORMULAS_PER_ROW + 1}`] === undefined) throw new Error('no result');
}
const figures = {
  date: new Date().toISOString(),
  cells: ROWS * COLUMNS,
  formulas: ROWS * FORMULAS_PER_ROW,
  validateDefinitionMs: round(validateMs),
  firstComputeMs: round(firstMs),
  recomputeMedianMs: round(median(times)),
  recomputeP95Ms: round(p95(times)),
};
console.info(JSON.stringify(figures, null, 2));
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'checklist-formulas.json'),
  `${JSON.stringify(figures, null, 2)}\n`,
);
