import type { DashboardPrecaution } from '@schutzwerk/shared/occupational-medicine/precaution-dashboard.schema.ts';
import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { instructionAssignments } from '#modules/instructions/tables.ts';
import {
  occupationalPrecautions,
  precautionCatalogueEntries,
  precautionCheckups,
} from './occupational-medicine.table.ts';
import { precautionAssignments } from './precaution-assignments.table.ts';

const p = occupationalPrecautions;
const coordinator = alias(employees, 'coordinator');
const link = precautionAssignments;

/** Queries of due precautions as check-up items and of the dashboard tab (decision 064); rules elsewhere. */
export const precautionAssignmentsRepository = {
  async employeePrecautions(ex: Executor, portalId: number, employeeId: number) {
    return ex
      .select({ id: p.id, nextDue: p.nextDue })
      .from(p)
      .where(and(eq(p.employeeId, employeeId), eq(p.portalId, portalId)));
  },

  /** The links of an employee's precautions to check-up items. */
  async linksOf(ex: Executor, employeeId: number) {
    return ex
      .select({ precautionId: link.precautionId, assignmentId: link.assignmentId })
      .from(link)
      .innerJoin(p, eq(p.id, link.precautionId))
      .where(eq(p.employeeId, employeeId));
  },

  async unlink(ex: Executor, precautionIds: readonly number[]) {
    if (precautionIds.length === 0) return;
    await ex.delete(link).where(inArray(link.precautionId, [...precautionIds]));
  },

  async link(ex: Executor, precautionIds: readonly number[], assignmentId: number) {
    if (precautionIds.length === 0) return;
    await ex
      .insert(link)
      .values(precautionIds.map((precautionId) => ({ precautionId, assignmentId })))
      .onConflictDoUpdate({ target: link.precautionId, set: { assignmentId: sql`excluded.assignment_id` } });
  },

  async linkOf(ex: Executor, precautionId: number) {
    const [row] = await ex
      .select({ assignmentId: link.assignmentId })
      .from(link)
      .where(eq(link.precautionId, precautionId));
    return row?.assignmentId;
  },

  /** The day of the precaution's latest check-up. */
  async latestCheckupDate(ex: Executor, precautionId: number) {
    const [row] = await ex
      .select({ date: precautionCheckups.date })
      .from(precautionCheckups)
      .where(eq(precautionCheckups.precautionId, precautionId))
      .orderBy(desc(precautionCheckups.date))
      .limit(1);
    return row?.date;
  },

  /** Other precautions linked to the item that are still due by `horizon`. */
  async sharing(ex: Executor, assignmentId: number, horizon: string, exceptPrecautionId: number) {
    return ex
      .select({ id: link.precautionId })
      .from(link)
      .innerJoin(p, eq(p.id, link.precautionId))
      .where(
        and(
          eq(link.assignmentId, assignmentId),
          lte(p.nextDue, horizon),
          ne(link.precautionId, exceptPrecautionId),
        ),
      );
  },

  /** Everyone with a precaution due by `horizon` or with a linked item (the daily run). */
  async peopleToSync(ex: Executor, horizon: string) {
    return queryRows<{ portal_id: number; employee_id: number }>(
      ex,
      sql`select distinct ${p.portalId} as portal_id, ${p.employeeId} as employee_id from ${p}
           where ${p.nextDue} <= ${horizon}::date
              or exists (select 1 from ${link} where ${link.precautionId} = ${p.id})
           order by 1, 2`,
    );
  },

  /**
   * Precautions of a portal for the dashboard tab with the status of their check-up item, earliest first (at most
   * 200): of one employee due by `dueBy`, or overdue (`before`), optionally only those a coordinator coordinates.
   */
  async dashboardRows(
    ex: Executor,
    filter: {
      portalId: number;
      employeeId?: number;
      dueBy?: string;
      before?: string;
      coordinatorId?: number;
    },
  ): Promise<DashboardPrecaution[]> {
    const rows = await ex
      .select({
        id: p.id,
        employeeId: p.employeeId,
        employeeName: sql<string>`${employees.lastName} || ', ' || ${employees.firstName}`,
        type: p.type,
        reasonName: precautionCatalogueEntries.name,
        nextDue: p.nextDue,
        assignmentStatus: instructionAssignments.status,
      })
      .from(p)
      .innerJoin(employees, eq(employees.id, p.employeeId))
      .innerJoin(precautionCatalogueEntries, eq(precautionCatalogueEntries.id, p.reasonId))
      .leftJoin(link, eq(link.precautionId, p.id))
      .leftJoin(instructionAssignments, eq(instructionAssignments.id, link.assignmentId))
      .where(
        and(
          eq(p.portalId, filter.portalId),
          filter.employeeId === undefined ? undefined : eq(p.employeeId, filter.employeeId),
          filter.dueBy === undefined ? undefined : lte(p.nextDue, filter.dueBy),
          filter.before === undefined ? undefined : lt(p.nextDue, filter.before),
          filter.coordinatorId === undefined ? undefined : eq(p.coordinatorId, filter.coordinatorId),
        ),
      )
      .orderBy(asc(p.nextDue), asc(p.id))
      .limit(200);
    return rows as DashboardPrecaution[];
  },

  /**
   * The precautions linked to the given check-up items that name a coordinator other than the employee, with the
   * employee and the coordinator (decision 072), by coordinator and due date.
   */
  async coordinatedPrecautions(ex: Executor, portalId: number, assignmentIds: number[]) {
    return ex
      .select({
        precautionId: p.id,
        type: p.type,
        nextDue: p.nextDue,
        reasonName: precautionCatalogueEntries.name,
        employeeId: employees.id,
        employeeFirstName: employees.firstName,
        employeeLastName: employees.lastName,
        personnelNumber: employees.personnelNumber,
        coordinatorId: coordinator.id,
        firstName: coordinator.firstName,
        lastName: coordinator.lastName,
        email: coordinator.email,
        language: coordinator.language,
        country: coordinator.country,
        active: coordinator.active,
      })
      .from(link)
      .innerJoin(p, eq(p.id, link.precautionId))
      .innerJoin(employees, eq(employees.id, p.employeeId))
      .innerJoin(coordinator, eq(coordinator.id, p.coordinatorId))
      .innerJoin(precautionCatalogueEntries, eq(precautionCatalogueEntries.id, p.reasonId))
      .where(
        and(
          inArray(link.assignmentId, assignmentIds),
          eq(p.portalId, portalId),
          ne(p.coordinatorId, p.employeeId),
        ),
      )
      .orderBy(
        asc(coordinator.id),
        asc(p.nextDue),
        sql`lower(${employees.lastName})`,
        asc(employees.id),
        asc(p.id),
      );
  },

  async coordinatesAny(ex: Executor, portalId: number, employeeId: number) {
    const [row] = await ex
      .select({ id: p.id })
      .from(p)
      .where(and(eq(p.portalId, portalId), eq(p.coordinatorId, employeeId)))
      .limit(1);
    return row !== undefined;
  },
};
