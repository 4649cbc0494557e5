import {
  IMPORT_CODE,
  type ImportEvent,
  type ImportResult,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import type { Db, Executor, Tx } from '#db/client.ts';
import { analyzeTables } from '#db/maintenance.ts';
import {
  assertNoMoreRights,
  type EmailChangedDeps,
  type EmployeesChangedHook,
  notifyEmailChanged,
  notifyEmployeesChanged,
} from '#modules/employees/index.ts';
import { employees } from '#modules/employees/tables.ts';
import type { Actor } from '#platform/access.ts';
import { assertAdministratorRemains } from '#platform/administrators.ts';
import { AppError } from '#platform/errors.ts';
import { changeLog } from '#platform/platform.table.ts';
import type { EmployeeImportRepository, EmployeeInsert, EmployeeRow } from './employee-import.repository.ts';
import {
  type InstallationLicence,
  installationCheck,
  installationError,
  licenceError,
  licenceExceeded,
} from './import-licence.ts';
import { createChanges, createImportLog, INACTIVATED, updateChanges } from './import-log.ts';
import type { ImportPlan } from './import-plan.ts';
import { storedValue } from './import-rows.ts';
import { targetPortal } from './import-scope.ts';
import { touchesSignInOnImport } from './row-rules.ts';

export type ImportRunDeps = {
  db: Db;
  repository: EmployeeImportRepository;
  /** Rows per INSERT/UPDATE statement and per progress step. */
  batchSize: number;
  /** Password hashes computed at once (argon2 runs on libuv's thread pool, 4 threads by default). */
  hashConcurrency: number;
  hash: (password: string) => Promise<string>;
  /** The installation's licence and today's active counts across all portals; none = unlimited. */
  installationLicence?: ((ex: Executor) => Promise<InstallationLicence>) | undefined;
  mail: EmailChangedDeps['mail'];
  settings?: EmailChangedDeps['settings'] | undefined;
  /** Told about every created, updated and inactivated employee (decision 040: instruction profiles). */
  changeHooks?: readonly EmployeesChangedHook[];
};

/** Hashes the passwords with a bounded number in flight; reports progress. */
export async function hashAll(
  passwords: string[],
  hash: (password: string) => Promise<string>,
  concurrency: number,
  onProgress: (done: number) => void,
): Promise<string[]> {
  const out = new Array<string>(passwords.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await hash(passwords[i]!);
      done++;
      onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, passwords.length) }, worker));
  return out;
}

/**
 * Step 3, second half: hash the passwords (outside the transaction: it is the slow part), then write
 * everything in one transaction, batch by batch — updates, new employees, inactivations, the log. A failure
 * rolls back all of it and marks the job failed.
 */
export function createImportRun(deps: ImportRunDeps) {
  const { db, repository, batchSize } = deps;
  const installationProblem = installationCheck(deps.installationLicence);

  /** The licences counted again under the portal lock (another import may have run since the check). */
  async function recheckLicences(tx: Tx, actor: Actor, plan: ImportPlan) {
    // One import per portal at a time; the licence is counted again under the lock.
    await targetPortal(repository, actor, plan.portalId, tx, true);
    if (plan.licensedEmployees !== null) {
      const activeNow = await repository.countActive(tx, plan.portalId);
      const reactivations = plan.updates.filter((u) => u.reactivate).length;
      const activeAfter = activeNow + plan.creates.length + reactivations - plan.inactivate.length;
      const current = await repository.findPortal(tx, plan.portalId);
      const licence = {
        licensedEmployees: current?.licensedEmployees ?? null,
        activeAfter,
        activeBefore: activeNow,
      };
      if (licenceExceeded(licence)) throw licenceError(licence);
    }
    if (deps.installationLicence) {
      // Imports into different portals count against one licence: one at a time from here.
      await repository.lockInstallationLicence(tx);
      const problem = await installationProblem(tx, plan.licenceDelta);
      if (problem) throw installationError(problem);
    }
  }

  async function write(
    tx: Tx,
    actor: Actor,
    plan: ImportPlan,
    hashes: { creates: string[]; updates: string[] },
    progress: (n: number) => void,
  ) {
    await recheckLicences(tx, actor, plan);
    const log = createImportLog(repository, tx, actor.employeeId, batchSize);

    // The rights compared in the check may have changed since: compare again under the transaction.
    await assertNoMoreRights(tx, actor, [
      ...plan.updates.filter(touchesSignInOnImport).map((u) => u.row.existing!.id),
      ...plan.inactivate.map((e) => e.id),
    ]);
    // Every employee the import writes: their instruction profiles follow (decision 040).
    const touched: number[] = [
      ...plan.updates.map((u) => u.row.existing!.id),
      ...plan.inactivate.map((e) => e.id),
    ];
    let setPasswordIndex = 0;
    const updateRows = plan.updates.map((u) => ({
      ...u,
      passwordHash: u.setPassword ? hashes.updates[setPasswordIndex++]! : null,
    }));
    for (let i = 0; i < updateRows.length; i += batchSize) {
      const batch = updateRows.slice(i, i + batchSize);
      await repository.updateEmployees(
        tx,
        plan.fields,
        batch.map((u) => ({
          id: u.row.existing!.id,
          ...Object.fromEntries(plan.fields.map((f) => [f, storedValue(u.row.values, f)])),
          passwordHash: u.passwordHash,
          active: u.reactivate ? true : null,
        })) as (Partial<EmployeeRow> & { id: number })[],
      );
      for (const u of batch) {
        const existing = u.row.existing!;
        log.add(existing.id, updateChanges(u));
        const email = u.changes.email;
        if (email) {
          await notifyEmailChanged(
            tx,
            {
              employeeId: existing.id,
              from: existing.email,
              to: email.to as string | null,
              firstName: existing.firstName,
              lastName: existing.lastName,
              language: existing.language,
              country: existing.country,
              changedBy: actor.employeeId,
              via: 'Mitarbeiterimport',
            },
            { mail: deps.mail, ...(deps.settings ? { settings: deps.settings } : {}) },
          );
        }
      }
      await log.flush();
      progress(batch.length);
    }

    for (let i = 0; i < plan.creates.length; i += batchSize) {
      const batch = plan.creates.slice(i, i + batchSize);
      const inserted = await repository.insertEmployees(
        tx,
        batch.map(
          (r, j) =>
            ({
              ...r.values,
              portalId: plan.portalId,
              personnelNumber: r.personnelNumber,
              passwordHash: hashes.creates[i + j]!,
              // An imported initial password is changed at the first login (decision 012).
              mustChangePassword: true,
              active: true,
            }) as EmployeeInsert,
        ),
      );
      const idByNumber = new Map(inserted.map((x) => [x.personnelNumber, x.id]));
      for (const x of inserted) touched.push(x.id);
      for (const r of batch) log.add(idByNumber.get(r.personnelNumber)!, createChanges(r));
      await log.flush();
      progress(batch.length);
    }

    for (let i = 0; i < plan.inactivate.length; i += batchSize) {
      const batch = plan.inactivate.slice(i, i + batchSize);
      const ids = batch.map((e) => e.id);
      await repository.inactivate(tx, ids);
      await repository.endSessionsOf(tx, ids);
      for (const id of ids) log.add(id, INACTIVATED);
      await log.flush();
      progress(batch.length);
    }
    if (plan.inactivate.length > 0) await assertAdministratorRemains(tx);
    await notifyEmployeesChanged(deps.changeHooks ?? [], tx, {
      employeeIds: touched,
      actorId: actor.employeeId,
    });
    await log.flush(true);
    return log;
  }

  return async function run(
    actor: Actor,
    plan: ImportPlan,
    emit: (event: ImportEvent) => void,
  ): Promise<ImportResult> {
    const started = performance.now();
    try {
      const toHash = [
        ...plan.creates.map((r) => r.password!),
        ...plan.updates.filter((u) => u.setPassword).map((u) => u.row.password!),
      ];
      let lastEmit = 0;
      const hashes = await hashAll(toHash, deps.hash, deps.hashConcurrency, (done) => {
        const now = performance.now();
        if (done === toHash.length || now - lastEmit > 200) {
          lastEmit = now;
          emit({ type: 'progress', phase: 'hash', done, total: toHash.length });
        }
      });

      const total = plan.creates.length + plan.updates.length + plan.inactivate.length;
      let written = 0;
      const progress = (n: number) => {
        written += n;
        emit({ type: 'progress', phase: 'write', done: written, total });
      };
      emit({ type: 'progress', phase: 'write', done: 0, total });

      const result = await db.transaction(async (tx) => {
        const log = await write(
          tx,
          actor,
          plan,
          { creates: hashes.slice(0, plan.creates.length), updates: hashes.slice(plan.creates.length) },
          progress,
        );
        const outcome: ImportResult = {
          code: IMPORT_CODE.COMPLETED,
          created: plan.creates.length,
          updated: plan.updates.length,
          unchanged: plan.unchanged,
          inactivated: plan.inactivate.length,
          skipped: plan.badRows.length,
          durationMs: Math.round(performance.now() - started),
        };
        await log.summary(plan, outcome);
        // Done in the same transaction; the file (personal data) is not kept.
        await repository.transition(tx, plan.job.id, ['running'], {
          status: 'done',
          result: outcome,
          content: null,
        });
        return outcome;
      });
      // A bulk write: fresh planner statistics for the lists (decision 035). The import is done either way.
      await analyzeTables(db, [employees, changeLog]).catch(() => undefined);
      return { ...result, durationMs: Math.round(performance.now() - started) };
    } catch (error) {
      const wire =
        error instanceof AppError
          ? { code: error.code, message: error.message }
          : { code: 'EMPLOYEE_IMPORT_FAILED', message: new AppError('EMPLOYEE_IMPORT_FAILED').message };
      await repository
        .transition(db, plan.job.id, ['running'], { status: 'failed', error: wire })
        .catch(() => undefined);
      throw error;
    }
  };
}
