import {
  type BadRow,
  IMPORT_CODE,
  IMPORT_FIELDS,
  IMPORT_PREVIEW_ROWS,
  type ImportCheck,
  type ImportCommit,
  type ImportEvent,
  type ImportFieldKey,
  type ImportJob,
  type ImportOptions,
  type ImportPortal,
  type ImportPreview,
  type ImportResult,
  type ImportSeparator,
  importCommitSchema,
  REQUIRED_IMPORT_FIELDS,
} from '@schutzwerk/shared/employee-import/employee-import.schema.ts';
import {
  employeeFieldsSchema,
  HEALTH_FIELDS,
  PERSONAL_FIELDS,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import { employeeImportMessages, errorCatalogue } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import {
  assertNoMoreRights,
  type EmailChangedDeps,
  employeesWithMoreRights,
  notifyEmailChanged,
  touchesSignIn,
} from '#modules/employees/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { assertAdministratorRemains } from '#platform/administrators.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { hashPassword } from '#platform/password.ts';
import {
  CsvError,
  type CsvRow,
  type ParsedCsv,
  parseCsv,
  parseFlag,
  parseGender,
  parseGermanDate,
} from './csv.ts';
import type {
  ChangeLogInsert,
  EmployeeImportRepository,
  EmployeeInsert,
  EmployeeRow,
  ImportJobRow,
} from './employee-import.repository.ts';
import { suggestMapping } from './mapping.ts';

/** Without a policy (unit tests without settings): the historical minimum. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 1024;
const fallbackCheck = (password: string): string[] =>
  password.length < PASSWORD_MIN_LENGTH
    ? [employeeImportMessages.passwordTooShort(PASSWORD_MIN_LENGTH)]
    : password.length > PASSWORD_MAX_LENGTH
      ? [employeeImportMessages.passwordTooLong(PASSWORD_MAX_LENGTH)]
      : [];

type DataField = Exclude<ImportFieldKey, 'password'>;
const FIELD_BY_KEY = new Map(IMPORT_FIELDS.map((f) => [f.key, f]));
const SENSITIVE = new Set<string>([...PERSONAL_FIELDS, ...HEALTH_FIELDS]);

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
};

export type InstallationLicence = {
  maxEmployees: number | null;
  maxExternals: number | null;
  activeEmployees: number;
  activeExternals: number;
};

/** A valid row of the file, ready to write. */
type GoodRow = {
  line: number;
  personnelNumber: string;
  values: Partial<Record<DataField, string | boolean | null>>;
  password: string | null;
  existing: EmployeeRow | undefined;
};

export type ImportPlan = {
  job: ImportJobRow;
  portalId: number;
  licensedEmployees: number | null;
  mode: ImportOptions['mode'];
  fields: DataField[];
  creates: GoodRow[];
  /** Existing employees whose mapped fields differ, whose first password is set, or who are reactivated. */
  updates: {
    row: GoodRow;
    changes: Record<string, { from: unknown; to: unknown }>;
    reactivate: boolean;
    setPassword: boolean;
  }[];
  unchanged: number;
  inactivate: EmployeeRow[];
  badRows: BadRow[];
  rowCount: number;
  activeBefore: number;
  activeAfter: number;
  /** Change of the active count across the installation: own staff and external staff. */
  licenceDelta: { employees: number; externals: number };
};

const isoOf = (d: Date) => d.toISOString();

/**
 * The employee CSV import (spec "Employee import wizard"): upload and preview, check against the target
 * portal without writing, then one transaction that creates, updates and inactivates employees.
 */
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
}: Deps) {
  function parseJob(job: ImportJobRow): ParsedCsv {
    if (!job.content) throw new AppError('EMPLOYEE_IMPORT_NOT_FOUND');
    try {
      return parseCsv(job.content, { separator: job.separator, hasHeader: job.hasHeader });
    } catch (error) {
      if (error instanceof CsvError)
        throw new AppError('EMPLOYEE_IMPORT_INVALID_FILE', { message: error.message });
      throw error;
    }
  }

  /** Only the actor's own uploads exist for them. */
  async function loadJob(actor: Actor, id: number, ex: Executor = db): Promise<ImportJobRow> {
    const job = await repository.findJob(id, ex);
    if (!job || job.createdBy !== actor.employeeId) throw new AppError('EMPLOYEE_IMPORT_NOT_FOUND');
    return job;
  }

  /** Same answer for "no such portal" and "not yours": a customer portal imports into itself only. */
  async function loadPortal(actor: Actor, portalId: number, ex: Executor = db, lock = false) {
    const portal = await repository.findPortal(portalId, ex, lock);
    if (!portal || (!actor.isMainPortal && portal.id !== actor.portalId)) {
      throw new AppError('EMPLOYEE_IMPORT_PORTAL_REQUIRED');
    }
    return portal;
  }

  function toPreview(job: ImportJobRow, parsed: ParsedCsv): ImportPreview {
    const columns = Array.from(
      { length: parsed.columnCount },
      (_, i) => parsed.header?.[i] || `Spalte ${i + 1}`,
    );
    return {
      id: job.id,
      fileName: job.fileName,
      encoding: parsed.encoding,
      separator: job.separator as ImportSeparator,
      hasHeader: job.hasHeader,
      columnCount: parsed.columnCount,
      columns,
      rows: parsed.rows.slice(0, IMPORT_PREVIEW_ROWS),
      rowCount: parsed.rows.length,
      suggestedMapping: suggestMapping(parsed.header),
    };
  }

  function assertMapping(actor: Actor, options: ImportOptions, columnCount: number): DataField[] {
    const mapped = Object.entries(options.mapping).filter(([, v]) => v !== null && v !== undefined) as [
      ImportFieldKey,
      number,
    ][];
    const missing = REQUIRED_IMPORT_FIELDS.filter((f) => !mapped.some(([k]) => k === f));
    if (missing.length > 0) {
      throw new AppError('EMPLOYEE_IMPORT_REQUIRED_COLUMNS', {
        details: missing.map((f) => ({
          path: ['body', 'mapping', f],
          message: employeeImportMessages.fieldMapColumn(FIELD_BY_KEY.get(f)?.label),
        })),
      });
    }
    const outside = mapped.filter(([, index]) => index >= columnCount);
    if (outside.length > 0) {
      throw new AppError('INPUT_VALIDATION_ERROR', {
        message: employeeImportMessages.tooFewColumns(columnCount),
        details: outside.map(([f]) => ({
          path: ['body', 'mapping', f],
          message: employeeImportMessages.fieldNoSuchColumn,
        })),
      });
    }
    const keys = mapped.map(([k]) => k);
    if (
      keys.some((k) => (PERSONAL_FIELDS as readonly string[]).includes(k)) &&
      !actorHasAny(actor, P.EMPLOYEES_PERSONAL_DATA)
    ) {
      throw new AppError('NO_PERMISSION', {
        message: employeeImportMessages.personalDataForbidden,
      });
    }
    if (
      keys.some((k) => (HEALTH_FIELDS as readonly string[]).includes(k)) &&
      !actorHasAny(actor, P.EMPLOYEES_HEALTH_DATA)
    ) {
      throw new AppError('NO_PERMISSION', {
        message: employeeImportMessages.healthDataForbidden,
      });
    }
    if (options.mode === 'deactivateOthers' && !actorHasAny(actor, P.EMPLOYEES_ACTIVATE)) {
      throw new AppError('NO_PERMISSION', {
        message: employeeImportMessages.deactivateForbidden,
      });
    }
    return keys.filter((k): k is DataField => k !== 'password');
  }

  /** The rules of the employee record for the mapped fields (built once per run: building is costly). */
  function rowSchema(fields: DataField[]) {
    const keys = Object.fromEntries(fields.map((k) => [k, true])) as Record<DataField, true>;
    return employeeFieldsSchema.pick(keys).partial();
  }

  /** Reads one row into typed values; German reasons for everything wrong with it. */
  function readRow(
    row: CsvRow,
    options: ImportOptions,
    fields: DataField[],
    schema: ReturnType<typeof rowSchema>,
  ) {
    const reasons: string[] = [];
    const cell = (key: ImportFieldKey) => {
      const index = options.mapping[key];
      return index === null || index === undefined ? '' : (row.cells[index] ?? '').trim();
    };
    const values: Partial<Record<DataField, string | boolean | null>> = {};
    for (const key of fields) {
      const field = FIELD_BY_KEY.get(key)!;
      const raw = cell(key);
      if (field.required && raw === '') {
        reasons.push(employeeImportMessages.rowRequiredMissing(field.label));
        continue;
      }
      if (field.kind === 'date') {
        if (raw === '') values[key] = null;
        else {
          const iso = parseGermanDate(raw);
          if (iso) values[key] = iso;
          else reasons.push(employeeImportMessages.rowInvalidDate(raw, field.label));
        }
      } else if (field.kind === 'boolean') {
        const flag = parseFlag(raw);
        if (flag === null) reasons.push(employeeImportMessages.rowInvalidFlag(raw, field.label));
        else values[key] = flag;
      } else if (field.kind === 'gender') {
        if (raw === '') values[key] = null;
        else {
          const gender = parseGender(raw);
          if (gender) values[key] = gender;
          else reasons.push(employeeImportMessages.rowInvalidGender(raw, field.label));
        }
      } else {
        values[key] = raw === '' ? null : raw;
      }
    }
    // The rules of the employee record (lengths, e-mail, date range), with its German messages.
    const result = schema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const label =
          FIELD_BY_KEY.get(String(issue.path[0]) as ImportFieldKey)?.label ?? String(issue.path[0]);
        reasons.push(`${label}: ${issue.message}`);
      }
    }
    const password = cell('password');
    return {
      values,
      password: password === '' ? null : password,
      reasons,
      personnelNumber: cell('personnelNumber'),
    };
  }

  /** Compares the file with the portal: what would be created, changed, inactivated, and every bad row. */
  async function analyse(
    actor: Actor,
    job: ImportJobRow,
    options: ImportOptions,
    ex: Executor = db,
  ): Promise<ImportPlan> {
    const parsed = parseJob(job);
    const fields = assertMapping(actor, options, parsed.columnCount);
    const portal = await loadPortal(actor, options.portalId, ex);
    const existingRows = await repository.employeesOfPortal(ex, portal.id);
    const byNumber = new Map(existingRows.map((e) => [e.personnelNumber, e]));
    const checkPassword = passwordPolicy ? await passwordPolicy.checker(ex) : fallbackCheck;

    const reasonsByLine = new Map<number, string[]>();
    const addReason = (line: number, reason: string) => {
      const list = reasonsByLine.get(line) ?? [];
      list.push(reason);
      reasonsByLine.set(line, list);
    };
    const schema = rowSchema(fields);
    const read = parsed.rows.map((row) => ({ row, ...readRow(row, options, fields, schema) }));

    // Duplicates inside the file: every occurrence is bad (which one is right cannot be guessed).
    const linesOf = (key: (r: (typeof read)[number]) => string) => {
      const map = new Map<string, number[]>();
      for (const r of read) {
        const k = key(r);
        if (k === '') continue;
        const lines = map.get(k) ?? [];
        lines.push(r.row.line);
        map.set(k, lines);
      }
      return map;
    };
    for (const [number, lines] of linesOf((r) => r.personnelNumber)) {
      if (lines.length > 1) {
        for (const line of lines) {
          addReason(line, employeeImportMessages.rowPersonnelNumberTwice(number, lines));
        }
      }
    }
    const loginOf = (r: (typeof read)[number]) =>
      typeof r.values.loginName === 'string' ? r.values.loginName : '';
    const loginLines = linesOf((r) => loginOf(r).toLowerCase());
    for (const [, lines] of loginLines) {
      if (lines.length > 1) {
        for (const line of lines) {
          const r = read.find((x) => x.row.line === line)!;
          addReason(line, employeeImportMessages.rowLoginNameTwice(loginOf(r), lines));
        }
      }
    }
    // Login names are unique across all portals (case-insensitive).
    const holders = await repository.employeesByLoginNames(ex, [...loginLines.keys()]);
    const holderByLogin = new Map(holders.map((h) => [h.loginName.toLowerCase(), h.id]));

    const good: GoodRow[] = [];
    for (const r of read) {
      const line = r.row.line;
      for (const reason of r.reasons) addReason(line, reason);
      const existing = r.personnelNumber ? byNumber.get(r.personnelNumber) : undefined;
      const login = loginOf(r);
      if (login) {
        const holder = holderByLogin.get(login.toLowerCase());
        if (holder !== undefined && holder !== existing?.id) {
          addReason(line, employeeImportMessages.rowLoginNameTaken(login));
        }
      }
      // The password: required for new employees; for existing ones only used when they have none yet.
      const needsPassword = !existing || existing.passwordHash === null;
      if (needsPassword && r.password !== null) {
        for (const violation of checkPassword(r.password)) addReason(line, violation);
      }
      if (!existing && r.password === null && r.personnelNumber !== '') {
        addReason(line, employeeImportMessages.rowPasswordMissing);
      }
      if (reasonsByLine.has(line)) continue;
      good.push({
        line,
        personnelNumber: r.personnelNumber,
        values: r.values,
        password: needsPassword ? r.password : null,
        existing,
      });
    }

    const creates: GoodRow[] = [];
    const updates: ImportPlan['updates'] = [];
    let unchanged = 0;
    for (const row of good) {
      if (!row.existing) {
        creates.push(row);
        continue;
      }
      const before = row.existing as unknown as Record<string, unknown>;
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of fields) {
        const to = row.values[key] ?? (FIELD_BY_KEY.get(key)?.kind === 'boolean' ? false : null);
        if (before[key] !== to) changes[key] = { from: before[key], to };
      }
      const reactivate = options.mode === 'deactivateOthers' && !row.existing.active;
      const setPassword = row.password !== null;
      if (reactivate) changes.active = { from: false, to: true };
      if (Object.keys(changes).length > 0 || setPassword)
        updates.push({ row, changes, reactivate, setPassword });
      else unchanged++;
    }

    // Every personnel number of the file counts, bad rows too: a typo must not inactivate anybody.
    const inFile = new Set(read.map((r) => r.personnelNumber).filter((n) => n !== ''));
    const candidates =
      options.mode === 'deactivateOthers'
        ? existingRows.filter(
            (e) =>
              e.active &&
              !e.keepActiveOnImport &&
              !inFile.has(e.personnelNumber) &&
              e.id !== actor.employeeId,
          )
        : [];

    // Decision 023: sign-in and reach fields, a password and the active flag of someone holding rights the
    // importer lacks stay as they are — such a row is a bad row; such an employee is not inactivated.
    const more = new Set(
      (
        await employeesWithMoreRights(ex, actor, [
          ...updates.filter(touchesSignInOnImport).map((u) => u.row.existing!.id),
          ...candidates.map((e) => e.id),
        ])
      ).map((m) => m.id),
    );
    for (let i = updates.length - 1; i >= 0; i--) {
      const u = updates[i]!;
      if (touchesSignInOnImport(u) && more.has(u.row.existing!.id)) {
        addReason(u.row.line, errorCatalogue.EMPLOYEE_MORE_RIGHTS.message);
        updates.splice(i, 1);
      }
    }
    const inactivate = candidates.filter((e) => !more.has(e.id));
    const badRows: BadRow[] = read
      .filter((r) => reasonsByLine.has(r.row.line))
      .map((r) => ({
        line: r.row.line,
        personnelNumber: r.personnelNumber || null,
        reasons: reasonsByLine.get(r.row.line)!,
      }));
    const activeBefore = existingRows.filter((e) => e.active).length;
    const reactivations = updates.filter((u) => u.reactivate).length;
    const licenceDelta = { employees: 0, externals: 0 };
    const count = (external: boolean, n: number) => {
      if (external) licenceDelta.externals += n;
      else licenceDelta.employees += n;
    };
    for (const row of creates) count(row.values.isExternal === true, 1);
    for (const u of updates) {
      const wasExternal = u.row.existing?.isExternal === true;
      const isExternal = typeof u.row.values.isExternal === 'boolean' ? u.row.values.isExternal : wasExternal;
      if (u.reactivate) count(isExternal, 1);
      else if (u.row.existing?.active && isExternal !== wasExternal) {
        count(wasExternal, -1);
        count(isExternal, 1);
      }
    }
    for (const e of inactivate) count(e.isExternal, -1);
    return {
      job,
      portalId: portal.id,
      licensedEmployees: portal.licensedEmployees,
      mode: options.mode,
      fields,
      creates,
      updates,
      unchanged,
      inactivate,
      badRows,
      rowCount: parsed.rows.length,
      activeBefore,
      activeAfter: activeBefore + creates.length + reactivations - inactivate.length,
      licenceDelta,
    };
  }

  /** Code 910: more active employees than licensed — only when the import adds active ones. */
  function licenceExceeded(
    plan: Pick<ImportPlan, 'licensedEmployees' | 'activeAfter' | 'activeBefore'>,
  ): boolean {
    return (
      plan.licensedEmployees !== null &&
      plan.activeAfter > plan.licensedEmployees &&
      plan.activeAfter > plan.activeBefore
    );
  }

  function licenceError(plan: Pick<ImportPlan, 'licensedEmployees' | 'activeAfter'>) {
    return new AppError('EMPLOYEE_IMPORT_LICENCE_EXCEEDED', {
      message: employeeImportMessages.licenceExceeded(plan.activeAfter, plan.licensedEmployees),
      details: {
        importCode: IMPORT_CODE.LICENCE_EXCEEDED,
        activeAfter: plan.activeAfter,
        licensedEmployees: plan.licensedEmployees,
      },
    });
  }

  /** Code 910 for the installation's licence (all portals): the German reason, or null when it fits. */
  async function installationProblem(
    ex: Executor,
    delta: ImportPlan['licenceDelta'],
  ): Promise<string | null> {
    if (!installationLicence) return null;
    const licence = await installationLicence(ex);
    const over = (active: number, change: number, max: number | null) =>
      max !== null && change > 0 && active + change > max;
    if (over(licence.activeEmployees, delta.employees, licence.maxEmployees)) {
      return employeeImportMessages.installationEmployeesExceeded(
        licence.activeEmployees + delta.employees,
        licence.maxEmployees,
      );
    }
    if (over(licence.activeExternals, delta.externals, licence.maxExternals)) {
      return employeeImportMessages.installationExternalsExceeded(
        licence.activeExternals + delta.externals,
        licence.maxExternals,
      );
    }
    return null;
  }

  function installationError(message: string) {
    return new AppError('EMPLOYEE_IMPORT_LICENCE_EXCEEDED', {
      message,
      details: { importCode: IMPORT_CODE.LICENCE_EXCEEDED },
    });
  }

  /** Hashes the passwords with a bounded number in flight; reports progress. */
  async function hashAll(passwords: string[], onProgress: (done: number) => void): Promise<string[]> {
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
    await Promise.all(Array.from({ length: Math.min(hashConcurrency, passwords.length) }, worker));
    return out;
  }

  function redact(changes: Record<string, { from: unknown; to: unknown }>) {
    const out = { ...changes };
    for (const key of Object.keys(out)) if (SENSITIVE.has(key)) out[key] = { from: '***', to: '***' };
    return out;
  }

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

  return {
    /** Step 1: store the file, answer the preview. Nothing about employees is read or written. */
    async upload(
      actor: Actor,
      content: Buffer,
      options: { separator: ImportSeparator; hasHeader: boolean; fileName: string },
    ): Promise<ImportPreview> {
      let parsed: ParsedCsv;
      try {
        parsed = parseCsv(content, options);
      } catch (error) {
        if (error instanceof CsvError)
          throw new AppError('EMPLOYEE_IMPORT_INVALID_FILE', { message: error.message });
        throw error;
      }
      if (parsed.rows.length === 0) throw new AppError('EMPLOYEE_IMPORT_EMPTY_FILE');
      await repository.purgeStale();
      const job = await repository.insertJob({
        createdBy: actor.employeeId,
        fileName: options.fileName || 'import.csv',
        content,
        separator: options.separator,
        hasHeader: options.hasHeader,
      });
      return toPreview(job, parsed);
    },

    async preview(actor: Actor, id: number): Promise<ImportPreview> {
      const job = await loadJob(actor, id);
      return toPreview(job, parseJob(job));
    },

    async get(actor: Actor, id: number): Promise<ImportJob> {
      const job = await repository.findJobStatus(id);
      if (!job || job.createdBy !== actor.employeeId) throw new AppError('EMPLOYEE_IMPORT_NOT_FOUND');
      return jobDto(job);
    },

    /** The portals the actor may import into: all from the main portal, otherwise their own. */
    async portals(actor: Actor): Promise<ImportPortal[]> {
      return repository.listPortals(actor.isMainPortal ? undefined : actor.portalId);
    },

    /** Step 2 "Daten prüfen": every bad row with its line and reasons, and what the import would do. */
    async check(actor: Actor, id: number, options: ImportOptions): Promise<ImportCheck> {
      const job = await loadJob(actor, id);
      if (job.status === 'running' || job.status === 'done')
        throw new AppError('EMPLOYEE_IMPORT_ALREADY_STARTED');
      const plan = await analyse(actor, job, options);
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
      const job = await loadJob(actor, id);
      if (job.status === 'running' || job.status === 'done')
        throw new AppError('EMPLOYEE_IMPORT_ALREADY_STARTED');
      const plan = await analyse(actor, job, options);
      if (plan.badRows.length > 0 && !options.skipBadRows) {
        throw new AppError('EMPLOYEE_IMPORT_HAS_BAD_ROWS', { details: { badRows: plan.badRows.length } });
      }
      if (licenceExceeded(plan)) throw licenceError(plan);
      const problem = await installationProblem(db, plan.licenceDelta);
      if (problem) throw installationError(problem);
      if (
        !(await repository.transition(job.id, ['uploaded', 'failed'], {
          status: 'running',
          portalId: plan.portalId,
          error: null,
        }))
      ) {
        throw new AppError('EMPLOYEE_IMPORT_ALREADY_STARTED');
      }
      return plan;
    },

    /**
     * Step 3, second half: hash the passwords (outside the transaction: it is the slow part), then write
     * everything in one transaction, batch by batch. A failure rolls back all of it.
     */
    async run(actor: Actor, plan: ImportPlan, emit: (event: ImportEvent) => void): Promise<ImportResult> {
      const started = performance.now();
      try {
        const toHash = [
          ...plan.creates.map((r) => r.password!),
          ...plan.updates.filter((u) => u.setPassword).map((u) => u.row.password!),
        ];
        let lastEmit = 0;
        const hashes = await hashAll(toHash, (done) => {
          const now = performance.now();
          if (done === toHash.length || now - lastEmit > 200) {
            lastEmit = now;
            emit({ type: 'progress', phase: 'hash', done, total: toHash.length });
          }
        });
        const createHashes = hashes.slice(0, plan.creates.length);
        const updateHashes = hashes.slice(plan.creates.length);

        const total = plan.creates.length + plan.updates.length + plan.inactivate.length;
        let written = 0;
        const progress = (n: number) => {
          written += n;
          emit({ type: 'progress', phase: 'write', done: written, total });
        };
        emit({ type: 'progress', phase: 'write', done: 0, total });

        const result = await db.transaction(async (tx) => {
          // One import per portal at a time; the licence is counted again under the lock.
          await loadPortal(actor, plan.portalId, tx, true);
          if (plan.licensedEmployees !== null) {
            const activeNow = await repository.countActive(tx, plan.portalId);
            const reactivations = plan.updates.filter((u) => u.reactivate).length;
            const activeAfter = activeNow + plan.creates.length + reactivations - plan.inactivate.length;
            const current = await repository.findPortal(plan.portalId, tx);
            const licence = {
              licensedEmployees: current?.licensedEmployees ?? null,
              activeAfter,
              activeBefore: activeNow,
            };
            if (licenceExceeded(licence)) throw licenceError(licence);
          }
          if (installationLicence) {
            // Imports into different portals count against one licence: one at a time from here.
            await tx.execute(sql`select pg_advisory_xact_lock(910910)`);
            const problem = await installationProblem(tx, plan.licenceDelta);
            if (problem) throw installationError(problem);
          }
          const log: ChangeLogInsert[] = [];
          const entry = (
            entityId: number,
            changes: Record<string, { from: unknown; to: unknown }>,
          ): ChangeLogInsert => ({
            entity: 'employee',
            entityId: String(entityId),
            state: LOG_STATE.IMPORT,
            actorId: actor.employeeId,
            changes: redact(changes),
          });
          const flushLog = async (force = false) => {
            while (log.length >= batchSize || (force && log.length > 0)) {
              await repository.insertChangeLog(tx, log.splice(0, batchSize));
            }
          };

          // The rights compared in the check may have changed since: compare again under the transaction.
          await assertNoMoreRights(tx, actor, [
            ...plan.updates.filter(touchesSignInOnImport).map((u) => u.row.existing!.id),
            ...plan.inactivate.map((e) => e.id),
          ]);
          let setPasswordIndex = 0;
          const updateRows = plan.updates.map((u) => ({
            ...u,
            passwordHash: u.setPassword ? updateHashes[setPasswordIndex++]! : null,
          }));
          for (let i = 0; i < updateRows.length; i += batchSize) {
            const batch = updateRows.slice(i, i + batchSize);
            await repository.updateEmployees(
              tx,
              plan.fields,
              batch.map((u) => ({
                id: u.row.existing!.id,
                ...Object.fromEntries(
                  plan.fields.map((f) => [
                    f,
                    u.row.values[f] ?? (FIELD_BY_KEY.get(f)?.kind === 'boolean' ? false : null),
                  ]),
                ),
                passwordHash: u.passwordHash,
                active: u.reactivate ? true : null,
              })) as (Partial<EmployeeRow> & { id: number })[],
            );
            for (const u of batch) {
              const changes = { ...u.changes };
              if (u.setPassword) changes.password = { from: '***', to: '***' };
              log.push(entry(u.row.existing!.id, changes));
              if (changes.email) {
                const existing = u.row.existing!;
                await notifyEmailChanged(
                  tx,
                  {
                    employeeId: existing.id,
                    from: existing.email,
                    to: changes.email.to as string | null,
                    firstName: existing.firstName,
                    lastName: existing.lastName,
                    language: existing.language,
                    country: existing.country,
                    changedBy: actor.employeeId,
                    via: 'Mitarbeiterimport',
                  },
                  { mail, ...(settings ? { settings } : {}) },
                );
              }
            }
            await flushLog();
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
                    passwordHash: createHashes[i + j]!,
                    // An imported initial password is changed at the first login (decision 012).
                    mustChangePassword: true,
                    active: true,
                  }) as EmployeeInsert,
              ),
            );
            const idByNumber = new Map(inserted.map((x) => [x.personnelNumber, x.id]));
            for (const r of batch) {
              const changes: Record<string, { from: unknown; to: unknown }> = {};
              for (const [k, v] of Object.entries(r.values))
                if (v !== null && v !== undefined) changes[k] = { from: null, to: v };
              changes.password = { from: null, to: '***' };
              log.push(entry(idByNumber.get(r.personnelNumber)!, changes));
            }
            await flushLog();
            progress(batch.length);
          }

          for (let i = 0; i < plan.inactivate.length; i += batchSize) {
            const batch = plan.inactivate.slice(i, i + batchSize);
            const ids = batch.map((e) => e.id);
            await repository.inactivate(tx, ids);
            await repository.endSessionsOf(tx, ids);
            for (const id of ids) log.push(entry(id, { active: { from: true, to: false } }));
            await flushLog();
            progress(batch.length);
          }
          if (plan.inactivate.length > 0) await assertAdministratorRemains(tx);
          await flushLog(true);

          const outcome: ImportResult = {
            code: IMPORT_CODE.COMPLETED,
            created: plan.creates.length,
            updated: plan.updates.length,
            unchanged: plan.unchanged,
            inactivated: plan.inactivate.length,
            skipped: plan.badRows.length,
            durationMs: Math.round(performance.now() - started),
          };
          await repository.insertChangeLog(tx, [
            {
              entity: 'employee_import',
              entityId: String(plan.job.id),
              state: LOG_STATE.IMPORT,
              actorId: actor.employeeId,
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
          // Done in the same transaction; the file (personal data) is not kept.
          await repository.transition(
            plan.job.id,
            ['running'],
            { status: 'done', result: outcome, content: null },
            tx,
          );
          return outcome;
        });
        return { ...result, durationMs: Math.round(performance.now() - started) };
      } catch (error) {
        const wire =
          error instanceof AppError
            ? { code: error.code, message: error.message }
            : { code: 'EMPLOYEE_IMPORT_FAILED', message: new AppError('EMPLOYEE_IMPORT_FAILED').message };
        await repository
          .transition(plan.job.id, ['running'], { status: 'failed', error: wire })
          .catch(() => undefined);
        throw error;
      }
    },
  };
}

/** An import update that changes how the employee signs in or is reached (decision 023). */
function touchesSignInOnImport(u: ImportPlan['updates'][number]): boolean {
  return u.setPassword || u.reactivate || touchesSignIn(Object.keys(u.changes));
}

export type EmployeeImportService = ReturnType<typeof createEmployeeImportService>;
