import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { occupationalPrecautions, precautionCheckups } from './occupational-medicine.table.ts';

const p = occupationalPrecautions;

/** The look-ups and writes of the medical-examination sync (decision 065); the rules are in its service. */
export const precautionSyncRepository = {
  /** Employees of a portal by personnel number. */
  async employeesByPersonnelNumber(ex: Executor, portalId: number, numbers: string[]) {
    if (numbers.length === 0) return [];
    return ex
      .select({ id: employees.id, personnelNumber: employees.personnelNumber })
      .from(employees)
      .where(and(eq(employees.portalId, portalId), inArray(employees.personnelNumber, numbers)));
  },

  /** Employees of a portal born on one of the days (name matching is done by the caller). */
  async employeesByBirthday(ex: Executor, portalId: number, days: string[]) {
    if (days.length === 0) return [];
    return ex
      .select({
        id: employees.id,
        lastName: employees.lastName,
        firstName: employees.firstName,
        birthday: employees.birthday,
      })
      .from(employees)
      .where(and(eq(employees.portalId, portalId), inArray(employees.birthday, days)));
  },

  /** The precautions of the employees in a portal; locked while the sync writes. */
  async precautionsOf(ex: Executor, portalId: number, employeeIds: number[], lock?: 'update') {
    if (employeeIds.length === 0) return [];
    const q = ex
      .select()
      .from(p)
      .where(and(eq(p.portalId, portalId), inArray(p.employeeId, employeeIds)))
      .orderBy(p.id);
    return lock ? q.for('update') : q;
  },

  async updateCheckupKind(ex: Executor, id: number, assessmentKind: string) {
    await ex.update(precautionCheckups).set({ assessmentKind }).where(eq(precautionCheckups.id, id));
  },
};
