import type { ImportResult } from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import { HEALTH_FIELDS, PERSONAL_FIELDS } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { Executor } from '#db/client.ts';
import { LOG_STATE } from '#platform/audit.ts';
import type { ChangeLogInsert, EmployeeImportRepository } from './employee-import.repository.ts';
import type { ImportPlan } from './import-plan.ts';
import type { FieldChanges, GoodRow, PlannedUpdate } from './row-rules.ts';

/**
 * The import's change log (state IMPORT): one row per employee written — personal and health values
 * masked — collected and inserted in batches, and one row for the import itself.
 */

const SENSITIVE = new Set<string>([...PERSONAL_FIELDS, ...HEALTH_FIELDS]);

/** Personal and health data are logged as changed, never with their values. */
export function redact(changes: FieldChanges): FieldChanges {
  const out = { ...changes };
  for (const key of Object.keys(out)) if (SENSITIVE.has(key)) out[key] = { from: '***', to: '***' };
  return out;
}

/** What the log says of an update: the changed fields, and the password as masked when one is set. */
export function updateChanges(u: PlannedUpdate): FieldChanges {
  const changes = { ...u.changes };
  if (u.setPassword) changes.password = { from: '***', to: '***' };
  return changes;
}

/** What the log says of a new employee: every value given, and the (masked) initial password. */
export function createChanges(row: GoodRow): FieldChanges {
  const changes: FieldChanges = {};
  for (const [k, v] of Object.entries(row.values))
    if (v !== null && v !== undefined) changes[k] = { from: null, to: v };
  changes.password = { from: null, to: '***' };
  return changes;
}

export const INACTIVATED: FieldChanges = { active: { from: true, to: false } };

/** Log rows of one run, written `batchSize` at a time inside the run's transaction. */
export function createImportLog(
  repository: Pick<EmployeeImportRepository, 'insertChangeLog'>,
  tx: Executor,
  actorId: number,
  batchSize: number,
) {
  const pending: ChangeLogInsert[] = [];
  return {
    add(employeeId: number, changes: FieldChanges) {
      pending.push({
        entity: 'employee',
        entityId: String(employeeId),
        state: LOG_STATE.IMPORT,
        actorId,
        changes: redact(changes),
      });
    },
    /** Writes full batches; `force` writes the rest too. */
    async flush(force = false) {
      while (pending.length >= batchSize || (force && pending.length > 0)) {
        await repository.insertChangeLog(tx, pending.splice(0, batchSize));
      }
    },
    /** The import's own row: target portal, file and counts. */
    async summary(plan: Pick<ImportPlan, 'portalId' | 'job'>, outcome: ImportResult) {
      await repository.insertChangeLog(tx, [
        {
          entity: 'employee_import',
          entityId: String(plan.job.id),
          state: LOG_STATE.IMPORT,
          actorId,
          changes: {
            portalId: { from: null, to: plan.portalId },
            fileName: { from: null, to: plan.job.fileName },
            created: { from: null, to: outcome.created },
            updated: { from: null, to: outcome.updated },
            inactivated: { from: null, to: outcome.inactivated },
            skipped: { from: null, to: outcome.skipped },
          },
        },
      ]);
    },
  };
}
