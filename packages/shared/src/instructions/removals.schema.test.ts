import { describe, expect, it } from 'vitest';
import { classifyRemoval, isInFullSentences } from './removals.schema.ts';

describe('the removal classification (spec §8: 0 … −4)', () => {
  it('names the first gap in the spec’s order', () => {
    const reason = 'Die Tätigkeit wurde eingestellt.';
    expect(classifyRemoval({ reason })).toBe(-1);
    expect(classifyRemoval({ action: 'replaced', reason })).toBe(-2);
    expect(classifyRemoval({ action: 'replaced', replacementTopicId: 3, reason: '' })).toBe(-3);
    expect(classifyRemoval({ action: 'activityEnded', reason: ' \n ' })).toBe(-3);
    expect(classifyRemoval({ action: 'activityEnded', reason: 'eingestellt' })).toBe(-4);
    expect(classifyRemoval({ action: 'activityEnded', reason })).toBe(0);
    expect(classifyRemoval({ action: 'replaced', replacementTopicId: 3, reason })).toBe(0);
  });

  it('takes sentences: a capital or digit first, three words, a closing mark', () => {
    expect(isInFullSentences('Der Kollege ist versetzt.')).toBe(true);
    expect(isInFullSentences('2025 wurde die Anlage stillgelegt!')).toBe(true);
    expect(isInFullSentences('„Ersetzt“ durch die neue Schulung.')).toBe(true);
    expect(isInFullSentences('Ist die Gefährdung noch da? Nein.')).toBe(true);
    expect(isInFullSentences('Er sagte: „Die Maschine ist weg.“')).toBe(true);
    expect(isInFullSentences('der Kollege ist versetzt.')).toBe(false);
    expect(isInFullSentences('Der Kollege ist versetzt')).toBe(false);
    expect(isInFullSentences('Versetzt.')).toBe(false);
    expect(isInFullSentences('Ab 1. 5. weg.')).toBe(false);
  });
});
