import type { Hazard } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { DEFAULT_NOHL_CRITERIA } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { fakeActor } from '#test/fake-actor.ts';
import type { HazardAnalysisAccess } from './hazard-analysis.access.ts';
import type { HazardAnalysisPresenter } from './hazard-analysis.presenter.ts';
import type { AnalysisRecord, HazardAnalysisRepository } from './hazard-analysis.repository.ts';
import {
  assertReleasable,
  assertReleaseComplete,
  createHazardAnalysisWrites,
  freezeHazards,
} from './hazard-analysis.versions.ts';

const actor = (...permissions: number[]): Actor => fakeActor({ employeeId: 7, permissions });

const record = (over: Partial<AnalysisRecord> = {}) =>
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

const hazard = (over: Partial<Hazard> = {}) =>
  ({
    position: 0,
    title: 'Lärm',
    brickIdentifier: 'M-01',
    brickFree: false,
    cause: '',
    protectionGoal: '',
    comment: '',
    responsible: { id: 3, lastName: 'Muster', firstName: 'Eva', personnelNumber: '000003' },
    inherited: false,
    ratingBefore: null,
    ratingAfter: null,
    factorLabels: [],
    ...over,
  }) as Hazard;

describe('release rules', () => {
  const releaser = actor(P.HAZARDANALYSIS_RELEASE);

  it('checks right, version, template, active and released state in this order', () => {
    const all = { version: 2, isTemplate: true, active: false, released: true };
    expect(() => assertReleasable(actor(), all, 3)).toThrow(
      expect.objectContaining({ code: 'NO_PERMISSION' }),
    );
    expect(() => assertReleasable(releaser, all, 3)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(() => assertReleasable(releaser, all, 2)).toThrow(
      expect.objectContaining({ code: 'HAZARD_ANALYSIS_TEMPLATE_NO_RELEASE' }),
    );
    expect(() => assertReleasable(releaser, { ...all, isTemplate: false }, 2)).toThrow(
      expect.objectContaining({ code: 'HAZARD_ANALYSIS_INACTIVE' }),
    );
    expect(() => assertReleasable(releaser, { ...all, isTemplate: false, active: true }, 2)).toThrow(
      expect.objectContaining({ code: 'HAZARD_ANALYSIS_ALREADY_RELEASED' }),
    );
    expect(() => assertReleasable(releaser, record({ version: 2 }), 2)).not.toThrow();
  });

  it('needs hazards; free hazards need cause and protection goal (named in the message)', () => {
    expect(() => assertReleaseComplete([])).toThrow(
      expect.objectContaining({ code: 'HAZARD_ANALYSIS_NO_HAZARDS' }),
    );
    // A brick hazard without texts is complete: its texts come from the brick.
    expect(() => assertReleaseComplete([hazard()])).not.toThrow();
    const free = [
      hazard({ brickFree: true, title: 'Sturz', cause: 'Nässe', protectionGoal: '' }),
      hazard({ brickFree: true, title: 'Hitze', cause: 'Ofen', protectionGoal: 'Kühlen' }),
    ];
    expect(() => assertReleaseComplete(free)).toThrow(
      expect.objectContaining({
        code: 'HAZARD_ANALYSIS_INCOMPLETE',
        message: 'Bei freien Gefährdungen müssen Ursache und Schutzziel beschrieben sein: Sturz.',
      }),
    );
  });

  it('freezes scores and bands of the criteria in force and the responsible name', () => {
    const [frozen] = freezeHazards(DEFAULT_NOHL_CRITERIA, [
      hazard({ ratingBefore: { probability: 4, severity: 4 }, ratingAfter: { probability: 1, severity: 1 } }),
    ]);
    expect(frozen).toMatchObject({
      responsibleName: 'Muster, Eva',
      scoreBefore: 7,
      bandBefore: 'red',
      scoreAfter: 1,
      bandAfter: 'green',
    });
    const strict = { ...DEFAULT_NOHL_CRITERIA, yellowFrom: 1, redFrom: 2 };
    expect(
      freezeHazards(strict, [hazard({ ratingBefore: { probability: 1, severity: 1 } })])[0],
    ).toMatchObject({
      bandBefore: 'yellow',
      scoreAfter: null,
      bandAfter: null,
    });
  });
});

describe('beginWrite: the first write after a release starts the next working version', () => {
  function setup(row: AnalysisRecord) {
    const calls: string[] = [];
    const repository = {
      async startWorkingVersion(_ex: Executor, id: number, versionNumber: number) {
        calls.push(`start:${id}:${versionNumber}`);
      },
    } as unknown as HazardAnalysisRepository;
    const access = { loadReadable: async () => row } as unknown as HazardAnalysisAccess;
    const hooks = {
      deletionGuards: [],
      onActivate: [],
      onInactivate: [],
      onReleaseState: [async (_ex: Executor, id: number) => void calls.push(`hook:${id}`)],
    };
    const tx = { insert: () => ({ values: async () => void calls.push('audit') }) } as unknown as Executor;
    const writes = createHazardAnalysisWrites({
      repository,
      hooks,
      access,
      presenter: {} as HazardAnalysisPresenter,
    });
    return { calls, tx, writes };
  }

  it('a working copy is written as it is', async () => {
    const { calls, tx, writes } = setup(record());
    const row = await writes.beginWrite(tx, actor(P.HAZARDANALYSIS_EDIT), 10, 3, P.HAZARDANALYSIS_EDIT);
    expect(row.versionNumber).toBe(1);
    expect(calls).toEqual([]);
  });

  it('a released one becomes version + 1, logged, and the release-state hooks run', async () => {
    const { calls, tx, writes } = setup(record({ released: true, versionNumber: 2 }));
    const row = await writes.beginWrite(
      tx,
      actor(P.HAZARDANALYSIS_EDIT, P.HAZARDANALYSIS_VERSION),
      10,
      3,
      P.HAZARDANALYSIS_EDIT,
    );
    expect(row).toMatchObject({ released: false, versionNumber: 3 });
    expect(calls).toEqual(['start:10:3', 'audit', 'hook:10']);
  });

  it('a stale version is refused before anything changes', async () => {
    const { calls, tx, writes } = setup(record({ released: true }));
    await expect(
      writes.beginWrite(
        tx,
        actor(P.HAZARDANALYSIS_EDIT, P.HAZARDANALYSIS_VERSION),
        10,
        2,
        P.HAZARDANALYSIS_EDIT,
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(calls).toEqual([]);
  });
});
