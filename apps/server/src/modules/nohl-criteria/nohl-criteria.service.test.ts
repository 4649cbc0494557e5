import { DEFAULT_NOHL_CRITERIA } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import type { ChangeEntry } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { NohlCriteriaRepository, NohlCriteriaRow } from './nohl-criteria.repository.ts';
import { createNohlCriteriaService } from './nohl-criteria.service.ts';

/**
 * The rules of the NOHL criteria service against an in-memory repository (the API test covers saving, the
 * version and the history): a stored value that no longer passes the rules counts as the defaults, and a
 * save is refused before anything is read without the right or outside the main portal.
 */

function actor(permissions: number[], main = true): Actor {
  return {
    employeeId: 9,
    portalId: main ? 1 : 2,
    portalName: 'P',
    isMainPortal: main,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'h',
  };
}

function setup(stored: NohlCriteriaRow | null) {
  let row = stored;
  const calls: string[] = [];
  const log: ChangeEntry[] = [];
  const repository: NohlCriteriaRepository = {
    async find() {
      calls.push('find');
      return row;
    },
    async updateVersioned(_ex, version, values) {
      if (!row || row.version !== version) return false;
      row = { ...row, ...values, version: version + 1 };
      return true;
    },
    async insert() {
      return false;
    },
    async history() {
      return [];
    },
    async logChange(_ex, entry) {
      log.push(entry);
    },
  };
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
  return { service: createNohlCriteriaService({ db, repository }), calls, log };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
}

// Bands out of order: the table's check allows it no more, an older row may still hold it.
const damaged: NohlCriteriaRow = {
  cells: DEFAULT_NOHL_CRITERIA.cells.map((r) => [...r]),
  yellowFrom: 6,
  redFrom: 3,
  version: 4,
  updatedAt: new Date('2026-03-01T00:00:00Z'),
  updatedById: 5,
  updatedByName: 'Muster, Max',
};

describe('NOHL criteria service', () => {
  it('answers the defaults for a stored value that no longer passes the rules, keeping version and author', async () => {
    const { service } = setup(damaged);
    expect(await service.read()).toEqual(DEFAULT_NOHL_CRITERIA);
    expect(await service.get()).toEqual({
      criteria: DEFAULT_NOHL_CRITERIA,
      version: 4,
      updatedAt: '2026-03-01T00:00:00.000Z',
      updatedBy: { id: 5, name: 'Muster, Max' },
    });
  });

  it('logs a save over such a value against the defaults it stood for', async () => {
    const { service, log } = setup(damaged);
    const next = { ...DEFAULT_NOHL_CRITERIA, yellowFrom: 4 };
    await service.update(actor([P.HAZARDANALYSISSTATUS_EDIT]), { version: 4, criteria: next });
    expect(log.map((e) => e.changes)).toEqual([{ yellowFrom: { from: 3, to: 4 } }]);
  });

  it('refuses a save without HAZARDANALYSISSTATUS_EDIT or outside the main portal before reading anything', async () => {
    const { service, calls } = setup(null);
    const input = { version: 0, criteria: DEFAULT_NOHL_CRITERIA };
    expect(await codeOf(service.update(actor([P.HAZARDANALYSISSTATUS_LOG]), input))).toBe('NO_PERMISSION');
    expect(await codeOf(service.update(actor([P.HAZARDANALYSISSTATUS_EDIT], false), input))).toBe(
      'NOHL_CRITERIA_MAIN_PORTAL_ONLY',
    );
    expect(calls).toEqual([]);
  });

  it('answers CONFLICT when the first save loses the race for the one row', async () => {
    const { service, log } = setup(null);
    const input = { version: 0, criteria: DEFAULT_NOHL_CRITERIA };
    expect(await codeOf(service.update(actor([P.HAZARDANALYSISSTATUS_EDIT]), input))).toBe('CONFLICT');
    expect(log).toEqual([]);
  });
});
