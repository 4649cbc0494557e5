import {
  type ImportCheck,
  type ImportCommit,
  type ImportEvent,
  type ImportJob,
  type ImportOptions,
  type ImportPortal,
  type ImportPreview,
  type ImportResult,
  type ImportSeparator,
  importCommitSchema,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import type { EmailChangedDeps, EmployeesChangedHook } from '#modules/employees/index.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import { hashPassword } from '#platform/password.ts';
import type { EmployeeImportRepository, ImportJobRow } from './employee-import.repository.ts';
import { parseJob, readCsv, toPreview } from './import-file.ts';
import {
  type InstallationLicence,
  installationCheck,
  installationError,
  licenceError,
  licenceExceeded,
} from './import-licence.ts';
import { createImportPlanner, type ImportPlan } from './import-plan.ts';
import { createImportRun } from './import-run.ts';
import { ownJob } from './import-scope.ts';

/**
 * The employee CSV import (spec "Employee import wizard", decision 008): upload and preview, check against
 * the target portal without writing, then one transaction that creates, updates and inactivates employees.
 * This file puts the steps together; the parts live beside it:
 * - import-file.ts: the uploaded file (CSV errors, preview); mapping.ts: suggested and checked mapping
 * - import-rows.ts: a row through the mapping and the record's field rules
 * - row-rules.ts: duplicates, login names, passwords and the sign-in guard (decision 023) — the bad rows
 * - import-plan.ts: the comparison with the portal (what is created, changed, inactivated)
 * - import-licence.ts: code 910 for the portal and the installation
 * - import-run.ts: hashing and writing in one transaction; import-log.ts: its change log
 * - import-scope.ts: own uploads, own portal. All SQL is in employee-import.repository.ts.
 */

type Deps = {
  db: Db;
  repository: EmployeeImportRepository;
  /** Rows per INSERT/UPDATE statement and per progress step. */
  batchSize?: number;
  /** Password hashes computed at once (argon2 runs on libuv's thread pool, 4 threads by default). */
  hashConcurrency?: number;
  hash?: (password: string) => Promise<string>;
  /** The password policy of the security settings (decision 012): a checker giving German violations. */
  passwordPolicy?: { checker(ex?: Executor): Promise<(password: string) => string[]> };
  /** The installation's licence (settings) and today's active counts across all portals; none = unlimited. */
  installationLicence?: (ex: Executor) => Promise<InstallationLicence>;
  /** For the mail to the old address when an import changes an e-mail address (decision 023): the mail
   * module's functions and the settings. */
  mail: EmailChangedDeps['mail'];
  settings?: EmailChangedDeps['settings'];
  /** Told about the employees an import wrote (decision 040: instruction profiles). */
  changeHooks?: readonly EmployeesChangedHook[];
};

const isoOf = (d: Date) => d.toISOString();

function jobDto(job: Omit<ImportJobRow, 'content'>): ImportJob {
  return {
    id: job.id,
    fileName: job.fileName,
    portalId: job.portalId,
    status: job.status,
    result: (job.result as ImportResult | null) ?? null,
    error: job.error ?? null,
    createdAt: isoOf(job.createdAt),
    updatedAt: isoOf(job.updatedAt),
  };
}

export function createEmployeeImportService({
  db,
  repository,
  batchSize = 1000,
  hashConcurrency = 4,
  hash = hashPassword,
  passwordPolicy,
  installationLicence,
  mail,
  settings,
  changeHooks = [],
}: Deps) {
  const analyse = createImportPlanner({ repository, passwordPolicy });
  const installationProblem = installationCheck(installationLicence);
  const run = createImportRun({
    db,
    repository,
    batchSize,
    hashConcurrency,
    hash,
    installationLicence,
    mail,
    settings,
    changeHooks,
  });

  /** A job that can still be checked and started. */
  async function startableJob(actor: Actor, id: number): Promise<ImportJobRow> {
    const job = await ownJob(repository, actor, id, db);
    if (job.status === 'running' || job.status === 'done')
      throw new AppError('EMPLOYEE_IMPORT_ALREADY_STARTED');
    return job;
  }

  return {
    /** Step 1: store the file, answer the preview. Nothing about employees is read or written. */
    async upload(
      actor: Actor,
      content: Buffer,
      options: { separator: ImportSeparator; hasHeader: boolean; fileName: string },
    ): Promise<ImportPreview> {
      const parsed = readCsv(content, options);
      if (parsed.rows.length === 0) throw new AppError('EMPLOYEE_IMPORT_EMPTY_FILE');
      await repository.purgeStale(db);
      const job = await repository.insertJob(db, {
        createdBy: actor.employeeId,
        fileName: options.fileName || 'import.csv',
        content,
        separator: options.separator,
        hasHeader: options.hasHeader,
      });
      return toPreview(job, parsed);
    },

    async preview(actor: Actor, id: number): Promise<ImportPreview> {
      const job = await ownJob(repository, actor, id, db);
      return toPreview(job, parseJob(job));
    },

    async get(actor: Actor, id: number): Promise<ImportJob> {
      const job = await repository.findJobStatus(db, id);
      if (!job || job.createdBy !== actor.employeeId) throw new AppError('EMPLOYEE_IMPORT_NOT_FOUND');
      return jobDto(job);
    },

    /** The portals the actor may import into: all from the main portal, otherwise their own. */
    async portals(actor: Actor): Promise<ImportPortal[]> {
      return repository.listPortals(db, actor.isMainPortal ? undefined : actor.portalId);
    },

    /** Step 2 "Daten prüfen": every bad row with its line and reasons, and what the import would do. */
    async check(actor: Actor, id: number, options: ImportOptions): Promise<ImportCheck> {
      const job = await startableJob(actor, id);
      const plan = await analyse(actor, job, options, db);
      return {
        rowCount: plan.rowCount,
        validCount: plan.rowCount - plan.badRows.length,
        badRows: plan.badRows,
        toCreate: plan.creates.length,
        toUpdate: plan.updates.length,
        unchanged: plan.unchanged,
        toInactivate: plan.inactivate.length,
        activeAfter: plan.activeAfter,
        licensedEmployees: plan.licensedEmployees,
        ...(await (async () => {
          if (licenceExceeded(plan))
            return { licenceExceeded: true, licenceMessage: licenceError(plan).message };
          const problem = await installationProblem(db, plan.licenceDelta);
          return { licenceExceeded: problem !== null, licenceMessage: problem };
        })()),
      };
    },

    /**
     * Step 3, first half: everything that can refuse the import before anything is written (bad rows not
     * confirmed, licence 910, a run already started). Marks the job running.
     */
    async prepare(actor: Actor, id: number, input: ImportCommit): Promise<ImportPlan> {
      const options = importCommitSchema.parse(input);
      const job = await startableJob(actor, id);
      const plan = await analyse(actor, job, options, db);
      if (plan.badRows.length > 0 && !options.skipBadRows) {
        throw new AppError('EMPLOYEE_IMPORT_HAS_BAD_ROWS', { details: { badRows: plan.badRows.length } });
      }
      if (licenceExceeded(plan)) throw licenceError(plan);
      const problem = await installationProblem(db, plan.licenceDelta);
      if (problem) throw installationError(problem);
      if (
        !(await repository.transition(db, job.id, ['uploaded', 'failed'], {
          status: 'running',
          portalId: plan.portalId,
          error: null,
        }))
      ) {
        throw new AppError('EMPLOYEE_IMPORT_ALREADY_STARTED');
      }
      return plan;
    },

    /** Step 3, second half (import-run.ts): hash, then write everything in one transaction. */
    run(actor: Actor, plan: ImportPlan, emit: (event: ImportEvent) => void): Promise<ImportResult> {
      return run(actor, plan, emit);
    },
  };
}

export type EmployeeImportService = ReturnType<typeof createEmployeeImportService>;
