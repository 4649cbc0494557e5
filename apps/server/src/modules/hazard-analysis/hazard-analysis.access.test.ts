import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { fakeActor } from '#test/fake-actor.ts';
import {
  assertLocationGiven,
  assertLocationInScope,
  assertWritable,
  assertWriteStart,
  createHazardAnalysisAccess,
  readGate,
} from './hazard-analysis.access.ts';
import type { HazardOrganisationPort } from './hazard-analysis.ports.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';

const actor = (...permissions: number[]): Actor => fakeActor({ employeeId: 7, permissions });

const record = (over: Partial<AnalysisRecord> = {}): AnalysisRecord =>
  ({
    id: 10,
    portalId: 1,
    isTemplate: false,
    locationId: 100,
    active: true,
    released: false,
    version: 3,
    versionNumber: 1,
    ...over,
  }) as AnalysisRecord;

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { code: string }).code;
  }
  return 'none';
};

describe('readGate: what is decided before the location scope', () => {
  it('another portal is never readable, not even with every right', () => {
    expect(
      readGate(
        actor(P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_ALL_LOCATIONS),
        record({ portalId: 2 }),
        false,
      ),
    ).toBe(false);
  });

  it('templates need the working-copy right and ignore the location scope', () => {
    expect(readGate(actor(P.HAZARDANALYSIS_READONLY), record({ isTemplate: true }), true)).toBe(true);
    expect(readGate(actor(P.HAZARDANALYSIS_READONLY_RELEASED), record({ isTemplate: true }), false)).toBe(
      false,
    );
  });

  it('released-only readers never reach the working copy; for released versions the scope decides', () => {
    const released = actor(P.HAZARDANALYSIS_READONLY_RELEASED);
    expect(readGate(released, record(), true)).toBe(false);
    expect(readGate(released, record(), false)).toBe('scope');
    expect(readGate(actor(P.HAZARDANALYSIS_READONLY), record(), true)).toBe('scope');
  });
});

describe('write rules', () => {
  it('templates need _DRAFTS instead of the part right', () => {
    const template = record({ isTemplate: true });
    expect(codeOf(() => assertWritable(actor(P.HAZARDANALYSIS_EDIT), template, P.HAZARDANALYSIS_EDIT))).toBe(
      'NO_PERMISSION',
    );
    expect(
      codeOf(() => assertWritable(actor(P.HAZARDANALYSIS_DRAFTS), template, P.HAZARDANALYSIS_EDIT)),
    ).toBe('none');
  });

  it('any one of several part rights is enough', () => {
    const rights = [P.HAZARDANALYSIS_HAZARDS, P.HAZARDANALYSIS_RISK_MATRIX];
    expect(codeOf(() => assertWritable(actor(P.HAZARDANALYSIS_RISK_MATRIX), record(), rights))).toBe('none');
    expect(codeOf(() => assertWritable(actor(P.HAZARDANALYSIS_EDIT), record(), rights))).toBe(
      'NO_PERMISSION',
    );
  });

  it('an inactive assessment refuses writes; a released one needs _VERSION with a German reason', () => {
    const editor = actor(P.HAZARDANALYSIS_EDIT);
    expect(codeOf(() => assertWritable(editor, record({ active: false }), P.HAZARDANALYSIS_EDIT))).toBe(
      'HAZARD_ANALYSIS_INACTIVE',
    );
    expect(() => assertWritable(editor, record({ released: true }), P.HAZARDANALYSIS_EDIT)).toThrow(
      /freigegeben.*neue Version/,
    );
    expect(
      codeOf(() =>
        assertWritable(
          actor(P.HAZARDANALYSIS_EDIT, P.HAZARDANALYSIS_VERSION),
          record({ released: true }),
          P.HAZARDANALYSIS_EDIT,
        ),
      ),
    ).toBe('none');
  });

  it('opening a write checks the right before the version, the version before the state', () => {
    const stale = record({ version: 2, active: false });
    expect(codeOf(() => assertWriteStart(actor(), stale, 3, P.HAZARDANALYSIS_EDIT))).toBe('NO_PERMISSION');
    expect(
      codeOf(() => assertWriteStart(actor(P.HAZARDANALYSIS_EDIT), stale, 3, P.HAZARDANALYSIS_EDIT)),
    ).toBe('CONFLICT');
    expect(
      codeOf(() => assertWriteStart(actor(P.HAZARDANALYSIS_EDIT), stale, 2, P.HAZARDANALYSIS_EDIT)),
    ).toBe('HAZARD_ANALYSIS_INACTIVE');
  });
});

describe('header location rules', () => {
  it('assessments need a location, templates do not', () => {
    expect(() => assertLocationGiven(false, null)).toThrow('Bitte wählen Sie einen Ort.');
    expect(() => assertLocationGiven(true, null)).not.toThrow();
  });

  it('the location must lie in the scope unless the scope is all', () => {
    expect(codeOf(() => assertLocationInScope([1, 2], 3))).toBe('NO_PERMISSION');
    expect(codeOf(() => assertLocationInScope([1, 2], 2))).toBe('none');
    expect(codeOf(() => assertLocationInScope('all', 3))).toBe('none');
  });
});

describe('createHazardAnalysisAccess with a fake organisation tree', () => {
  const ex = {} as Executor;
  // Location tree: 100 (anchor of employee 7) → 101; 200 elsewhere.
  let treeReads = 0;
  const organisation = {
    async treeRows() {
      treeReads++;
      return [
        { id: 100, parentId: null },
        { id: 101, parentId: 100 },
        { id: 200, parentId: null },
      ];
    },
    async anchors(_ex: unknown, _kind: string, employeeId: number) {
      return employeeId === 7 ? [100] : [];
    },
  } as unknown as HazardOrganisationPort;
  const rows = new Map<number, AnalysisRecord>([
    [10, record({ id: 10, locationId: 101 })],
    [20, record({ id: 20, locationId: 200 })],
    [30, record({ id: 30, isTemplate: true, locationId: null })],
  ]);
  const repository = {
    async findById(_ex: Executor, id: number) {
      return rows.get(id);
    },
    async portalOf(_ex: Executor, _kind: string, id: number) {
      return id === 999 ? 2 : 1;
    },
  } as unknown as HazardAnalysisRepository;
  const access = createHazardAnalysisAccess({ repository, organisation });
  const reader = actor(P.HAZARDANALYSIS_READONLY);

  it('the scope is the anchor and its subtree; ALL_LOCATIONS skips the tree', async () => {
    expect(await access.locationScope(ex, reader)).toEqual(expect.arrayContaining([100, 101]));
    expect(await access.locationScope(ex, reader)).not.toContain(200);
    treeReads = 0;
    expect(await access.locationScope(ex, actor(P.HAZARDANALYSIS_ALL_LOCATIONS))).toBe('all');
    expect(treeReads).toBe(0);
  });

  it('"not found" and "not yours" answer alike', async () => {
    await expect(access.loadReadable(ex, reader, 10)).resolves.toMatchObject({ id: 10 });
    await expect(access.loadReadable(ex, reader, 20)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(access.loadReadable(ex, reader, 404)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a template to create from must be a template the actor may read', async () => {
    await expect(access.loadTemplate(ex, reader, 30)).resolves.toMatchObject({ id: 30 });
    await expect(access.loadTemplate(ex, reader, 10)).rejects.toMatchObject({
      code: 'INPUT_VALIDATION_ERROR',
      message: 'Die Vorlage ist nicht (mehr) vorhanden.',
    });
  });

  it('the visibility of templates does not read the location tree', async () => {
    treeReads = 0;
    expect(await access.visibility(ex, actor(P.HAZARDANALYSIS_READONLY_RELEASED), true)).toEqual({
      portalId: 1,
      templates: true,
      scope: 'all',
      working: false,
    });
    expect(treeReads).toBe(0);
    const assessments = await access.visibility(ex, reader, false);
    expect(assessments.working).toBe(true);
    expect(assessments.scope).toEqual(expect.arrayContaining([100, 101]));
  });

  it('header: references of another portal are refused per field, then the location scope', async () => {
    await expect(
      access.assertHeader(ex, reader, false, { locationId: 101, departmentId: 999, activityId: null }),
    ).rejects.toMatchObject({ code: 'INPUT_VALIDATION_ERROR', details: [{ path: ['departmentId'] }] });
    await expect(
      access.assertHeader(ex, reader, false, { locationId: 200, departmentId: null, activityId: null }),
    ).rejects.toMatchObject({ code: 'NO_PERMISSION', details: [{ path: ['locationId'] }] });
    await expect(access.assertRef(ex, reader, 'employee', 999, 'responsibleId')).rejects.toMatchObject({
      message: 'Diese Person gibt es nicht.',
    });
  });
});
