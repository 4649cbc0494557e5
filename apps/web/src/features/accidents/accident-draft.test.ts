import { describe, expect, it } from 'vitest';
import { changedFields, EMPTY_DRAFT, isFuture, stepErrors, stepOfField, toCreate } from './accident-draft.ts';

describe('the accident wizard draft (decision 047)', () => {
  it('names the missing input of each step', () => {
    expect(stepErrors('type', EMPTY_DRAFT)).toEqual({ eventType: 'accidents.required.eventType' });
    expect(stepErrors('person', EMPTY_DRAFT)).toEqual({ employeeId: 'accidents.required.employee' });
    expect(
      Object.keys(stepErrors('person', { ...EMPTY_DRAFT, person: 'external', externalName: 'A' })),
    ).toEqual(['externalCompany']);
    expect(Object.keys(stepErrors('place', EMPTY_DRAFT)).sort()).toEqual([
      'accidentAt',
      'firstAidAt',
      'locationId',
    ]);
    expect(stepErrors('injuries', { ...EMPTY_DRAFT, eventType: 1 })).toEqual({
      injuryCategory: 'accidents.required.injuryCategory',
    });
    // A near-miss injures nobody.
    expect(stepErrors('injuries', { ...EMPTY_DRAFT, eventType: 10 })).toEqual({});
  });

  it('asks to confirm a future accident time', () => {
    const draft = {
      ...EMPTY_DRAFT,
      accidentAt: '2099-01-01T10:00',
      firstAidAt: '2099-01-01T10:05',
      location: { id: 1, name: 'Werk' },
    };
    expect(isFuture(draft.accidentAt)).toBe(true);
    expect(stepErrors('place', draft)).toEqual({ confirmFutureTime: 'accidents.futureConfirm' });
    expect(stepErrors('place', { ...draft, confirmFutureTime: true })).toEqual({});
    expect(isFuture('2020-01-01T10:00')).toBe(false);
  });

  it('sends only what belongs to the chosen person and event', () => {
    const body = toCreate({
      ...EMPTY_DRAFT,
      eventType: 10,
      person: 'internal',
      employee: { id: 7, personnelNumber: '1', lastName: 'A', firstName: 'B', departmentName: null },
      externalName: 'left over',
      injuries: [{ bodyPart: 1, injuryType: 1 }],
      injuryCategory: 2,
      firstAiders: [{ employeeId: null, name: ' ' }],
    });
    expect(body.employeeId).toBe(7);
    expect(body.externalName).toBe('');
    expect(body.injuries).toEqual([]);
    expect(body.injuryCategory).toBeNull();
    expect(body.firstAiders).toEqual([]);
  });

  it('maps a server field to its step', () => {
    expect(stepOfField('externalCompany')).toBe('person');
    expect(stepOfField('accidentAt')).toBe('place');
    expect(stepOfField('injuryCategory')).toBe('injuries');
    expect(stepOfField('witnesses.0.name')).toBe('details');
    expect(stepOfField('checklistId')).toBe('checklist');
  });

  it('sends only the changed fields of an edit, health fields only with the right', () => {
    const base = {
      ...EMPTY_DRAFT,
      eventType: 1,
      accidentAt: '2026-11-02T10:15',
      injuries: [{ bodyPart: 21, injuryType: 1 }],
      injuryCategory: 2,
    };
    expect(changedFields(base, base, true)).toEqual({});
    expect(changedFields({ ...base, description: 'neu', injuryCategory: 3 }, base, true)).toEqual({
      description: 'neu',
      injuryCategory: 3,
    });
    expect(changedFields({ ...base, description: 'neu', injuryCategory: 3 }, base, false)).toEqual({
      description: 'neu',
    });
    expect(
      changedFields({ ...base, accidentAt: '2099-01-01T10:00', confirmFutureTime: true }, base, true),
    ).toEqual({
      accidentAt: new Date('2099-01-01T10:00').toISOString(),
      confirmFutureTime: true,
    });
  });

  it('sends the checklist of step 6 and only when it changed (decision 056)', () => {
    const base = { ...EMPTY_DRAFT, eventType: 3 };
    expect(toCreate(base).checklistId).toBeNull();
    const chosen = { ...base, checklist: { id: 7, label: 'Unfalluntersuchung' } };
    expect(toCreate(chosen).checklistId).toBe(7);
    expect(changedFields(chosen, base, false)).toEqual({ checklistId: 7 });
    expect(changedFields(chosen, chosen, false)).toEqual({});
  });
});
