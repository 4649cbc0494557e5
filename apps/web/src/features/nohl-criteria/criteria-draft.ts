import {
  NOHL_PROBABILITIES,
  NOHL_SEVERITIES,
  type NohlCriteria,
  nohlCriteriaSchema,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import type { RebaseOptions } from '#lib/draft-rebase.ts';

/** What the criteria form edits: the cell scores and the start values as typed (text fields). */
export type CriteriaDraft = { cells: number[][]; yellowFrom: string; redFrom: string };

export function draftOf(criteria: NohlCriteria): CriteriaDraft {
  return {
    cells: criteria.cells.map((row) => [...row]),
    yellowFrom: String(criteria.yellowFrom),
    redFrom: String(criteria.redFrom),
  };
}

export function withCell(draft: CriteriaDraft, p: number, s: number, score: number): CriteriaDraft {
  return {
    ...draft,
    cells: draft.cells.map((row, pi) =>
      pi === p - 1 ? row.map((v, si) => (si === s - 1 ? score : v)) : row,
    ),
  };
}

/**
 * The draft checked with the shared schema (the server checks again): either the criteria to save or
 * German messages by field (`yellowFrom`, `redFrom`, `cells`).
 */
export function checkDraft(
  draft: CriteriaDraft,
): { ok: true; criteria: NohlCriteria } | { ok: false; errors: Record<string, string> } {
  const parsed = nohlCriteriaSchema.safeParse({
    cells: draft.cells,
    // An empty field must not become 0 silently: the schema's "Bitte geben Sie …" message applies.
    yellowFrom: draft.yellowFrom.trim() === '' ? undefined : draft.yellowFrom,
    redFrom: draft.redFrom.trim() === '' ? undefined : draft.redFrom,
  });
  if (parsed.success) return { ok: true, criteria: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** After a conflict ('Neu laden'): each cell the user changed stays, every other cell takes the newest score. */
export const CRITERIA_REBASE: RebaseOptions = { byPosition: ['cells'] };

/** The German name of a change-log field: a start value or a cell ("hoch × schwere Verletzung"). */
export function historyFieldLabel(field: string, t: (key: string) => string): string {
  if (field === 'yellowFrom') return t('nohlCriteria.yellowFrom');
  if (field === 'redFrom') return t('nohlCriteria.redFrom');
  const match = /^cell\.(\d)\.(\d)$/.exec(field);
  if (match) {
    const p = NOHL_PROBABILITIES.find((x) => x.index === Number(match[1]))?.label;
    const s = NOHL_SEVERITIES.find((x) => x.index === Number(match[2]))?.label;
    if (p && s) return `${p} × ${s}`;
  }
  return field;
}
