import { describe, expect, it } from 'vitest';
import {
  type HazardFactorRow,
  type HazardRow,
  personName,
  presentAnalysis,
  presentVersion,
  type StoredSnapshot,
} from './hazard-analysis.presenter.ts';
import type { AnalysisRecord, HazardRecord } from './hazard-analysis.repository.ts';

const row = {
  id: 10,
  portalId: 1,
  bezeichnung: 'Werkstatt',
  isTemplate: false,
  locationId: 100,
  departmentId: null,
  activityId: null,
  attachSetting: 0,
  active: true,
  inactiveComment: '',
  versionNumber: 2,
  released: true,
  releaseDate: '2026-01-10',
  nextCheckDate: '2027-01-10',
  releaseResponsibleId: 3,
  releasedAt: new Date('2026-01-10T08:00:00Z'),
  inheritanceTemplateId: 5,
  factorMenuId: 1,
  checklistRouteId: null,
  version: 4,
} as unknown as AnalysisRecord;

const hazardRow = (id: number, over: Partial<HazardRow> = {}): HazardRow =>
  ({
    hazard: {
      id,
      position: id,
      brickId: 9,
      title: `G${id}`,
      cause: '',
      protectionGoal: '',
      comment: '',
      responsibleId: 3,
      probabilityBefore: 2,
      severityBefore: 3,
      probabilityAfter: null,
      severityAfter: 1,
      inherited: false,
      masterHazardId: null,
    } as HazardRecord,
    brickIdentifier: 'M-01',
    brickFree: null,
    riskFrom: null,
    riskTo: null,
    lastName: 'Muster',
    firstName: null,
    personnelNumber: null,
    ...over,
  }) as HazardRow;

const factor = (hazardId: number, factorId: number, n: string): HazardFactorRow => ({
  hazardId,
  factorId,
  factorNumber: n,
  factorTitle: `Faktor ${n}`,
  registerNumber: '1',
  registerTitle: 'Mechanisch',
});

describe('presenter', () => {
  it('presents the header, the release and the template reference', () => {
    const dto = presentAnalysis(row, {
      names: { location: { id: 100, name: 'Halle' }, department: null, activity: null },
      hazards: [],
      factors: [],
      counts: new Map(),
      responsible: { id: 3, lastName: 'Muster', firstName: 'Eva', personnelNumber: '000003' },
      template: { id: 5, bezeichnung: 'Vorlage' },
    });
    expect(dto).toMatchObject({
      location: { id: 100, name: 'Halle' },
      release: {
        released: true,
        releasedAt: '2026-01-10T08:00:00.000Z',
        responsible: { lastName: 'Muster' },
      },
      inheritanceTemplate: { id: 5, name: 'Vorlage' },
      version: 4,
    });
  });

  it('presents hazards with their factors in order, action counts and half ratings as none', () => {
    const dto = presentAnalysis(row, {
      names: { location: null, department: null, activity: null },
      hazards: [hazardRow(1), hazardRow(2, { lastName: null, riskFrom: 2, riskTo: 4 })],
      factors: [factor(1, 11, '1.1'), factor(1, 12, '1.2')],
      counts: new Map([[1, { total: 3, done: 1 }]]),
      responsible: null,
      template: undefined,
    });
    const [first, second] = dto.hazards;
    expect(first).toMatchObject({
      factorIds: [11, 12],
      actionCount: 3,
      doneActionCount: 1,
      ratingBefore: { probability: 2, severity: 3 },
      ratingAfter: null,
      brickFree: false,
      responsible: { id: 3, firstName: '', personnelNumber: '' },
      riskHint: null,
    });
    expect(first?.factorLabels).toHaveLength(2);
    expect(second).toMatchObject({
      factorIds: [],
      actionCount: 0,
      responsible: null,
      riskHint: { from: 2, to: 4 },
    });
    expect(dto.inheritanceTemplate).toBeNull();
  });

  it('person names: "Last, First", only a last name, nobody', () => {
    expect(personName({ lastName: 'Muster', firstName: 'Eva' })).toBe('Muster, Eva');
    expect(personName({ lastName: 'Muster', firstName: null })).toBe('Muster,');
    expect(personName(null)).toBe('');
  });

  it('a frozen version reads the factor labels of every release format', () => {
    const snapshot = {
      bezeichnung: 'Werkstatt',
      locationName: 'Halle',
      departmentName: null,
      activityName: null,
      attachSetting: 0,
      criteria: { cells: [], yellowFrom: 3, redFrom: 5 },
      hazards: [
        { title: 'neu', factorLabels: ['A', 'B'] },
        { title: 'ein Faktor', factorLabel: 'C' },
        { title: 'alt' },
      ],
    } as unknown as StoredSnapshot;
    const version = {
      id: 1,
      analysisId: 10,
      versionNumber: 1,
      releaseDate: '2026-01-10',
      nextCheckDate: '2027-01-10',
      responsibleName: 'Muster, Eva',
      releasedAt: new Date('2026-01-10T08:00:00Z'),
    };
    const dto = presentVersion(version, snapshot, [], false);
    expect(dto.hazards.map((h) => h.factorLabels)).toEqual([['A', 'B'], ['C'], []]);
    expect(dto.hazards[1]).not.toHaveProperty('factorLabel');
    expect(dto).toMatchObject({
      workingCopyReadable: false,
      documents: [],
      releasedAt: '2026-01-10T08:00:00.000Z',
    });
  });
});
