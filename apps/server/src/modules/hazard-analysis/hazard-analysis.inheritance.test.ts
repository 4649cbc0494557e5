import { describe, expect, it } from 'vitest';
import {
  assertInheritedTextsKept,
  inheritedCopy,
  inheritedFactorPairs,
  templateCopies,
  templateFactorPairs,
} from './hazard-analysis.inheritance.ts';
import type { HazardRecord } from './hazard-analysis.repository.ts';

const master = (over: Partial<HazardRecord> = {}) =>
  ({
    id: 50,
    analysisId: 1,
    position: 0,
    brickId: 9,
    title: 'Lärm',
    cause: 'Presse',
    protectionGoal: 'Gehör schützen',
    comment: 'nur Vorlage',
    responsibleId: 3,
    probabilityBefore: 3,
    severityBefore: 2,
    probabilityAfter: 1,
    severityAfter: 2,
    inherited: false,
    masterHazardId: null,
    ...over,
  }) as HazardRecord;

describe('inheritance merge', () => {
  it('an inherited copy points at its master, takes texts and ratings, not the comment', () => {
    const copy = inheritedCopy(master(), 7, 4);
    expect(copy).toMatchObject({
      analysisId: 7,
      position: 4,
      title: 'Lärm',
      cause: 'Presse',
      protectionGoal: 'Gehör schützen',
      probabilityBefore: 3,
      severityAfter: 2,
      inherited: true,
      masterHazardId: 50,
    });
    expect(copy).not.toHaveProperty('comment');
  });

  it('only inherited copies take factors from their master', () => {
    expect(
      inheritedFactorPairs([
        { id: 70, masterHazardId: 50 },
        { id: 71, masterHazardId: null },
      ]),
    ).toEqual([[50, 70]]);
  });

  it('own copies from a template keep position order and take a given responsible for all', () => {
    const source = [
      master({ id: 50, responsibleId: 3 }),
      master({ id: 51, title: 'Staub', responsibleId: 4 }),
    ];
    expect(templateCopies(source, 8, null).map((c) => [c.position, c.title, c.responsibleId])).toEqual([
      [0, 'Lärm', 3],
      [1, 'Staub', 4],
    ]);
    const copies = templateCopies(source, 8, 5);
    expect(copies.map((c) => c.responsibleId)).toEqual([5, 5]);
    expect(copies[0]).toMatchObject({ comment: 'nur Vorlage' });
    expect(copies[0]).not.toHaveProperty('inherited');
  });

  it('own copies take the factors of the template hazard at the same position', () => {
    expect(
      templateFactorPairs(
        [{ id: 50 }, { id: 51 }, { id: 52 }],
        [
          { id: 81, position: 1 },
          { id: 80, position: 0 },
        ],
      ),
    ).toEqual([
      [50, 80],
      [51, 81],
    ]);
  });

  it('an inherited hazard keeps title, cause and protection goal; its own hazards may change them', () => {
    const texts = { title: 'Lärm', cause: 'Presse', protectionGoal: 'Gehör schützen' };
    expect(() => assertInheritedTextsKept(master({ inherited: true }), texts)).not.toThrow();
    expect(() => assertInheritedTextsKept(master({ inherited: true }), { ...texts, cause: 'Säge' })).toThrow(
      expect.objectContaining({ code: 'HAZARD_INHERITED' }),
    );
    expect(() => assertInheritedTextsKept(master(), { ...texts, cause: 'Säge' })).not.toThrow();
  });
});
