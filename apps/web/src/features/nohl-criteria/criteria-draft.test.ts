import { DEFAULT_NOHL_CRITERIA } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { describe, expect, it } from 'vitest';
import { rebaseDraft } from '#lib/draft-rebase.ts';
import { CRITERIA_REBASE, checkDraft, draftOf, historyFieldLabel, withCell } from './criteria-draft.ts';

const t = (key: string) =>
  ({ 'nohlCriteria.yellowFrom': 'Gelb ab', 'nohlCriteria.redFrom': 'Rot ab' })[key] ?? key;

describe('criteria draft', () => {
  it('accepts the defaults and answers them as numbers', () => {
    expect(checkDraft(draftOf(DEFAULT_NOHL_CRITERIA))).toEqual({ ok: true, criteria: DEFAULT_NOHL_CRITERIA });
  });

  it('refuses bad start values with the shared German messages', () => {
    const draft = { ...draftOf(DEFAULT_NOHL_CRITERIA), yellowFrom: '5', redFrom: '4' };
    expect(checkDraft(draft)).toEqual({
      ok: false,
      errors: { redFrom: 'Der Startwert für Rot muss größer als der Startwert für Gelb sein.' },
    });
    const empty = checkDraft({ ...draftOf(DEFAULT_NOHL_CRITERIA), yellowFrom: ' ' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.errors.yellowFrom).toBe('Bitte geben Sie einen Risikowert an.');
    const high = checkDraft({ ...draftOf(DEFAULT_NOHL_CRITERIA), redFrom: '8' });
    if (!high.ok) expect(high.errors.redFrom).toBe('Der Risikowert muss zwischen 1 und 7 liegen.');
    expect(high.ok).toBe(false);
  });

  it('sets one cell without touching the others', () => {
    const next = withCell(draftOf(DEFAULT_NOHL_CRITERIA), 4, 3, 7);
    expect(next.cells[3]).toEqual([4, 5, 7, 7]);
    expect(DEFAULT_NOHL_CRITERIA.cells[3]).toEqual([4, 5, 6, 7]);
  });

  it('rebases on the newest criteria, keeping only what the user changed', () => {
    const old = draftOf(DEFAULT_NOHL_CRITERIA);
    const mine = { ...withCell(old, 1, 1, 2), redFrom: '6' };
    const fresh = { ...withCell(old, 2, 2, 4), yellowFrom: '4' };
    const result = rebaseDraft(mine, old, fresh, CRITERIA_REBASE);
    expect(result.cells[0]?.[0]).toBe(2); // mine
    expect(result.cells[1]?.[1]).toBe(4); // theirs
    expect(result.yellowFrom).toBe('4');
    expect(result.redFrom).toBe('6');
  });

  it('names the history fields in German', () => {
    expect(historyFieldLabel('cell.4.3', t)).toBe('hoch × schwere Verletzung');
    expect(historyFieldLabel('yellowFrom', t)).toBe('Gelb ab');
  });
});
