import type { AccidentRow, FirstAidRow } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employeeSupervisors, employees, locationEscalations } from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { type ChangeEntry, recordChange } from '#platform/audit.ts';
import { type ListPlan, type ListSource, planList, runList } from '#platform/list.ts';
import { countOf } from '#platform/list-count.ts';
import {
  accidentInjuryCategories,
  accidentReportFirstAiders,
  accidentReportInjuries,
  accidentReports,
  accidentReportWitnesses,
  firstAidEntries,
} from './accidents.table.ts';

/**
 * Data access of accident reports and the first-aid book (decision 047). No rules; every function takes the
 * executor first (decision 031).
 */

export type AccidentRecord = typeof accidentReports.$inferSelect;
export type AccidentInsert = typeof accidentReports.$inferInsert;
export type FirstAidRecord = typeof firstAidEntries.$inferSelect;
export type FirstAidInsert = typeof firstAidEntries.$inferInsert;
export type InjuryRecord = { bodyPart: number; injuryType: number };
export type WitnessRecord = { name: string; street: string; postalCode: string; city: string };
export type FirstAiderRecord = { employeeId: number | null; name: string };
/** The entity names in the change log. */
export const ACCIDENT_ENTITY = 'accident_report';
export const FIRST_AID_ENTITY = 'first_aid_entry';

const injured = alias(employees, 'injured');
const recorder = alias(employees, 'recorder');

const personName = sql<string>`coalesce(${injured.lastName} || ', ' || ${injured.firstName}, ${accidentReports.externalName} || ' (' || ${accidentReports.externalCompany} || ')')`;

/** Who sees which rows without the "all" right (decision 047): own reports, own injuries, supervised people. */
export type AccidentScope = { all: true } | { all: false; employeeId: number };

function scopeCondition(scope: AccidentScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    eq(accidentReports.createdBy, scope.employeeId),
    eq(accidentReports.employeeId, scope.employeeId),
    sql`exists (select 1 from ${employeeSupervisors} where ${employeeSupervisors.employeeId} = ${accidentReports.employeeId} and ${employeeSupervisors.supervisorId} = ${scope.employeeId})`,
  );
}

export function accidentListSource(health: boolean): ListSource {
  return {
    orderBy: {
      accidentAt: accidentReports.accidentAt,
      personName: sql`lower(${personName})`,
      locationName: sql`lower(${locations.name})`,
      status: accidentReports.status,
      eventType: accidentReports.eventType,
      // Sorting by a health field would reveal it: offered only with the health right.
      ...(health ? { injuryCategory: accidentReports.injuryCategory } : {}),
    },
    defaultOrderBy: 'accidentAt',
    tieBreaker: accidentReports.id,
    searchText: sql`lower(${personName} || ' ' || coalesce(${locations.name}, '') || ' ' || ${accidentReports.description})`,
  };
}

const firstAidListSource: ListSource = {
  orderBy: {
    occurredAt: firstAidEntries.occurredAt,
    personName: sql`lower(coalesce(${injured.lastName} || ', ' || ${injured.firstName}, ${firstAidEntries.personName}))`,
    place: sql`lower(${firstAidEntries.place})`,
  },
  defaultOrderBy: 'occurredAt',
  tieBreaker: firstAidEntries.id,
  searchText: sql`lower(coalesce(${injured.lastName} || ', ' || ${injured.firstName}, ${firstAidEntries.personName}) || ' ' || ${firstAidEntries.place})`,
};

export type InjuryCategoryRecord = typeof accidentInjuryCategories.$inferSelect;

export const accidentsRepository = {
  /** The catalogue of injury categories with the number of reports using each (decision 056). */
  async injuryCategories(ex: Executor) {
    return ex
      .select({
        id: accidentInjuryCategories.id,
        label: accidentInjuryCategories.label,
        noticeDue: accidentInjuryCategories.noticeDue,
        active: accidentInjuryCategories.active,
        builtIn: accidentInjuryCategories.builtIn,
        version: accidentInjuryCategories.version,
        usedBy: sql<number>`(select count(*)::int from accident_reports r where r.injury_category = "accident_injury_categories"."id")`,
      })
      .from(accidentInjuryCategories)
      .orderBy(accidentInjuryCategories.builtIn, accidentInjuryCategories.id);
  },

  async injuryCategory(ex: Executor, id: number, lock?: 'update'): Promise<InjuryCategoryRecord | undefined> {
    const q = ex.select().from(accidentInjuryCategories).where(eq(accidentInjuryCategories.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async injuryCategoryByLabel(ex: Executor, label: string): Promise<InjuryCategoryRecord | undefined> {
    const [row] = await ex
      .select()
      .from(accidentInjuryCategories)
      .where(sql`lower(${accidentInjuryCategories.label}) = lower(${label})`);
    return row;
  },

  async insertInjuryCategory(ex: Executor, values: { label: string; noticeDue: boolean }) {
    const [row] = await ex.insert(accidentInjuryCategories).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async updateInjuryCategory(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<Pick<InjuryCategoryRecord, 'label' | 'noticeDue' | 'active'>>,
  ): Promise<boolean> {
    const rows = await ex
      .update(accidentInjuryCategories)
      .set({ ...values, version: sql`${accidentInjuryCategories.version} + 1`, updatedAt: new Date() })
      .where(and(eq(accidentInjuryCategories.id, id), eq(accidentInjuryCategories.version, version)))
      .returning({ id: accidentInjuryCategories.id });
    return rows.length === 1;
  },

  async deleteInjuryCategory(ex: Executor, id: number, version: number): Promise<boolean> {
    const rows = await ex
      .delete(accidentInjuryCategories)
      .where(and(eq(accidentInjuryCategories.id, id), eq(accidentInjuryCategories.version, version)))
      .returning({ id: accidentInjuryCategories.id });
    return rows.length === 1;
  },

  async injuryCategoryUsed(ex: Executor, id: number): Promise<boolean> {
    const rows = await ex
      .select({ id: accidentReports.id })
      .from(accidentReports)
      .where(eq(accidentReports.injuryCategory, id))
      .limit(1);
    return rows.length > 0;
  },

  async find(ex: Executor, id: number, lock?: 'update'): Promise<AccidentRecord | undefined> {
    const q = ex.select().from(accidentReports).where(eq(accidentReports.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  /** Whether the actor may see the report under the scope (the service answers NOT_FOUND otherwise). */
  /** Whether `supervisorId` is a supervisor of `employeeId` (the checklist's audit role, decision 062). */
  async supervises(ex: Executor, supervisorId: number, employeeId: number): Promise<boolean> {
    const rows = await ex
      .select({ id: employeeSupervisors.employeeId })
      .from(employeeSupervisors)
      .where(
        and(
          eq(employeeSupervisors.employeeId, employeeId),
          eq(employeeSupervisors.supervisorId, supervisorId),
        ),
      )
      .limit(1);
    return rows.length === 1;
  },

  async inScope(ex: Executor, id: number, scope: AccidentScope): Promise<boolean> {
    const rows = await ex
      .select({ id: accidentReports.id })
      .from(accidentReports)
      .where(and(eq(accidentReports.id, id), scopeCondition(scope)));
    return rows.length === 1;
  },

  async children(ex: Executor, id: number) {
    const injuries = await ex
      .select({ bodyPart: accidentReportInjuries.bodyPart, injuryType: accidentReportInjuries.injuryType })
      .from(accidentReportInjuries)
      .where(eq(accidentReportInjuries.reportId, id))
      .orderBy(asc(accidentReportInjuries.bodyPart), asc(accidentReportInjuries.injuryType));
    const witnesses = await ex
      .select({
        name: accidentReportWitnesses.name,
        street: accidentReportWitnesses.street,
        postalCode: accidentReportWitnesses.postalCode,
        city: accidentReportWitnesses.city,
      })
      .from(accidentReportWitnesses)
      .where(eq(accidentReportWitnesses.reportId, id))
      .orderBy(asc(accidentReportWitnesses.position));
    const firstAiders = await ex
      .select({ employeeId: accidentReportFirstAiders.employeeId, name: accidentReportFirstAiders.name })
      .from(accidentReportFirstAiders)
      .where(eq(accidentReportFirstAiders.reportId, id))
      .orderBy(asc(accidentReportFirstAiders.position));
    return { injuries, witnesses, firstAiders };
  },

  async replaceInjuries(ex: Executor, id: number, injuries: InjuryRecord[]): Promise<void> {
    await ex.delete(accidentReportInjuries).where(eq(accidentReportInjuries.reportId, id));
    const unique = [...new Map(injuries.map((i) => [`${i.bodyPart}:${i.injuryType}`, i])).values()];
    if (unique.length > 0)
      await ex.insert(accidentReportInjuries).values(unique.map((i) => ({ reportId: id, ...i })));
  },

  async replaceWitnesses(ex: Executor, id: number, witnesses: WitnessRecord[]): Promise<void> {
    await ex.delete(accidentReportWitnesses).where(eq(accidentReportWitnesses.reportId, id));
    if (witnesses.length > 0)
      await ex
        .insert(accidentReportWitnesses)
        .values(witnesses.map((w, position) => ({ reportId: id, position, ...w })));
  },

  async replaceFirstAiders(ex: Executor, id: number, firstAiders: FirstAiderRecord[]): Promise<void> {
    await ex.delete(accidentReportFirstAiders).where(eq(accidentReportFirstAiders.reportId, id));
    if (firstAiders.length > 0)
      await ex
        .insert(accidentReportFirstAiders)
        .values(firstAiders.map((f, position) => ({ reportId: id, position, ...f })));
  },

  async insert(ex: Executor, values: AccidentInsert): Promise<AccidentRecord> {
    const [row] = await ex.insert(accidentReports).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  /** Updates only when `version` matches; false otherwise. */
  async updateVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<AccidentInsert>,
  ): Promise<boolean> {
    const rows = await ex
      .update(accidentReports)
      .set({ ...patch, version: sql`${accidentReports.version} + 1`, updatedAt: new Date() })
      .where(and(eq(accidentReports.id, id), eq(accidentReports.version, version)))
      .returning({ id: accidentReports.id });
    return rows.length === 1;
  },

  /**
   * An active report (not inactive) of the same person on the same Berlin day, other than `exceptId`: the
   * person is the employee, or the external name + company (case-insensitive).
   */
  async sameDayReport(
    ex: Executor,
    p: {
      portalId: number;
      employeeId: number | null;
      externalName: string;
      externalCompany: string;
      accidentAt: Date;
      exceptId?: number;
    },
  ): Promise<number | undefined> {
    const person =
      p.employeeId !== null
        ? eq(accidentReports.employeeId, p.employeeId)
        : and(
            sql`${accidentReports.employeeId} is null`,
            sql`lower(${accidentReports.externalName}) = lower(${p.externalName})`,
            sql`lower(${accidentReports.externalCompany}) = lower(${p.externalCompany})`,
          );
    const [row] = await ex
      .select({ id: accidentReports.id })
      .from(accidentReports)
      .where(
        and(
          eq(accidentReports.portalId, p.portalId),
          person,
          ne(accidentReports.status, 60),
          sql`(${accidentReports.accidentAt} at time zone 'Europe/Berlin')::date = (${p.accidentAt.toISOString()}::timestamptz at time zone 'Europe/Berlin')::date`,
          p.exceptId === undefined ? undefined : ne(accidentReports.id, p.exceptId),
        ),
      )
      .limit(1);
    return row?.id;
  },

  async employeeOfPortal(
    ex: Executor,
    employeeId: number,
    portalId: number,
  ): Promise<{ id: number; name: string } | undefined> {
    const [row] = await ex
      .select({ id: employees.id, last: employees.lastName, first: employees.firstName })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.portalId, portalId)));
    return row ? { id: row.id, name: `${row.last}, ${row.first}` } : undefined;
  },

  async employeeNames(ex: Executor, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await ex
      .select({ id: employees.id, last: employees.lastName, first: employees.firstName })
      .from(employees)
      .where(inArray(employees.id, ids));
    return new Map(rows.map((r) => [r.id, `${r.last}, ${r.first}`]));
  },

  /** Id, time and location name of some reports (their label as a source of actions). */
  async actionSourceLabels(ex: Executor, ids: readonly number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({
        id: accidentReports.id,
        accidentAt: accidentReports.accidentAt,
        locationName: locations.name,
      })
      .from(accidentReports)
      .leftJoin(locations, eq(locations.id, accidentReports.locationId))
      .where(inArray(accidentReports.id, [...ids]));
  },

  async locationName(ex: Executor, id: number, portalId: number): Promise<string | undefined> {
    const [row] = await ex
      .select({ name: locations.name })
      .from(locations)
      .where(and(eq(locations.id, id), eq(locations.portalId, portalId)));
    return row?.name;
  },

  /** What the accident notice needs of the injured employee (UVAV § 3 (1) 2, § 4 (2) 3, 4a). */
  async noticePerson(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select({
        lastName: employees.lastName,
        firstName: employees.firstName,
        birthday: employees.birthday,
        street: employees.street,
        zip: employees.zip,
        city: employees.city,
        gender: employees.gender,
        citizenship: employees.citizenship,
        healthInsuranceName: employees.healthInsuranceName,
        healthInsuranceStreet: employees.healthInsuranceStreet,
        healthInsuranceZip: employees.healthInsuranceZip,
        healthInsuranceCity: employees.healthInsuranceCity,
        phone: employees.phone,
        hireDate: employees.hireDate,
        workingTasks: employees.workingTasks,
        isTempWorker: employees.isTempWorker,
        departmentName: departments.name,
      })
      .from(employees)
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(eq(employees.id, employeeId));
    return row;
  },

  /** The person filing the notice: name and phone (UVAV § 3 (1) 3, (2) 3). */
  async notifier(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select({ lastName: employees.lastName, firstName: employees.firstName, phone: employees.phone })
      .from(employees)
      .where(eq(employees.id, employeeId));
    return row;
  },

  async locationAddress(ex: Executor, id: number) {
    const [row] = await ex
      .select({ name: locations.name, street: locations.street, zip: locations.zip, city: locations.city })
      .from(locations)
      .where(eq(locations.id, id));
    return row;
  },

  async departmentName(ex: Executor, id: number, portalId: number): Promise<string | undefined> {
    const [row] = await ex
      .select({ name: departments.name })
      .from(departments)
      .where(and(eq(departments.id, id), eq(departments.portalId, portalId)));
    return row?.name;
  },

  /**
   * Who is mailed about a filed report: the injured employee's active supervisors and the location's escalation
   * contacts (every level; an employee's address, else the contact address). One row per address.
   */
  async reportRecipients(
    ex: Executor,
    p: { employeeId: number | null; locationId: number },
  ): Promise<{ email: string; firstName: string; lastName: string; language: string | null }[]> {
    const rows = await queryRows<{
      email: string | null;
      first_name: string | null;
      last_name: string | null;
      language: string | null;
    }>(
      ex,
      sql`select s.email, s.first_name, s.last_name, s.language
            from ${employeeSupervisors} es
            join ${employees} s on s.id = es.supervisor_id and s.active
           where es.employee_id = ${p.employeeId ?? -1}
          union all
          select coalesce(s.email, le.email), s.first_name, s.last_name, s.language
            from ${locationEscalations} le
            left join ${employees} s on s.id = le.employee_id and s.active
           where le.location_id = ${p.locationId}
           order by 1`,
    );
    const seen = new Set<string>();
    const out: { email: string; firstName: string; lastName: string; language: string | null }[] = [];
    for (const r of rows) {
      const email = r.email?.trim();
      if (!email || seen.has(email.toLowerCase())) continue;
      seen.add(email.toLowerCase());
      out.push({ email, firstName: r.first_name ?? '', lastName: r.last_name ?? '', language: r.language });
    }
    return out;
  },

  async list(
    ex: Executor,
    p: { portalId: number; scope: AccidentScope; health: boolean; filters: (SQL | undefined)[] },
    query: Parameters<typeof planList>[1],
  ) {
    const plan = planList(accidentListSource(p.health), query, [
      eq(accidentReports.portalId, p.portalId),
      scopeCondition(p.scope),
      ...p.filters,
    ]);
    return runList<AccidentRow>(plan, {
      rows: async (pl: ListPlan) => {
        const rows = await ex
          .select({
            id: accidentReports.id,
            eventType: accidentReports.eventType,
            status: accidentReports.status,
            personName,
            accidentAt: accidentReports.accidentAt,
            locationName: locations.name,
            injuryCategory: accidentReports.injuryCategory,
            reportable: accidentReports.reportable,
          })
          .from(accidentReports)
          .leftJoin(injured, eq(injured.id, accidentReports.employeeId))
          .leftJoin(locations, eq(locations.id, accidentReports.locationId))
          .where(pl.where)
          .orderBy(...pl.orderBy)
          .limit(pl.limit)
          .offset(pl.offset);
        return rows.map((r) => ({
          ...r,
          accidentAt: r.accidentAt.toISOString(),
          injuryCategory: p.health ? r.injuryCategory : null,
        }));
      },
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(accidentReports)
            .leftJoin(injured, eq(injured.id, accidentReports.employeeId))
            .leftJoin(locations, eq(locations.id, accidentReports.locationId))
            .where(where),
        ),
    });
  },

  // ── first-aid book ──────────────────────────────────────────────────────────────────────────

  async findEntry(ex: Executor, id: number, lock?: 'update'): Promise<FirstAidRecord | undefined> {
    const q = ex.select().from(firstAidEntries).where(eq(firstAidEntries.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insertEntry(ex: Executor, values: FirstAidInsert): Promise<FirstAidRecord> {
    const [row] = await ex.insert(firstAidEntries).values(values).returning();
    if (!row) throw new Error('insert returned nothing');
    return row;
  },

  async updateEntryVersioned(
    ex: Executor,
    id: number,
    version: number,
    patch: Partial<FirstAidInsert>,
  ): Promise<boolean> {
    const rows = await ex
      .update(firstAidEntries)
      .set({ ...patch, version: sql`${firstAidEntries.version} + 1`, updatedAt: new Date() })
      .where(and(eq(firstAidEntries.id, id), eq(firstAidEntries.version, version)))
      .returning({ id: firstAidEntries.id });
    return rows.length === 1;
  },

  /** The first-aid book on the list protocol; `recordedBy` limits it to one recorder's entries. */
  async listEntries(
    ex: Executor,
    p: { portalId: number; recordedBy: number | null; health: boolean | 'own'; actorId: number },
    query: Parameters<typeof planList>[1],
  ) {
    const plan = planList(firstAidListSource, query, [
      eq(firstAidEntries.portalId, p.portalId),
      p.recordedBy === null ? undefined : eq(firstAidEntries.recordedBy, p.recordedBy),
    ]);
    return runList<FirstAidRow>(plan, {
      rows: async (pl: ListPlan) => {
        const rows = await ex
          .select({
            id: firstAidEntries.id,
            personName: sql<string>`coalesce(${injured.lastName} || ', ' || ${injured.firstName}, ${firstAidEntries.personName})`,
            occurredAt: firstAidEntries.occurredAt,
            place: firstAidEntries.place,
            whatHappened: firstAidEntries.whatHappened,
            firstAid: firstAidEntries.firstAid,
            recordedById: firstAidEntries.recordedBy,
            recorderLast: recorder.lastName,
            recorderFirst: recorder.firstName,
          })
          .from(firstAidEntries)
          .leftJoin(injured, eq(injured.id, firstAidEntries.employeeId))
          .leftJoin(recorder, eq(recorder.id, firstAidEntries.recordedBy))
          .where(pl.where)
          .orderBy(...pl.orderBy)
          .limit(pl.limit)
          .offset(pl.offset);
        return rows.map((r) => {
          const visible = p.health === true || r.recordedById === p.actorId;
          return {
            id: r.id,
            personName: r.personName,
            occurredAt: r.occurredAt.toISOString(),
            place: r.place,
            healthVisible: visible,
            whatHappened: visible ? r.whatHappened : null,
            firstAid: visible ? r.firstAid : null,
            recordedById: r.recordedById,
            recordedByName: r.recorderLast ? `${r.recorderLast}, ${r.recorderFirst}` : null,
          };
        });
      },
      count: (where) =>
        countOf(ex, (fields) =>
          ex
            .select(fields)
            .from(firstAidEntries)
            .leftJoin(injured, eq(injured.id, firstAidEntries.employeeId))
            .where(where),
        ),
    });
  },

  /** Deletes up to `limit` first-aid entries whose later of event and recording is before `cutoff` (decision 051). */
  async deleteExpiredEntries(ex: Executor, cutoff: Date, limit: number) {
    return queryRows<{ id: number; occurred_at: string | Date }>(
      ex,
      sql`delete from first_aid_entries where id in (
            select id from first_aid_entries
            where greatest(occurred_at, created_at) < ${cutoff.toISOString()}::timestamptz
            order by id limit ${limit} for update skip locked)
          returning id, occurred_at`,
    );
  },

  async logChange(ex: Executor, entry: ChangeEntry): Promise<void> {
    await recordChange(ex, entry);
  },
};

export type AccidentsRepository = typeof accidentsRepository;
