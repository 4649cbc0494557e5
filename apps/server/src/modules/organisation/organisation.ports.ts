import type { EmployeeRef } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import type { Executor } from '#db/client.ts';
import type { TreeKind } from './organisation.repository.ts';

/**
 * What the organisation module needs of the people in its units (decision 030). Organisation is the lowest of
 * the people modules (organisation < employees < roles, activities): it knows the trees, not who works in them.
 * The employees module owns the employees and the people of a location (`location_escalations`,
 * `location_responsibilities`) and implements this port (employees/location-people.repository.ts); app.ts
 * hands it over.
 */

/** One escalation level of a location as stored: the employee (with name and department) or only an address. */
export type EscalationRecord = {
  level: number;
  employee: EmployeeRef | null;
  email: string | null;
  phone: string | null;
};

/** One responsible person of a location with the optional function ('Standortleitung'). */
export type ResponsibilityRecord = { employee: EmployeeRef; title: string | null };

export type EscalationInput = {
  level: number;
  employeeId: number | null;
  email: string | null;
  phone: string | null;
};

export type ResponsibilityInput = { employeeId: number; title: string | null };

/** Every method takes the executor first: `deps.db` outside a transaction, the caller's `tx` inside. */
export type OrganisationPeoplePort = {
  /** Which of these ids are employees of the portal (the others make a location update fail). */
  existingIds(ex: Executor, portalId: number, ids: readonly number[]): Promise<number[]>;
  /**
   * The units an employee's scope starts from: the own location and the locations they are responsible for,
   * or the own department (the scope of users without the "all" right, decision 006).
   */
  anchors(ex: Executor, kind: TreeKind, employeeId: number): Promise<number[]>;
  /** Employees assigned to the unit (their location or department): a unit in use is not deleted. */
  employeeCount(ex: Executor, kind: TreeKind, unitId: number): Promise<number>;
  /** The escalation levels of a location, ordered by level. */
  escalations(ex: Executor, locationId: number): Promise<EscalationRecord[]>;
  /** The responsible persons of a location, ordered by name. */
  responsibilities(ex: Executor, locationId: number): Promise<ResponsibilityRecord[]>;
  /** Replaces the escalation levels (empty levels are not stored), inside the caller's transaction. */
  replaceEscalations(ex: Executor, locationId: number, levels: readonly EscalationInput[]): Promise<void>;
  /** The head of a department (Abteilungsleitung, decision 045), or null. */
  departmentHead(ex: Executor, departmentId: number): Promise<EmployeeRef | null>;
  /** Sets or clears the head of a department, inside the caller's transaction. */
  setDepartmentHead(ex: Executor, departmentId: number, employeeId: number | null): Promise<void>;
  /** Replaces the responsible persons, inside the caller's transaction. */
  replaceResponsibilities(
    ex: Executor,
    locationId: number,
    list: readonly ResponsibilityInput[],
  ): Promise<void>;
};

/**
 * Called in the mover's transaction after a location or department moved to another parent (decision 045):
 * who belongs to a unit's sub-units changed, so modules that match by sub-units (instruction profiles)
 * re-evaluate. Higher modules push their hook in app.ts; organisation does not know them.
 */
export type UnitMovedHook = (
  ex: Executor,
  change: { kind: TreeKind; unitId: number; actorId: number | null },
) => Promise<void>;
