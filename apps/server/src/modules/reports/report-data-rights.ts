import {
  EXTENDED_FIELDS,
  HEALTH_FIELDS,
  PERSONAL_FIELDS,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import type { EmployeeFieldGroup } from '@schutzwerk/shared/employees/field-access.ts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { employees } from '#modules/employees/employees.table.ts';

/**
 * The caller's data rights a report runs with (decision 027): the report's own rights say who may run it,
 * these say which rows and columns it reads — the same as the caller's record view and lists.
 * - rows: inactive employees only with `showInactive` (row-level security on `employees`, reading the
 *   transaction-local setting `schutzwerk.show_inactive` that the prologue sets);
 * - columns: the field groups of the employee record, through a variant of the report role that holds
 *   SELECT on the group's columns in addition to everything the base role `schutzwerk_report` may read.
 */
export type ReportDataRights = {
  readonly showInactive: boolean;
} & Readonly<Record<EmployeeFieldGroup, boolean>>;

/** What a run is given when nothing is said: no data rights at all (fail closed). */
export const NO_DATA_RIGHTS: ReportDataRights = {
  showInactive: false,
  personal: false,
  health: false,
  extended: false,
};

export const FIELD_GROUPS = ['personal', 'health', 'extended'] as const satisfies EmployeeFieldGroup[];
const GROUP_FIELDS: Record<EmployeeFieldGroup, readonly string[]> = {
  personal: PERSONAL_FIELDS,
  health: HEALTH_FIELDS,
  extended: EXTENDED_FIELDS,
};
const employeeColumns = getTableColumns(employees) as Record<string, { name: string }>;

function columnsOf(fields: readonly string[]): string[] {
  return fields.map((field) => {
    const column = employeeColumns[field];
    if (!column) throw new Error(`employees has no column for the field ${field}`);
    return column.name;
  });
}

/** The database columns of `employees` in each field group (e.g. personal → gender, …, birthday). */
export const GROUP_COLUMNS: Readonly<Record<EmployeeFieldGroup, readonly string[]>> = {
  personal: columnsOf(GROUP_FIELDS.personal),
  health: columnsOf(GROUP_FIELDS.health),
  extended: columnsOf(GROUP_FIELDS.extended),
};

/** Columns of `employees` the base report role must not read (they belong to a field group). */
export const RESTRICTED_EMPLOYEE_COLUMNS: ReadonlySet<string> = new Set(
  FIELD_GROUPS.flatMap((group) => GROUP_COLUMNS[group]),
);

/**
 * The role a report runs as for these rights: `schutzwerk_report` without any field group, else the variant
 * named by the groups' initials, e.g. `schutzwerk_report_pe` for personal and extended data.
 */
export function reportRoleFor(baseRole: string, rights: ReportDataRights): string {
  const suffix = FIELD_GROUPS.filter((group) => rights[group])
    .map((group) => group[0])
    .join('');
  return suffix ? `${baseRole}_${suffix}` : baseRole;
}

/** Every role variant with the field groups it adds to the base role. */
export function reportRoleVariants(baseRole: string): { role: string; groups: EmployeeFieldGroup[] }[] {
  const variants: { role: string; groups: EmployeeFieldGroup[] }[] = [];
  for (let mask = 1; mask < 1 << FIELD_GROUPS.length; mask++) {
    const groups = FIELD_GROUPS.filter((_, i) => mask & (1 << i));
    const rights = { ...NO_DATA_RIGHTS, ...Object.fromEntries(groups.map((g) => [g, true])) };
    variants.push({ role: reportRoleFor(baseRole, rights), groups });
  }
  return variants;
}

/** The transaction prologue that hands the caller's row rights to the policies (transaction-local). */
export function dataRightsPrologue(rights: ReportDataRights): SQL[] {
  return [sql`select set_config('schutzwerk.show_inactive', ${rights.showInactive ? 'on' : 'off'}, true)`];
}

/** Row-level security policies; the name carries a version so a changed rule replaces the old one. */
export const REPORT_ROW_POLICIES: readonly { table: string; name: string; using: string }[] = [
  {
    table: 'employees',
    name: 'report_rows_v1',
    using: `active or coalesce(current_setting('schutzwerk.show_inactive', true), '') = 'on'`,
  },
];
/** The permissive policy that leaves every other role as it was (the table owner bypasses RLS anyway). */
const ALL_ROWS_POLICY = 'all_rows';

/**
 * Statements (run by setUpRole in its transaction) that create the role variants with their column grants
 * and the row policies for `baseRole`. Idempotent; DDL on `employees` only when something is missing.
 */
export async function setUpDataRights(
  baseRole: string,
  execute: (statement: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<void> {
  for (const { role, groups } of reportRoleVariants(baseRole)) {
    await execute(`do $$ begin
      if not exists (select from pg_roles where rolname = '${role}') then
        create role ${role} nologin;
      end if;
    end $$`);
    await execute(`grant ${baseRole} to ${role}`);
    await execute(`revoke all on employees from ${role}`);
    const columns = groups.flatMap((group) => GROUP_COLUMNS[group]).map((c) => `"${c}"`);
    await execute(`grant select (${columns.join(', ')}) on employees to ${role}`);
  }
  for (const policy of REPORT_ROW_POLICIES) {
    const state = await execute(
      `select c.relrowsecurity as rls,
              array(select p.polname::text from pg_policy p where p.polrelid = c.oid) as policies
       from pg_class c where c.oid = 'public.${policy.table}'::regclass`,
    );
    const row = state.rows[0] as { rls: boolean; policies: string[] } | undefined;
    const existing = new Set(row?.policies ?? []);
    if (!existing.has(ALL_ROWS_POLICY)) {
      await execute(
        `create policy ${ALL_ROWS_POLICY} on ${policy.table} as permissive for all to public using (true) with check (true)`,
      );
    }
    for (const name of existing) {
      if (name.startsWith('report_rows_') && name !== policy.name)
        await execute(`drop policy ${name} on ${policy.table}`);
    }
    if (!existing.has(policy.name)) {
      await execute(
        `create policy ${policy.name} on ${policy.table} as restrictive for select to ${baseRole} using (${policy.using})`,
      );
    }
    if (!row?.rls) await execute(`alter table ${policy.table} enable row level security`);
  }
}
