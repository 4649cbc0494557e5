import type {
  Accident,
  AccidentInput,
  AccidentListQuery,
  AccidentNotice,
  AccidentStatusChange,
  CreateAccident,
  SendNotice,
  UpdateAccident,
} from '@schutzwerk/shared/accidents/accidents.schema.ts';
import {
  ACCIDENT_HEALTH_FIELDS,
  absenceFields,
  accidentListQuerySchema,
  accidentStatusChangeSchema,
  createAccidentSchema,
  externalPersonFields,
  noticeFields,
  sendNoticeSchema,
  updateAccidentSchema,
} from '@schutzwerk/shared/accidents/accidents.schema.ts';
import {
  type AccidentStatus,
  catalogueLabel,
  INJURING_EVENT_TYPES,
  STATUS_INACTIVE,
  STATUS_SENT,
} from '@schutzwerk/shared/accidents/catalogues.ts';
import { accidentsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { accidentSettings, insurerLine } from '@schutzwerk/shared/settings/accidents.settings.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import { eq, ne, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '#db/client.ts';
import { completeOpenTasks, createTask, deleteOpenTasks, openTasks } from '#modules/actions/index.ts';
import type { ChecklistsService } from '#modules/checklists/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { addDays, berlinDay, formatBerlinDateTime, noticeDeadline } from './accident-dates.ts';
import { ACCIDENT_ACTION_SOURCE, scopeOf } from './accident-links.ts';
import { buildNotice, missingFields, renderNoticePdf } from './accident-notice.ts';
import {
  ACCIDENT_ENTITY,
  type AccidentInsert,
  type AccidentRecord,
  type AccidentsRepository,
} from './accidents.repository.ts';
import { accidentReports } from './accidents.table.ts';

export { formatBerlinDateTime };

/** Called in the filing transaction: mails the supervisors and the location's escalation contacts. */
export type AccidentFiledHook = (ex: Executor, actor: Actor, report: AccidentRecord) => Promise<void>;

/**
 * Called in the transaction of a status change (the status route and sending the notice) when the status really
 * changed: `from` the previous status, `report` the changed row, `reason` the reason of setting it inactive.
 */
export type AccidentStatusHook = (
  ex: Executor,
  actor: Actor,
  change: { from: number; report: AccidentRecord; reason: string; at: Date },
) => Promise<void>;

type Deps = {
  db: Db;
  repository: AccidentsRepository;
  now?: () => Date;
  onFiled?: AccidentFiledHook[];
  onStatusChanged?: AccidentStatusHook[];
  /** The company name of the notice and the PDF frame; the logo of the frame. */
  settings?: Pick<SettingsService, 'read'>;
  logo?: () => Promise<Buffer | null>;
  /** The checklists' link port (decision 052): the checklist of step 6 (decision 056). */
  checklists?: AccidentChecklists;
};

/** What the report needs of the checklists module (its link port). */
export type AccidentChecklists = Pick<ChecklistsService, 'linkChecklist' | 'stateOf' | 'choicesFor'>;
const CHECKLIST_MODULE = 'accidents';

/**
 * The tasks of a report in the actions/tasks registry (decision 020): the notice's deadline (kind 'check'); the
 * investigation measures' tasks (kind 'action', decision 056) share the source and are left alone here.
 */
const TASK_SOURCE = ACCIDENT_ACTION_SOURCE;
const NOTICE_TASK_KINDS = ['check'] as const;

const ABSENCE_KEYS = Object.keys(absenceFields) as (keyof typeof absenceFields)[];
const NOTICE_KEYS = Object.keys(noticeFields) as (keyof typeof noticeFields)[];
const EXTERNAL_KEYS = Object.keys(externalPersonFields) as (keyof typeof externalPersonFields)[];

/** The stored fields the change log compares (children as their arrays). */
const REPORT_FIELDS = [
  'eventType',
  'employeeId',
  'externalName',
  'externalCompany',
  'accidentAt',
  'firstAidAt',
  'locationId',
  'departmentId',
  'injuryCategory',
  'injuryDescription',
  'description',
  'doctor',
  'hospital',
  'protectiveGear',
  'reportable',
  'fatal',
  'hospitalised',
  'comment',
  ...ABSENCE_KEYS,
  ...NOTICE_KEYS,
  ...EXTERNAL_KEYS,
  'checklistId',
] as const;

/** A grace for clocks: an accident time up to a minute ahead is not "in the future". */
const FUTURE_GRACE_MS = 60_000;

const fieldError = (path: string, message: string) => ({ details: [{ path: [path], message }] });

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});

/**
 * Reportable (decision 051): a death, more than three days lost, the injury categories "more than three days" and
 * "fatal", or "sick until" more than three days after the accident day.
 */
export function noticeDueOf(
  v: Pick<Values, 'fatal' | 'daysLost' | 'sickUntil' | 'accidentAt'>,
  /** The injury category is one that makes a report reportable (its `notice_due`, decision 056). */
  categoryDue: boolean,
) {
  if (v.fatal) return true;
  if (v.daysLost !== null && v.daysLost > 3) return true;
  if (categoryDue) return true;
  return v.sickUntil !== null && v.sickUntil > addDays(berlinDay(new Date(v.accidentAt)), 3);
}

export function canSeeHealth(actor: Actor): boolean {
  return actorHasAny(actor, P.ACCIDENT_REPORTS_HEALTH_DATA);
}

type Values = Omit<AccidentInput, 'confirmFutureTime'>;

export function createAccidentsService({
  db,
  repository,
  now = () => new Date(),
  onFiled = [],
  onStatusChanged = [],
  settings,
  logo = async () => null,
  checklists,
}: Deps) {
  /**
   * Keeps the notice's deadline task in sync (decision 051): one open task while the report is reportable, the
   * notice not sent and the report not completed or inactive; assigned to the report's author (else the caller).
   */
  async function syncNoticeTask(ex: Executor, actor: Actor, row: AccidentRecord) {
    const selector = { sourceType: TASK_SOURCE, sourceId: row.id, kinds: NOTICE_TASK_KINDS };
    const wanted =
      row.reportable && row.noticeSentAt === null && row.status !== STATUS_INACTIVE && row.status !== 50;
    const open = await openTasks(ex, selector);
    const deadline = noticeDeadline(row.accidentAt);
    if (!wanted) {
      if (open.length > 0) await deleteOpenTasks(ex, selector);
      return;
    }
    if (open.some((t) => t.dueDate === deadline)) return;
    if (open.length > 0) await deleteOpenTasks(ex, selector);
    const [y, m, d] = deadline.split('-');
    await createTask(ex, {
      portalId: row.portalId,
      kind: 'check',
      sourceType: TASK_SOURCE,
      sourceId: row.id,
      assigneeId: row.createdBy ?? actor.employeeId,
      responsibleId: actor.employeeId,
      title: accidentsMessages.noticeTask(`${d}.${m}.${y}`),
      linkPath: `/accidents/${row.id}`,
      dueDate: deadline,
    });
  }

  async function noticeOf(ex: Executor, actor: Actor, row: AccidentRecord) {
    const companyName = settings ? (await settings.read(systemSettings, ex)).companyName : '';
    const defaults = settings ? await settings.read(accidentSettings, ex) : null;
    return buildNotice(ex, repository, {
      row,
      companyName,
      notifierId: actor.employeeId,
      now: now(),
      defaults: {
        insurer: defaults ? insurerLine(defaults) : '',
        companyNumber: defaults?.companyNumber ?? '',
      },
    });
  }

  /** The notice needs the health right (injuries, doctor) besides editing; only for a reportable report. */
  async function noticeRow(ex: Executor, actor: Actor, id: number, lock?: 'update') {
    if (!canSeeHealth(actor)) throw new AppError('ACCIDENT_HEALTH_DATA_FORBIDDEN');
    const row = await visible(ex, actor, id, lock);
    if (!row.reportable) throw new AppError('ACCIDENT_NOTICE_NOT_DUE');
    return row;
  }

  /** The report if the actor may see it (same answer for missing and not yours). */
  async function visible(ex: Executor, actor: Actor, id: number, lock?: 'update'): Promise<AccidentRecord> {
    const row = await repository.find(ex, id, lock);
    if (!row || row.portalId !== actor.portalId || !(await repository.inScope(ex, id, scopeOf(actor))))
      throw new AppError('NOT_FOUND');
    return row;
  }

  async function present(ex: Executor, actor: Actor, row: AccidentRecord): Promise<Accident> {
    const health = canSeeHealth(actor);
    const children = await repository.children(ex, row.id);
    const names = await repository.employeeNames(
      ex,
      [row.employeeId, ...children.firstAiders.map((f) => f.employeeId)].filter(
        (v): v is number => v !== null,
      ),
    );
    return {
      id: row.id,
      eventType: row.eventType,
      status: row.status,
      employeeId: row.employeeId,
      employeeName: row.employeeId === null ? null : (names.get(row.employeeId) ?? null),
      externalName: row.externalName,
      externalCompany: row.externalCompany,
      accidentAt: row.accidentAt.toISOString(),
      firstAidAt: row.firstAidAt.toISOString(),
      locationId: row.locationId,
      locationName: (await repository.locationName(ex, row.locationId, row.portalId)) ?? null,
      departmentId: row.departmentId,
      departmentName:
        row.departmentId === null
          ? null
          : ((await repository.departmentName(ex, row.departmentId, row.portalId)) ?? null),
      healthVisible: health,
      injuries: health ? children.injuries : null,
      injuryCategory: health ? row.injuryCategory : null,
      injuryDescription: health ? row.injuryDescription : null,
      doctor: health ? row.doctor : null,
      hospital: health ? row.hospital : null,
      hospitalised: health ? row.hospitalised : null,
      description: row.description,
      witnesses: children.witnesses,
      firstAiders: children.firstAiders.map((f) => ({
        employeeId: f.employeeId,
        name: f.employeeId === null ? f.name : (names.get(f.employeeId) ?? f.name),
      })),
      protectiveGear: row.protectiveGear,
      reportable: row.reportable,
      fatal: row.fatal,
      comment: row.comment,
      workStoppedAt: row.workStoppedAt?.toISOString() ?? null,
      workResumedAt: row.workResumedAt?.toISOString() ?? null,
      sickUntil: health ? row.sickUntil : null,
      daysLost: row.daysLost,
      lightDuties: row.lightDuties,
      lightDutiesUntil: row.lightDutiesUntil,
      costWageContinuation: row.costWageContinuation,
      costReplacement: row.costReplacement,
      costOther: row.costOther,
      costOtherNote: row.costOtherNote,
      insurer: row.insurer,
      companyNumber: row.companyNumber,
      companyAddress: row.companyAddress,
      legalRepresentative: row.legalRepresentative,
      phoneConsent: row.phoneConsent,
      apprentice: row.apprentice,
      marginalEmployment: row.marginalEmployment,
      entrepreneur: row.entrepreneur,
      familyMember: row.familyMember,
      wageContinuationWeeks: row.wageContinuationWeeks,
      homeOffice: row.homeOffice,
      violentEvent: row.violentEvent,
      workingTimeStart: row.workingTimeStart,
      workingTimeEnd: row.workingTimeEnd,
      worksCouncilMember: row.worksCouncilMember,
      insuredGroup: row.insuredGroup as Accident['insuredGroup'],
      institution: row.institution,
      institutionCarrier: row.institutionCarrier,
      distanceLearning: row.distanceLearning,
      externalBirthday: health ? row.externalBirthday : null,
      externalStreet: health ? row.externalStreet : null,
      externalPostalCode: health ? row.externalPostalCode : null,
      externalCity: health ? row.externalCity : null,
      externalGender: health ? (row.externalGender as Accident['externalGender']) : null,
      externalHealthInsurance: health ? row.externalHealthInsurance : null,
      externalCitizenship: health ? row.externalCitizenship : null,
      externalPhone: health ? row.externalPhone : null,
      checklist: await checklistOf(ex, row),
      noticeSentAt: row.noticeSentAt?.toISOString() ?? null,
      noticeSentByName:
        row.noticeSentBy === null
          ? null
          : ((await repository.employeeNames(ex, [row.noticeSentBy])).get(row.noticeSentBy) ?? null),
      noticeDue: row.reportable,
      noticeDeadline: row.reportable ? noticeDeadline(row.accidentAt) : null,
      createdById: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      version: row.version,
    };
  }

  /** The checklist of step 6 with its instance's state (null: none chosen). */
  async function checklistOf(ex: Executor, row: AccidentRecord): Promise<Accident['checklist']> {
    if (row.checklistId === null || !checklists) return null;
    const label =
      (await checklists.choicesFor(ex, row.portalId, CHECKLIST_MODULE)).find((c) => c.id === row.checklistId)
        ?.label ?? '';
    const state = await checklists.stateOf(ex, row.checklistId, CHECKLIST_MODULE, row.id);
    return {
      id: row.checklistId,
      label,
      instanceId: state?.instanceId ?? null,
      status: state?.status ?? null,
      progress: state?.progress ?? null,
    };
  }

  /** Links the report's checklist (the instance is created once, in the caller's transaction). */
  async function linkChecklistOf(ex: Executor, row: AccidentRecord) {
    if (row.checklistId !== null && checklists)
      await checklists.linkChecklist(ex, row.checklistId, CHECKLIST_MODULE, row.id);
  }

  /**
   * The injury category and the checklist must exist and be active when they are chosen or changed (a stored
   * inactive one stays). Answers whether the category makes the report reportable.
   */
  async function checkCatalogues(ex: Executor, actor: Actor, v: Values, before?: AccidentRecord) {
    let categoryDue = false;
    if (v.injuryCategory !== null) {
      const category = await repository.injuryCategory(ex, v.injuryCategory);
      const kept = before !== undefined && before.injuryCategory === v.injuryCategory;
      if (!category || (!category.active && !kept))
        throw new AppError(
          'INJURY_CATEGORY_INVALID',
          fieldError(
            'injuryCategory',
            category ? accidentsMessages.fieldInjuryCategoryInactive : accidentsMessages.fieldInjuryCategory,
          ),
        );
      categoryDue = category.noticeDue;
    }
    if (v.checklistId !== null && !(before !== undefined && before.checklistId === v.checklistId)) {
      const choice = checklists ? await checklists.choicesFor(ex, actor.portalId, CHECKLIST_MODULE) : [];
      if (!choice.some((c) => c.id === v.checklistId && c.active))
        throw new AppError(
          'ACCIDENT_CHECKLIST_INVALID',
          fieldError('checklistId', accidentsMessages.fieldChecklist),
        );
    }
    return categoryDue;
  }

  /**
   * The rules of a report (spec §5 "Accident reports"): the person (internal, or external with name and company),
   * the location, an injury category for injuring events, a future accident time only when confirmed, and no
   * second active report of the same person on the same day.
   */
  async function check(ex: Executor, actor: Actor, v: Values, confirmFuture: boolean, id?: number) {
    if (v.employeeId === null) {
      const details = [];
      if (!v.externalName)
        details.push({ path: ['externalName'], message: accidentsMessages.fieldExternalName });
      if (!v.externalCompany)
        details.push({ path: ['externalCompany'], message: accidentsMessages.fieldExternalCompany });
      if (details.length > 0) throw new AppError('ACCIDENT_EMPLOYEE_REQUIRED', { details });
    } else if (!(await repository.employeeOfPortal(ex, v.employeeId, actor.portalId)))
      throw new AppError(
        'ACCIDENT_EMPLOYEE_INVALID',
        fieldError('employeeId', accidentsMessages.fieldEmployee),
      );
    if (v.locationId === null)
      throw new AppError(
        'ACCIDENT_LOCATION_REQUIRED',
        fieldError('locationId', accidentsMessages.fieldLocation),
      );
    if ((await repository.locationName(ex, v.locationId, actor.portalId)) === undefined)
      throw new AppError(
        'ACCIDENT_LOCATION_INVALID',
        fieldError('locationId', accidentsMessages.fieldLocation),
      );
    if (
      v.departmentId !== null &&
      (await repository.departmentName(ex, v.departmentId, actor.portalId)) === undefined
    )
      throw new AppError('ACCIDENT_LOCATION_INVALID');
    if (INJURING_EVENT_TYPES.includes(v.eventType) && v.injuryCategory === null)
      throw new AppError(
        'ACCIDENT_INJURY_CATEGORY_REQUIRED',
        fieldError('injuryCategory', accidentsMessages.fieldInjuryCategory),
      );
    const accidentAt = new Date(v.accidentAt);
    if (!confirmFuture && accidentAt.getTime() > now().getTime() + FUTURE_GRACE_MS)
      throw new AppError('ACCIDENT_TIME_IN_FUTURE', fieldError('accidentAt', accidentsMessages.fieldFuture));
    // Absence: stoppage, resumption and "sick until" not before the accident, resumption not before stoppage.
    const order = [];
    const stopped = v.workStoppedAt === null ? null : new Date(v.workStoppedAt);
    if (stopped && stopped.getTime() < accidentAt.getTime()) order.push('workStoppedAt');
    if (v.workResumedAt !== null) {
      const resumed = new Date(v.workResumedAt).getTime();
      if (resumed < accidentAt.getTime() || (stopped && resumed < stopped.getTime()))
        order.push('workResumedAt');
    }
    if (v.sickUntil !== null && v.sickUntil < berlinDay(accidentAt)) order.push('sickUntil');
    if (v.lightDutiesUntil !== null && v.lightDutiesUntil < berlinDay(accidentAt))
      order.push('lightDutiesUntil');
    if (order.length > 0)
      throw new AppError('ACCIDENT_ABSENCE_ORDER', {
        details: order.map((path) => ({ path: [path], message: accidentsMessages.fieldAbsenceOrder })),
      });
    const duplicate = await repository.sameDayReport(ex, {
      portalId: actor.portalId,
      employeeId: v.employeeId,
      externalName: v.externalName,
      externalCompany: v.externalCompany,
      accidentAt,
      ...(id === undefined ? {} : { exceptId: id }),
    });
    if (duplicate !== undefined)
      throw new AppError('ACCIDENT_DUPLICATE', {
        message: accidentsMessages.duplicate(berlinDate.format(accidentAt)),
        details: [
          { path: ['accidentAt'], message: accidentsMessages.duplicate(berlinDate.format(accidentAt)) },
        ],
      });
  }

  function stored(v: Values, categoryDue: boolean) {
    const external = v.employeeId === null;
    return {
      eventType: v.eventType,
      employeeId: v.employeeId,
      // An internal person carries no external name.
      externalName: v.employeeId === null ? v.externalName : '',
      externalCompany: v.employeeId === null ? v.externalCompany : '',
      accidentAt: new Date(v.accidentAt),
      firstAidAt: new Date(v.firstAidAt),
      locationId: v.locationId as number,
      departmentId: v.departmentId,
      injuryCategory: v.injuryCategory,
      injuryDescription: v.injuryDescription,
      description: v.description,
      doctor: v.doctor,
      hospital: v.hospital,
      protectiveGear: v.protectiveGear,
      // More than three days of incapacity or a death make a report reportable (decision 051).
      reportable: v.reportable || noticeDueOf(v, categoryDue),
      fatal: v.fatal,
      hospitalised: v.hospitalised,
      comment: v.comment,
      ...Object.fromEntries(ABSENCE_KEYS.map((k) => [k, v[k]])),
      workStoppedAt: v.workStoppedAt === null ? null : new Date(v.workStoppedAt),
      workResumedAt: v.workResumedAt === null ? null : new Date(v.workResumedAt),
      lightDutiesUntil: v.lightDuties ? v.lightDutiesUntil : null,
      ...Object.fromEntries(NOTICE_KEYS.map((k) => [k, v[k]])),
      // An employee's personal data come from the employee record; only an external person's are kept here.
      ...Object.fromEntries(
        EXTERNAL_KEYS.map((k) => [k, external ? v[k] : k === 'externalBirthday' ? null : '']),
      ),
      checklistId: v.checklistId,
    } as Omit<AccidentInsert, 'portalId'>;
  }

  async function saveChildren(ex: Executor, id: number, v: Partial<Values>) {
    if (v.injuries !== undefined) await repository.replaceInjuries(ex, id, v.injuries);
    if (v.witnesses !== undefined) await repository.replaceWitnesses(ex, id, v.witnesses);
    if (v.firstAiders !== undefined)
      await repository.replaceFirstAiders(
        ex,
        id,
        v.firstAiders.map((f) => ({ employeeId: f.employeeId, name: f.employeeId === null ? f.name : '' })),
      );
  }

  return {
    async list(actor: Actor, raw: AccidentListQuery) {
      const query = accidentListQuerySchema.parse(raw);
      const health = canSeeHealth(actor);
      // A health filter or sort would reveal what the caller may not read.
      if ((query.injuryCategory !== undefined || query.orderBy === 'injuryCategory') && !health)
        throw new AppError('ACCIDENT_HEALTH_DATA_FORBIDDEN');
      const filters: (SQL | undefined)[] = [];
      if (query.status !== undefined) filters.push(eq(accidentReports.status, query.status));
      else if (query.inactive !== true) filters.push(ne(accidentReports.status, STATUS_INACTIVE));
      if (query.eventType !== undefined) filters.push(eq(accidentReports.eventType, query.eventType));
      if (query.injuryCategory !== undefined)
        filters.push(eq(accidentReports.injuryCategory, query.injuryCategory));
      return repository.list(db, { portalId: actor.portalId, scope: scopeOf(actor), health, filters }, query);
    },

    /** One report; the read is written to the change log (who read which report when). */
    async get(actor: Actor, id: number): Promise<Accident> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, actor, id);
        await repository.logChange(tx, {
          entity: ACCIDENT_ENTITY,
          entityId: id,
          state: LOG_STATE.READ,
          actorId: actor.employeeId,
          changes: { healthVisible: { from: null, to: canSeeHealth(actor) } },
        });
        return present(tx, actor, row);
      });
    },

    /** Throws NOT_FOUND unless the actor may see the report (the read log of decision 062 asks first). */
    async assertVisible(actor: Actor, id: number): Promise<void> {
      await visible(db, actor, id);
    },

    /** Files a report (status 10) and mails the supervisors and escalation contacts in the same transaction. */
    async create(actor: Actor, raw: CreateAccident): Promise<Accident> {
      const { confirmFutureTime, ...parsed } = createAccidentSchema.parse(raw);
      return db.transaction(async (tx) => {
        // The company-wide defaults of the notice (decision 056) fill what the report leaves empty.
        const defaults = settings ? await settings.read(accidentSettings, tx) : null;
        const values: Values = {
          ...parsed,
          insurer: parsed.insurer || (defaults ? insurerLine(defaults) : ''),
          companyNumber: parsed.companyNumber || (defaults?.companyNumber ?? ''),
        };
        await check(tx, actor, values, confirmFutureTime);
        const categoryDue = await checkCatalogues(tx, actor, values);
        const row = await repository.insert(tx, {
          portalId: actor.portalId,
          status: 10,
          createdBy: actor.employeeId,
          ...stored(values, categoryDue),
        });
        await linkChecklistOf(tx, row);
        await saveChildren(tx, row.id, values);
        await repository.logChange(tx, {
          entity: ACCIDENT_ENTITY,
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          // Health values are not copied into the change log (it is read by administrators): only that they changed.
          changes: diffFields({} as Record<string, unknown>, maskHealth(stored(values, categoryDue)), [
            ...REPORT_FIELDS,
          ]),
        });
        for (const hook of onFiled) await hook(tx, actor, row);
        await syncNoticeTask(tx, actor, row);
        return present(tx, actor, row);
      });
    },

    /** Changes the named fields only; health fields need the health right; an inactive report is final. */
    async update(actor: Actor, id: number, raw: UpdateAccident): Promise<Accident> {
      const input = updateAccidentSchema.parse(raw);
      const { version, confirmFutureTime, ...patch } = input;
      const named = Object.keys(patch).filter((k) => patch[k as keyof typeof patch] !== undefined);
      if (
        named.some((k) => (ACCIDENT_HEALTH_FIELDS as readonly string[]).includes(k)) &&
        !canSeeHealth(actor)
      )
        throw new AppError('ACCIDENT_HEALTH_DATA_FORBIDDEN');
      return db.transaction(async (tx) => {
        const before = await visible(tx, actor, id, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (before.status === STATUS_INACTIVE) throw new AppError('ACCIDENT_STATUS_INACTIVE');
        const children = await repository.children(tx, id);
        const current: Values = {
          eventType: before.eventType as Values['eventType'],
          employeeId: before.employeeId,
          externalName: before.externalName,
          externalCompany: before.externalCompany,
          accidentAt: before.accidentAt.toISOString(),
          firstAidAt: before.firstAidAt.toISOString(),
          locationId: before.locationId,
          departmentId: before.departmentId,
          injuries: children.injuries,
          injuryCategory: before.injuryCategory,
          injuryDescription: before.injuryDescription,
          description: before.description,
          witnesses: children.witnesses,
          firstAiders: children.firstAiders,
          doctor: before.doctor,
          hospital: before.hospital,
          protectiveGear: before.protectiveGear,
          reportable: before.reportable,
          fatal: before.fatal,
          hospitalised: before.hospitalised,
          comment: before.comment,
          ...(Object.fromEntries(ABSENCE_KEYS.map((k) => [k, before[k]])) as Pick<
            Values,
            (typeof ABSENCE_KEYS)[number]
          >),
          workStoppedAt: before.workStoppedAt?.toISOString() ?? null,
          workResumedAt: before.workResumedAt?.toISOString() ?? null,
          ...(Object.fromEntries(NOTICE_KEYS.map((k) => [k, before[k]])) as Pick<
            Values,
            (typeof NOTICE_KEYS)[number]
          >),
          ...(Object.fromEntries(EXTERNAL_KEYS.map((k) => [k, before[k]])) as Pick<
            Values,
            (typeof EXTERNAL_KEYS)[number]
          >),
          insuredGroup: before.insuredGroup as Values['insuredGroup'],
          checklistId: before.checklistId,
        };
        const definedPatch = Object.fromEntries(
          Object.entries(patch).filter(([, v]) => v !== undefined),
        ) as Partial<Values>;
        const next: Values = { ...current, ...definedPatch };
        // The future warning concerns a changed time only.
        const timeChanged =
          definedPatch.accidentAt !== undefined && definedPatch.accidentAt !== current.accidentAt;
        await check(tx, actor, next, confirmFutureTime === true || !timeChanged, id);
        const categoryDue = await checkCatalogues(tx, actor, next, before);
        const values = stored(next, categoryDue);
        const changes = diffFields(before as unknown as Record<string, unknown>, values, [...REPORT_FIELDS]);
        if (!(await repository.updateVersioned(tx, id, version, values))) throw new AppError('CONFLICT');
        await saveChildren(tx, id, definedPatch);
        for (const k of ['injuries', 'witnesses', 'firstAiders'] as const)
          if (definedPatch[k] !== undefined) changes[k] = { from: null, to: null };
        await repository.logChange(tx, {
          entity: ACCIDENT_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: maskHealthChanges(changes),
        });
        const after = (await repository.find(tx, id)) as AccidentRecord;
        await linkChecklistOf(tx, after);
        await syncNoticeTask(tx, actor, after);
        return present(tx, actor, after);
      });
    },

    /** The active checklists of the portal meant for accident reports (the choice of step 6). */
    async checklistChoice(actor: Actor): Promise<{ id: number; label: string }[]> {
      if (!checklists) return [];
      return (await checklists.choicesFor(db, actor.portalId, CHECKLIST_MODULE))
        .filter((c) => c.active)
        .map(({ id, label }) => ({ id, label }));
    },

    /**
     * Sets a status (numbering (a), decision 047): any of 10–50 from any of 10–50; 40 "sent to the insurer" only
     * for a reportable report; 60 inactive from any status, appending the marker to the comment; 60 is final.
     */
    async setStatus(actor: Actor, id: number, raw: AccidentStatusChange): Promise<Accident> {
      const input = accidentStatusChangeSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await visible(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        if (before.status === STATUS_INACTIVE) throw new AppError('ACCIDENT_STATUS_INACTIVE');
        const status: AccidentStatus = input.status;
        if (status === STATUS_SENT && !before.reportable)
          throw new AppError('ACCIDENT_STATUS_NOT_REPORTABLE');
        const patch: { status: number; comment?: string } = { status };
        if (status === STATUS_INACTIVE) {
          const by = actor.profile
            ? `${actor.profile.lastName}, ${actor.profile.firstName}`
            : String(actor.employeeId);
          const marker = accidentsMessages.inactiveMarker(formatBerlinDateTime(now()), by, input.reason);
          patch.comment = before.comment ? `${before.comment}\n${marker}` : marker;
        }
        if (!(await repository.updateVersioned(tx, id, input.version, patch))) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: ACCIDENT_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: diffFields(before as unknown as Record<string, unknown>, patch, ['status', 'comment']),
        });
        const after = (await repository.find(tx, id)) as AccidentRecord;
        await syncNoticeTask(tx, actor, after);
        // The supervisors and escalation contacts hear of every change (decision 071) — not of a repeated status.
        if (after.status !== before.status)
          for (const hook of onStatusChanged)
            await hook(tx, actor, { from: before.status, report: after, reason: input.reason, at: now() });
        return present(tx, actor, after);
      });
    },

    /** The notice as structured data (the JSON export). */
    async notice(actor: Actor, id: number): Promise<AccidentNotice> {
      return db.transaction(async (tx) => noticeOf(tx, actor, await noticeRow(tx, actor, id)));
    },

    /** The notice as PDF in the insurers' familiar layout. */
    async noticePdf(actor: Actor, id: number): Promise<{ file: Buffer; fileName: string }> {
      const notice = await this.notice(actor, id);
      const companyName = settings ? (await settings.read(systemSettings)).companyName : '';
      const file = await renderNoticePdf(notice, { companyName, printedAt: now(), logo: await logo() });
      return { file, fileName: `Unfallanzeige-${id}.pdf` };
    },

    /**
     * Records that the notice was sent (decision 051): all required fields filled, then notice_sent_at/by, status
     * 40 "sent to the insurer" and the deadline task completed — in one transaction.
     */
    async sendNotice(actor: Actor, id: number, raw: SendNotice): Promise<Accident> {
      const input = sendNoticeSchema.parse(raw);
      return db.transaction(async (tx) => {
        const before = await noticeRow(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        if (before.status === STATUS_INACTIVE) throw new AppError('ACCIDENT_STATUS_INACTIVE');
        if (before.noticeSentAt !== null) throw new AppError('ACCIDENT_NOTICE_ALREADY_SENT');
        const missing = missingFields(await noticeOf(tx, actor, before));
        if (missing.length > 0)
          throw new AppError('ACCIDENT_NOTICE_INCOMPLETE', {
            details: missing.map((field) => ({
              path: [field.key],
              message: `${field.ref} ${field.label}: ${accidentsMessages.fieldNoticeRequired}`,
            })),
          });
        const patch = { status: STATUS_SENT, noticeSentAt: now(), noticeSentBy: actor.employeeId };
        if (!(await repository.updateVersioned(tx, id, input.version, patch))) throw new AppError('CONFLICT');
        await completeOpenTasks(tx, {
          sourceType: TASK_SOURCE,
          sourceId: id,
          kinds: NOTICE_TASK_KINDS,
          comment: accidentsMessages.noticeTaskDone,
          actorId: actor.employeeId,
        });
        await repository.logChange(tx, {
          entity: ACCIDENT_ENTITY,
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: diffFields(before as unknown as Record<string, unknown>, patch, [
            'status',
            'noticeSentAt',
            'noticeSentBy',
          ]),
        });
        const after = (await repository.find(tx, id)) as AccidentRecord;
        if (after.status !== before.status)
          for (const hook of onStatusChanged)
            await hook(tx, actor, { from: before.status, report: after, reason: '', at: patch.noticeSentAt });
        return present(tx, actor, after);
      });
    },

    /** For the mail: the label of the event and the location's name. */
    labels: async (ex: Executor, row: AccidentRecord) => ({
      event: catalogueLabel('eventType', row.eventType),
      location: (await repository.locationName(ex, row.locationId, row.portalId)) ?? '',
    }),
  };
}

const HEALTH_COLUMNS: readonly string[] = ACCIDENT_HEALTH_FIELDS;
function maskHealth<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, HEALTH_COLUMNS.includes(k) ? (v === null ? null : '***') : v]),
  ) as T;
}
function maskHealthChanges(changes: Record<string, { from: unknown; to: unknown }>) {
  for (const key of Object.keys(changes))
    if (HEALTH_COLUMNS.includes(key)) changes[key] = { from: '***', to: '***' };
  return changes;
}

export type AccidentsService = ReturnType<typeof createAccidentsService>;
