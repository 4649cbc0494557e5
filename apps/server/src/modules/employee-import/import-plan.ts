import type { BadRow, ImportOptions } from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import type { Executor } from '#db/client.ts';
import { employeesWithMoreRights } from '#modules/employees/index.ts';
import type { Actor } from '#platform/access.ts';
import type { EmployeeImportRepository, EmployeeRow, ImportJobRow } from './employee-import.repository.ts';
import { parseJob } from './import-file.ts';
import { type LicenceDelta, licenceDeltaOf } from './import-licence.ts';
import { type DataField, type ReadRow, readRows, storedValue } from './import-rows.ts';
import { targetPortal } from './import-scope.ts';
import { assertMapping } from './mapping.ts';
import {
  badRowsOf,
  duplicateReasons,
  type FieldChanges,
  fallbackPasswordCheck,
  type GoodRow,
  goodRows,
  guardedEmployeeIds,
  type LineReasons,
  loginNamesOf,
  type PlannedUpdate,
  withholdFromMoreRights,
} from './row-rules.ts';

/** What an import would do to a portal; computed by the check and again by the commit, written by the run. */
export type ImportPlan = {
  job: ImportJobRow;
  portalId: number;
  licensedEmployees: number | null;
  mode: ImportOptions['mode'];
  fields: DataField[];
  creates: GoodRow[];
  /** Existing employees whose mapped fields differ, whose first password is set, or who are reactivated. */
  updates: PlannedUpdate[];
  unchanged: number;
  inactivate: EmployeeRow[];
  badRows: BadRow[];
  rowCount: number;
  activeBefore: number;
  activeAfter: number;
  /** Change of the active count across the installation: own staff and external staff. */
  licenceDelta: LicenceDelta;
};

/** The good rows split into new employees, changed ones and unchanged ones. */
export function planChanges(
  good: GoodRow[],
  fields: DataField[],
  mode: ImportOptions['mode'],
): { creates: GoodRow[]; updates: PlannedUpdate[]; unchanged: number } {
  const creates: GoodRow[] = [];
  const updates: PlannedUpdate[] = [];
  let unchanged = 0;
  for (const row of good) {
    if (!row.existing) {
      creates.push(row);
      continue;
    }
    const before = row.existing as unknown as Record<string, unknown>;
    const changes: FieldChanges = {};
    for (const key of fields) {
      const to = storedValue(row.values, key);
      if (before[key] !== to) changes[key] = { from: before[key], to };
    }
    const reactivate = mode === 'deactivateOthers' && !row.existing.active;
    const setPassword = row.password !== null;
    if (reactivate) changes.active = { from: false, to: true };
    if (Object.keys(changes).length > 0 || setPassword)
      updates.push({ row, changes, reactivate, setPassword });
    else unchanged++;
  }
  return { creates, updates, unchanged };
}

/**
 * „Set others inactive“: the portal's active employees not in the file, except those marked to stay active
 * and the importer. Every personnel number of the file counts, bad rows too: a typo must not inactivate
 * anybody.
 */
export function inactivationCandidates(
  existing: EmployeeRow[],
  read: ReadRow[],
  mode: ImportOptions['mode'],
  actorId: number,
): EmployeeRow[] {
  if (mode !== 'deactivateOthers') return [];
  const inFile = new Set(read.map((r) => r.personnelNumber).filter((n) => n !== ''));
  return existing.filter(
    (e) => e.active && !e.keepActiveOnImport && !inFile.has(e.personnelNumber) && e.id !== actorId,
  );
}

/** Compares the file with the portal: what would be created, changed, inactivated, and every bad row. */
export function createImportPlanner({
  repository,
  passwordPolicy,
}: {
  repository: Pick<EmployeeImportRepository, 'findPortal' | 'employeesOfPortal' | 'employeesByLoginNames'>;
  passwordPolicy?: { checker(ex?: Executor): Promise<(password: string) => string[]> } | undefined;
}) {
  return async function analyse(
    actor: Actor,
    job: ImportJobRow,
    options: ImportOptions,
    ex: Executor,
  ): Promise<ImportPlan> {
    const parsed = parseJob(job);
    const fields = assertMapping(actor, options, parsed.columnCount);
    const portal = await targetPortal(repository, actor, options.portalId, ex);
    const existingRows = await repository.employeesOfPortal(ex, portal.id);
    const byNumber = new Map(existingRows.map((e) => [e.personnelNumber, e]));
    const checkPassword = passwordPolicy ? await passwordPolicy.checker(ex) : fallbackPasswordCheck;

    const reasons: LineReasons = new Map();
    const read = readRows(parsed, options, fields);
    duplicateReasons(read, reasons);
    // Login names are unique across all portals (case-insensitive).
    const holders = await repository.employeesByLoginNames(ex, loginNamesOf(read));
    const holderByLogin = new Map(holders.map((h) => [h.loginName.toLowerCase(), h.id]));
    const good = goodRows(read, { byNumber, holderByLogin, checkPassword }, reasons);

    const changes = planChanges(good, fields, options.mode);
    const candidates = inactivationCandidates(existingRows, read, options.mode, actor.employeeId);
    const more = new Set(
      (await employeesWithMoreRights(ex, actor, guardedEmployeeIds(changes.updates, candidates))).map(
        (m) => m.id,
      ),
    );
    const { updates, inactivate } = withholdFromMoreRights(changes.updates, candidates, more, reasons);

    const activeBefore = existingRows.filter((e) => e.active).length;
    const reactivations = updates.filter((u) => u.reactivate).length;
    return {
      job,
      portalId: portal.id,
      licensedEmployees: portal.licensedEmployees,
      mode: options.mode,
      fields,
      creates: changes.creates,
      updates,
      unchanged: changes.unchanged,
      inactivate,
      badRows: badRowsOf(read, reasons),
      rowCount: parsed.rows.length,
      activeBefore,
      activeAfter: activeBefore + changes.creates.length + reactivations - inactivate.length,
      licenceDelta: licenceDeltaOf(changes.creates, updates, inactivate),
    };
  };
}
