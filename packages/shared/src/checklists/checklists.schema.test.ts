import { describe, expect, it } from 'vitest';
import {
  answerFits,
  computeResults,
  isAnswered,
  parseInterval,
  progressOf,
  treePaths,
  updateChecklistSchema,
  variableNameProblem,
} from './checklists.schema.ts';

const num = (label: string, variable: string | null = null) => ({
  type: 'number' as const,
  label,
  required: false,
  kind: 'float' as const,
  min: null,
  max: null,
  variable,
});
const total = (formula: string) => ({
  type: 'total' as const,
  label: 'Summe',
  required: false as const,
  formula,
  fractionDigits: 2,
  variable: null,
});
const variable = (name: string, defaultValue = 0) => ({
  name,
  alias: name,
  defaultValue,
  fractionDigits: 2,
  reference: 'none' as const,
  scope: 'local' as const,
  limit: null,
  inDatabase: false,
});
const def = (cells: { row: number; column: number; element: unknown }[], variables: unknown[] = []) => ({
  version: 1,
  label: 'Prüfung',
  category: '',
  module: 'general',
  active: true,
  requiredProgress: 0,
  cloneMaximum: 0,
  rows: [1, 2, 3].map((key) => ({ key, label: `Zeile ${key}` })),
  columns: [1, 2].map((key) => ({ key, label: `Spalte ${key}` })),
  cells,
  variables,
  rights: [],
  locked: false,
});

describe('checklist definition', () => {
  it('validates variable names (pattern, reserved prefixes)', () => {
    expect(variableNameProblem('@menge_1@')).toBeNull();
    expect(variableNameProblem('@Menge@')).toContain('Kleinbuchstaben');
    expect(variableNameProblem('menge')).toContain('Kleinbuchstaben');
    expect(variableNameProblem('@cell_x@')).toContain('nicht mit');
    expect(variableNameProblem('@value@')).toContain('nicht mit');
    expect(variableNameProblem('@previous_value_a@')).toContain('nicht mit');
  });

  it('computes totals over cells and bound variables, with defaults for empty cells', () => {
    const parsed = updateChecklistSchema.parse(
      def(
        [
          { row: 1, column: 1, element: num('A', '@a@') },
          { row: 2, column: 1, element: num('B') },
          { row: 3, column: 1, element: total('@a@ + @cell_2_1@') },
          { row: 3, column: 2, element: total('@cell_3_1@ * @faktor@') },
        ],
        [variable('@a@', 5), variable('@faktor@', 2)],
      ),
    );
    expect(computeResults(parsed, {})).toEqual({ '3_1': 5, '3_2': 10 });
    expect(computeResults(parsed, { '1_1': 1.5, '2_1': 2 })).toEqual({ '3_1': 3.5, '3_2': 7 });
    expect(progressOf(parsed, { '1_1': 1 })).toBe(50);
  });

  it('refuses duplicate and reserved variables, unknown names, bad formulas and cycles', () => {
    const messages = (d: unknown) => {
      const r = updateChecklistSchema.safeParse(d);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages(def([], [variable('@a@'), variable('@a@')]))).toEqual([
      'Die Variable @a@ ist bereits vorhanden. Bitte wählen Sie einen anderen Namen.',
    ]);
    expect(messages(def([], [variable('@cell_1@')]))[0]).toContain('nicht mit');
    expect(messages(def([{ row: 1, column: 1, element: total('@x@ + 1') }]))[0]).toContain(
      'unbekannte Variable',
    );
    expect(
      messages(def([{ row: 1, column: 1, element: total('constructor.constructor("x")()') }]))[0],
    ).toContain('nicht erlaubten');
    expect(
      messages(
        def([
          { row: 1, column: 1, element: total('@cell_2_1@ + 1') },
          { row: 2, column: 1, element: total('@cell_1_1@ + 1') },
        ]),
      )[0],
    ).toContain('im Kreis');
    expect(messages(def([{ row: 9, column: 1, element: num('A') }]))[0]).toContain('außerhalb');
  });
});

describe('element types of decision 061', () => {
  it('gives tree paths and refuses a node without a parent', () => {
    expect(
      treePaths([
        { label: 'Werk', depth: 0 },
        { label: 'Halle 1', depth: 1 },
        { label: 'Regal', depth: 2 },
        { label: 'Lager', depth: 0 },
      ]),
    ).toEqual(['Werk', 'Werk › Halle 1', 'Werk › Halle 1 › Regal', 'Lager']);
    expect(treePaths([{ label: 'Tief', depth: 1 }])).toEqual([null]);
  });

  it('reads time recordings as ISO intervals; only a stopped one counts as answered', () => {
    expect(parseInterval('2026-11-26T10:00:00Z/')).toEqual({
      start: new Date('2026-11-26T10:00:00Z'),
      stop: null,
    });
    expect(parseInterval('2026-11-26T10:00:00Z/2026-11-26T09:59:59Z')).toBeNull();
    expect(parseInterval('2026-11-26T10:00:00Z')).toBeNull();
    const timer = { type: 'timer' as const, label: 'Zeit', required: true };
    expect(isAnswered(timer, '2026-11-26T10:00:00Z/')).toBe(false);
    expect(isAnswered(timer, '2026-11-26T10:00:00Z/2026-11-26T10:05:00Z')).toBe(true);
    expect(answerFits(timer, '2026-11-26T10:00:00Z/2026-11-26T10:05:00Z')).toBe(true);
    expect(answerFits({ type: 'countdown', label: 'C', required: false, minutes: 5 }, 'morgen')).toBe(false);
  });
});
