import { createHash } from 'node:crypto';
import {
  EXTENDED_FIELDS,
  HEALTH_FIELDS,
  PERSONAL_FIELDS,
} from '@schutzwerk/shared/employees/employee.schema.ts';
import type { EmployeeFieldGroup } from '@schutzwerk/shared/employees/field-access.ts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { employees } from '#modules/employees/tables.ts';

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
  /**
   * The portals whose rows the report reads: 'all' for the main portal (it sees every portal, like its lists),
   * else the caller's portal id — its own rows, rows without a portal and, for employees, those assigned to it.
   */
  readonly portal: 'all' | number;
  /** The file versions (name, size, hash) of confidential documents: only with DOCUMENTS_CONFIDENTIAL. */
  readonly confidentialDocuments: boolean;
} & Readonly<Record<EmployeeFieldGroup, boolean>>;

/** What a run is given when nothing is said: no data rights at all (fail closed; portal 0 does not exist). */
export const NO_DATA_RIGHTS: ReportDataRights = {
  showInactive: false,
  portal: 0,
  confidentialDocuments: false,
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
  return [
    sql`select set_config('schutzwerk.show_inactive', ${rights.showInactive ? 'on' : 'off'}, true),
               set_config('schutzwerk.portal_id', ${String(rights.portal)}, true),
               set_config('schutzwerk.confidential', ${rights.confidentialDocuments ? 'on' : 'off'}, true)`,
  ];
}

const SETTING = (name: string) => `coalesce(current_setting('schutzwerk.${name}', true), '')`;
const PORTAL = SETTING('portal_id');
const inPortal = (column: string) => `(${PORTAL} = 'all' or ${column}::text = ${PORTAL})`;

/**
 * Tables every portal's reports read whole: catalogues and base data that belong to no portal. A new table
 * without `portal_id` must either belong to a scoped table (a cascading foreign key, or OWNERS below) or be
 * listed here — otherwise reports cannot read it at all (fail closed; the API test lists such tables).
 */
export const REPORT_GLOBAL_TABLES: ReadonlySet<string> = new Set([
  'factor_menus',
  'factor_menu_registers',
  'factor_menu_factors',
  'hazard_bricks',
  'hazard_brick_actions',
  'hazard_brick_action_guidelines',
  'hazard_brick_verification_codes',
  'nohl_criteria',
  'mail_templates',
  'scheduled_tasks',
  // The CLP catalogue and the substances' product groups and package units (decision 046).
  'clp_statements',
  'substance_product_groups',
  'substance_package_units',
  // The register's managed lists (decision 055): company master data, no personal data.
  'substance_ingredient_templates',
  'substance_manufacturers',
  // Executing bodies, legal sources and assessment reasons of occupational medicine (decision 057): no personal data.
  'precaution_catalogue_entries',
  // The injury-category catalogue of accident reports (decision 056): shared by all portals, no personal data.
  'accident_injury_categories',
]);

/** References that say whose a row is although they do not cascade (the row outlives a deletion attempt). */
const OWNERS: Readonly<Record<string, readonly string[]>> = {
  hazard_analysis_versions: ['analysis_id'],
};

/** What the database says about the readable tables (setUpDataRights reads it from the catalogue). */
export type ReportCatalog = {
  /** Readable table → whether it has a `portal_id` column. */
  tables: ReadonlyMap<string, boolean>;
  foreignKeys: readonly {
    child: string;
    column: string;
    parent: string;
    parentColumn: string;
    cascade: boolean;
  }[];
};

export type RowPolicy = { table: string; kind: string; using: string };

/**
 * The row policies of the report role (decision 027): inactive employees, the caller's portal (directly by
 * `portal_id`, or through the row's owner — a cascading foreign key — so hazards, file versions, role members
 * follow their parent), and the file versions of confidential documents. Owners only point at tables scoped
 * in an earlier round, so policies never refer to each other in a cycle. `unclassified`: readable tables that
 * are neither scoped nor global — reports may not read them.
 */
export function reportRowPolicies(catalog: ReportCatalog): { policies: RowPolicy[]; unclassified: string[] } {
  const policies: RowPolicy[] = [
    {
      table: 'employees',
      kind: 'active',
      using: `active or ${SETTING('show_inactive')} = 'on'`,
    },
  ];
  const scoped = new Set<string>();
  for (const [table, hasPortal] of catalog.tables) {
    if (table === 'portals') {
      policies.push({ table, kind: 'portal', using: inPortal('id') });
      scoped.add(table);
    } else if (hasPortal) {
      const assigned =
        table === 'employees'
          ? ` or exists (select 1 from employee_portals ep where ep.employee_id = employees.id and ${inPortal('ep.portal_id')})`
          : '';
      policies.push({
        table,
        kind: 'portal',
        using: `portal_id is null or ${inPortal('portal_id')}${assigned}`,
      });
      scoped.add(table);
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    const before = new Set(scoped);
    for (const table of catalog.tables.keys()) {
      if (scoped.has(table) || REPORT_GLOBAL_TABLES.has(table)) continue;
      const owners = catalog.foreignKeys.filter(
        (fk) =>
          fk.child === table &&
          before.has(fk.parent) &&
          (fk.cascade || (OWNERS[table] ?? []).includes(fk.column)),
      );
      if (owners.length === 0) continue;
      policies.push({
        table,
        kind: 'owner',
        using: owners
          .map(
            (fk) =>
              `("${fk.column}" is null or exists (select 1 from "${fk.parent}" o where o."${fk.parentColumn}" = "${table}"."${fk.column}"))`,
          )
          .join(' and '),
      });
      scoped.add(table);
      changed = true;
    }
  }
  if (catalog.tables.has('document_versions')) {
    policies.push({
      table: 'document_versions',
      kind: 'confidential',
      using: `exists (select 1 from documents d where d.id = document_versions.document_id and (not d.confidential or ${SETTING('confidential')} = 'on'))`,
    });
  }
  const unclassified = [...catalog.tables.keys()].filter(
    (t) => !scoped.has(t) && !REPORT_GLOBAL_TABLES.has(t),
  );
  return { policies, unclassified };
}

/** Reads the catalogue for `reportRowPolicies`: which readable tables have `portal_id`, and the foreign keys. */
export async function reportCatalog(
  readable: ReadonlySet<string>,
  execute: (statement: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<ReportCatalog> {
  const portalColumns = await execute(
    `select table_name from information_schema.columns where table_schema = 'public' and column_name = 'portal_id'`,
  );
  const withPortal = new Set(portalColumns.rows.map((r) => String(r.table_name)));
  const fks = await execute(
    `select c.conrelid::regclass::text as child, a.attname as column, c.confrelid::regclass::text as parent,
            pa.attname as parent_column, c.confdeltype = 'c' as cascade
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and cardinality(c.conkey) = 1`,
  );
  const unquote = (name: unknown) => String(name).replace(/^"|"$/g, '');
  return {
    tables: new Map([...readable].map((t) => [t, withPortal.has(t)])),
    foreignKeys: fks.rows.map((r) => ({
      child: unquote(r.child),
      column: String(r.column),
      parent: unquote(r.parent),
      parentColumn: String(r.parent_column),
      cascade: r.cascade === true,
    })),
  };
}

/** A policy's name carries a hash of its rule, so a changed rule replaces the old policy. */
function policyName(policy: RowPolicy): string {
  return `report_${policy.kind}_${createHash('sha256').update(policy.using).digest('hex').slice(0, 10)}`;
}
/** The permissive policy that leaves every other role as it was (the table owner bypasses RLS anyway). */
const ALL_ROWS_POLICY = 'all_rows';

/**
 * Statements (run by setUpRole in its transaction, after the column grants) that create the role variants
 * with their column grants and the row policies for `baseRole`, and revoke the tables reports may not read
 * (unclassified). Idempotent: DDL only where something is missing or changed. Answers the unclassified tables.
 */
export async function setUpDataRights(
  baseRole: string,
  readable: ReadonlySet<string>,
  execute: (statement: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<string[]> {
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
  const { policies, unclassified } = reportRowPolicies(await reportCatalog(readable, execute));
  for (const table of unclassified) await execute(`revoke all on "${table}" from ${baseRole}`);
  const byTable = new Map<string, string[]>();
  for (const policy of policies)
    byTable.set(policy.table, [...(byTable.get(policy.table) ?? []), policyName(policy)]);
  const existing = await execute(
    `select c.relname::text as table, c.relrowsecurity as rls,
            array(select p.polname::text from pg_policy p where p.polrelid = c.oid) as policies
       from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
  );
  const state = new Map(
    existing.rows.map((r) => [
      String(r.table),
      { rls: r.rls === true, policies: new Set(r.policies as string[]) },
    ]),
  );
  for (const [table, current] of state) {
    const wanted = new Set(byTable.get(table) ?? []);
    for (const name of current.policies) {
      if (name.startsWith('report_') && !wanted.has(name)) await execute(`drop policy ${name} on "${table}"`);
    }
  }
  for (const policy of policies) {
    const current = state.get(policy.table);
    if (!current) continue;
    const name = policyName(policy);
    if (!current.policies.has(ALL_ROWS_POLICY)) {
      await execute(
        `create policy ${ALL_ROWS_POLICY} on "${policy.table}" as permissive for all to public using (true) with check (true)`,
      );
      current.policies.add(ALL_ROWS_POLICY);
    }
    if (!current.policies.has(name)) {
      await execute(
        `create policy ${name} on "${policy.table}" as restrictive for select to ${baseRole} using (${policy.using})`,
      );
      current.policies.add(name);
    }
    if (!current.rls) {
      await execute(`alter table "${policy.table}" enable row level security`);
      current.rls = true;
    }
  }
  return unclassified;
}
