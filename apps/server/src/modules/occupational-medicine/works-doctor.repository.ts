import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employees } from '#modules/employees/tables.ts';
import { precautionCatalogueEntries } from './occupational-medicine.table.ts';
import { worksDoctorBodies, worksDoctors } from './works-doctor.table.ts';

const w = worksDoctors;
const wb = worksDoctorBodies;
const c = precautionCatalogueEntries;

/** Queries of the works doctor (decision 063); the rules are in the service. */
export const worksDoctorRepository = {
  async list(ex: Executor, portalId: number) {
    return ex
      .select({
        row: w,
        lastName: employees.lastName,
        firstName: employees.firstName,
        loginName: employees.loginName,
        // The right may come from any role (or the administrator's SUPERUSER).
        hasRight: sql<boolean>`exists (select 1 from employee_roles er
          join role_permissions rp on rp.role_id = er.role_id
          where er.employee_id = "works_doctors"."employee_id"
            and rp.permission_id in (${P.WORKS_DOCTOR}, ${SUPERUSER_ID}))`,
      })
      .from(w)
      .innerJoin(employees, eq(employees.id, w.employeeId))
      .where(eq(w.portalId, portalId))
      .orderBy(asc(employees.lastName), asc(employees.firstName), asc(w.id));
  },

  async byId(ex: Executor, portalId: number, id: number, lock?: 'update') {
    const q = ex
      .select()
      .from(w)
      .where(and(eq(w.portalId, portalId), eq(w.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async byEmployee(ex: Executor, employeeId: number) {
    const [row] = await ex.select().from(w).where(eq(w.employeeId, employeeId));
    return row;
  },

  /** The bodies of the given doctors (all, active or not), by doctor. */
  async bodies(ex: Executor, doctorIds: number[]) {
    if (doctorIds.length === 0) return [];
    return ex
      .select({ worksDoctorId: wb.worksDoctorId, id: c.id, name: c.name, active: c.active })
      .from(wb)
      .innerJoin(c, eq(c.id, wb.executingBodyId))
      .where(inArray(wb.worksDoctorId, doctorIds))
      .orderBy(sql`lower(${c.name})`, c.id);
  },

  /** Every executing body of the catalogue (the administration's choice). */
  async allExecutingBodies(ex: Executor) {
    return ex
      .select({ id: c.id, name: c.name, active: c.active })
      .from(c)
      .where(eq(c.kind, 'executingBody'))
      .orderBy(sql`lower(${c.name})`, c.id);
  },

  async executingBodies(ex: Executor, ids: number[]) {
    if (ids.length === 0) return [];
    return ex
      .select({ id: c.id, active: c.active })
      .from(c)
      .where(and(eq(c.kind, 'executingBody'), inArray(c.id, ids)));
  },

  async employeeOfPortal(ex: Executor, portalId: number, employeeId: number) {
    const [row] = await ex
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.portalId, portalId)));
    return row;
  },

  async insert(ex: Executor, values: { portalId: number; employeeId: number; loginAllowed: boolean }) {
    const [row] = await ex.insert(w).values(values).returning();
    return row!;
  },

  async update(ex: Executor, id: number, patch: { loginAllowed?: boolean }) {
    const [row] = await ex
      .update(w)
      .set({ ...patch, version: sql`${w.version} + 1`, updatedAt: new Date() })
      .where(eq(w.id, id))
      .returning();
    return row!;
  },

  async setBodies(ex: Executor, id: number, bodyIds: number[]) {
    await ex.delete(wb).where(eq(wb.worksDoctorId, id));
    if (bodyIds.length > 0)
      await ex.insert(wb).values(bodyIds.map((executingBodyId) => ({ worksDoctorId: id, executingBodyId })));
  },

  async remove(ex: Executor, id: number) {
    await ex.delete(w).where(eq(w.id, id));
  },

  /**
   * The doctor's employees: active employees of the portal with a precaution naming one of the bodies, and those
   * precautions with their latest check-up. `employeeId` narrows to one employee.
   */
  async employeesOf(ex: Executor, portalId: number, bodyIds: number[], employeeId?: number) {
    if (bodyIds.length === 0) return [];
    const bodies = sql.join(
      bodyIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return queryRows<{
      employee_id: number;
      personnel_number: string;
      last_name: string;
      first_name: string;
      precaution_id: number;
      type: string;
      reason_name: string;
      body_name: string;
      next_due: string;
      last_date: string | null;
      last_kind: string | null;
      version: number;
    }>(
      ex,
      sql`select e.id as employee_id, e.personnel_number, e.last_name, e.first_name,
            o.id as precaution_id, o.type, r.name as reason_name, b.name as body_name,
            to_char(o.next_due, 'YYYY-MM-DD') as next_due,
            to_char(lc.date, 'YYYY-MM-DD') as last_date, lc.assessment_kind as last_kind, o.version
          from occupational_precautions o
          join employees e on e.id = o.employee_id
          join precaution_catalogue_entries r on r.id = o.reason_id
          join precaution_catalogue_entries b on b.id = o.executing_body_id
          left join lateral (select pc.date, pc.assessment_kind from precaution_checkups pc
            where pc.precaution_id = o.id order by pc.date desc, pc.id desc limit 1) lc on true
          where o.portal_id = ${portalId} and e.portal_id = ${portalId} and e.active
            and o.executing_body_id in (${bodies})
            ${employeeId === undefined ? sql`` : sql`and e.id = ${employeeId}`}
          order by lower(e.last_name), lower(e.first_name), e.id, o.next_due, o.id`,
    );
  },

  /**
   * Check-up appointments (bookings covering an item of type `checkup`, booked or done) between two days of the
   * employees who have a precaution naming one of the bodies.
   */
  async appointmentsOf(ex: Executor, portalId: number, bodyIds: number[], from: string, to: string) {
    if (bodyIds.length === 0) return [];
    const bodies = sql.join(
      bodyIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return queryRows<{
      id: number;
      day: string;
      start_minute: number;
      end_minute: number;
      state: 'booked' | 'done';
      employee_id: number;
      employee_name: string;
      window_title: string;
      location_name: string;
    }>(
      ex,
      sql`select bk.id, to_char(bk.day, 'YYYY-MM-DD') as day, bk.start_minute, bk.end_minute, bk.state,
            e.id as employee_id, e.last_name || ', ' || e.first_name as employee_name,
            w.title as window_title, l.name as location_name
          from appointment_bookings bk
          join employees e on e.id = bk.employee_id
          join appointment_windows w on w.id = bk.window_id
          join locations l on l.id = w.location_id
          where bk.portal_id = ${portalId} and bk.state in ('booked', 'done')
            and bk.day between ${from}::date and ${to}::date
            and exists (select 1 from appointment_booking_items bi
              join instruction_assignments a on a.id = bi.assignment_id
              where bi.booking_id = bk.id and a.type = 'checkup')
            and exists (select 1 from occupational_precautions o
              where o.employee_id = bk.employee_id and o.portal_id = ${portalId}
                and o.executing_body_id in (${bodies}))
          order by bk.day, bk.start_minute, lower(e.last_name), bk.id`,
    );
  },
};

export type WorksDoctorRepository = typeof worksDoctorRepository;
