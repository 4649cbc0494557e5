import { rolePresets, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { and, eq, sql } from 'drizzle-orm';
import { seedDemoActions } from '#modules/actions/actions.demo.ts';
import {
  ensureSystemActivities,
  ensureSystemActivitiesForAllPortals,
} from '#modules/activities/activities.base-data.ts';
import { employees } from '#modules/employees/employees.table.ts';
import { ensureStandardFactorMenu } from '#modules/factor-menus/factor-menus.base-data.ts';
import { seedHazardAnalysisDemo } from '#modules/hazard-analysis/index.ts';
import { ensureBaseHazardBricks } from '#modules/hazard-bricks/hazard-bricks.base-data.ts';
import { ensureStarterTopics, seedDemoAssignments } from '#modules/instructions/index.ts';
import { ensureMailTemplates } from '#modules/mail/mail.base-data.ts';
import { departments, locations } from '#modules/organisation/organisation.table.ts';
import { portals } from '#modules/portals/portals.table.ts';
import { ensureBaseReports } from '#modules/reports/reports.base-data.ts';
import { employeeRoles, rolePermissions, roles } from '#modules/roles/roles.table.ts';
import { settings } from '#modules/settings/settings.table.ts';
import { ensureSubstanceBaseData } from '#modules/substances/index.ts';
import { generatePassword, hashPassword } from '#platform/password.ts';
import type { Db, Executor } from '../client.ts';
import { vacuumAnalyze } from '../maintenance.ts';
import { seedDemoActivities } from './activities.ts';
import { DEPARTMENTS, FIRST_NAMES, LAST_NAMES, LOCATIONS } from './names.ts';
import { seedOrganisationDetails } from './organisation-demo.ts';

export const DEMO_COMPANY = 'Rheinwerk Chemie GmbH';
export const DEMO_CUSTOMER_PORTAL = 'Kundenportal Nordhafen Logistik GmbH';
/** Licensed employees of the demo company (main portal). */
export const DEMO_LICENSED_EMPLOYEES = 12_000;
/** The installation's licence (settings): all portals together. */
export const DEMO_LICENSE_MAX_EMPLOYEES = 15_000;
export const DEMO_LICENSE_MAX_EXTERNALS = 1_000;

/** The demo accounts that can sign in (named in the README). */
export const DEMO_ACCOUNTS = [
  {
    login: 'sifa',
    first: 'Katrin',
    last: 'Hoffmann',
    number: '000101',
    role: 'sicherheitsfachkraft',
    email: 'katrin.hoffmann',
  },
  {
    login: 'fuehrung',
    first: 'Michael',
    last: 'Wagner',
    number: '000102',
    role: 'fuehrungskraft',
    email: 'michael.wagner',
  },
  {
    login: 'mitarbeiter',
    first: 'Anna',
    last: 'Schmidt',
    number: '000103',
    role: 'mitarbeiter',
    email: 'anna.schmidt',
  },
] as const;

export type BootstrapResult = {
  /** Set only when the administrator was created now with a generated password: print it once. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
  demo?: { created: boolean; password?: string; generatedPassword: boolean; employees: number };
};

/** Creates the main portal, the Administrator role and the administrator `admin` when missing. */
export async function ensureBaseData(db: Db, adminPassword: string | undefined): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    let [main] = await tx.select().from(portals).where(eq(portals.isMain, true));
    if (!main) [main] = await tx.insert(portals).values({ name: 'Hauptportal', isMain: true }).returning();
    const portalId = main!.id;
    await ensureSystemActivitiesForAllPortals(tx);
    await ensureMailTemplates(tx);
    await ensureBaseReports(tx);
    await ensureBaseHazardBricks(tx);
    await ensureStandardFactorMenu(tx);
    await ensureSubstanceBaseData(tx);

    const [existingAdmin] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(sql`lower(${employees.loginName}) = 'admin'`);
    if (existingAdmin) return { adminCreated: false };

    const password = adminPassword ?? generatePassword();
    const [admin] = await tx
      .insert(employees)
      .values({
        portalId,
        personnelNumber: '000001',
        lastName: 'Administrator',
        firstName: 'System',
        loginName: 'admin',
        passwordHash: await hashPassword(password),
      })
      .returning();
    const adminRole = await ensureRole(
      tx,
      portalId,
      rolePresets.administrator.name,
      rolePresets.administrator.description,
      [SUPERUSER_ID],
    );
    await tx.insert(employeeRoles).values({ employeeId: admin!.id, roleId: adminRole }).onConflictDoNothing();
    return { adminCreated: true, ...(adminPassword ? {} : { generatedAdminPassword: password }) };
  });
}

async function ensureRole(
  ex: Executor,
  portalId: number,
  name: string,
  description: string,
  permissions: readonly number[],
): Promise<number> {
  const [existing] = await ex
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.portalId, portalId), sql`lower(${roles.name}) = lower(${name})`));
  if (existing) return existing.id;
  const [role] = await ex.insert(roles).values({ portalId, name, description }).returning({ id: roles.id });
  if (permissions.length > 0) {
    await ex
      .insert(rolePermissions)
      .values(permissions.map((permissionId) => ({ roleId: role!.id, permissionId })));
  }
  return role!.id;
}

/** A small deterministic PRNG so that demo data is the same on every machine. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mailPart(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z]/g, '');
}

/**
 * German demo data: the company (main portal renamed), three locations with sub-locations, departments,
 * the roles Sicherheitsfachkraft / Führungskraft / Mitarbeiter, three demo accounts and `count` employees,
 * the activities tree with its role base and assignments, plus a small customer portal. Runs once: skipped when the demo accounts exist.
 */
export async function seedDemoData(
  db: Db,
  options: { employees: number; password: string | undefined },
): Promise<NonNullable<BootstrapResult['demo']>> {
  const [already] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(sql`lower(${employees.loginName}) = 'sifa'`);
  if (already) return { created: false, generatedPassword: false, employees: 0 };

  const password = options.password ?? generatePassword(12);
  const passwordHash = await hashPassword(password);
  const random = mulberry32(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // A stream of its own, so the names and departments stay what they were before types existed.
  const typeRandom = mulberry32(4711);

  await db.transaction(async (tx) => {
    const [main] = await tx.select().from(portals).where(eq(portals.isMain, true));
    const portalId = main!.id;
    // A licence above the demo staff (10,000 by default), so the import can add some (code 910 beyond).
    await tx
      .update(portals)
      .set({ name: DEMO_COMPANY, licensedEmployees: DEMO_LICENSED_EMPLOYEES })
      .where(eq(portals.id, portalId));
    // Installation settings a real customer would have entered (licence, company data for mails).
    await tx
      .insert(settings)
      .values([
        {
          key: 'system',
          value: {
            companyName: DEMO_COMPANY,
            applicationUrl: 'http://localhost:3000',
            supportEmail: 'arbeitsschutz@rheinwerk-chemie.example',
            supportPhone: '+49 221 555 0100',
          },
        },
        {
          key: 'license',
          value: {
            customerNumber: 'K-2026-0815',
            licensee: DEMO_COMPANY,
            licenseType: 'professional',
            maxEmployees: DEMO_LICENSE_MAX_EMPLOYEES,
            maxExternals: DEMO_LICENSE_MAX_EXTERNALS,
            validUntil: '2027-12-31',
          },
        },
      ])
      .onConflictDoNothing();

    const leafLocations: number[] = [];
    for (const location of LOCATIONS) {
      const [parent] = await tx
        .insert(locations)
        .values({ portalId, name: location.name })
        .returning({ id: locations.id });
      for (const child of location.children) {
        const [row] = await tx
          .insert(locations)
          .values({ portalId, name: child, parentId: parent!.id })
          .returning({ id: locations.id });
        leafLocations.push(row!.id);
      }
    }
    const leafDepartments: number[] = [];
    for (const department of DEPARTMENTS) {
      const [parent] = await tx
        .insert(departments)
        .values({ portalId, name: department.name })
        .returning({ id: departments.id });
      if (department.children.length === 0) leafDepartments.push(parent!.id);
      for (const child of department.children) {
        const [row] = await tx
          .insert(departments)
          .values({ portalId, name: child, parentId: parent!.id })
          .returning({ id: departments.id });
        leafDepartments.push(row!.id);
      }
    }

    const roleIds = {
      sicherheitsfachkraft: await ensureRole(
        tx,
        portalId,
        rolePresets.sicherheitsfachkraft.name,
        rolePresets.sicherheitsfachkraft.description,
        rolePresets.sicherheitsfachkraft.permissions,
      ),
      fuehrungskraft: await ensureRole(
        tx,
        portalId,
        rolePresets.fuehrungskraft.name,
        rolePresets.fuehrungskraft.description,
        rolePresets.fuehrungskraft.permissions,
      ),
      mitarbeiter: await ensureRole(
        tx,
        portalId,
        rolePresets.mitarbeiter.name,
        rolePresets.mitarbeiter.description,
        rolePresets.mitarbeiter.permissions,
      ),
    };

    const accountIds: Record<(typeof DEMO_ACCOUNTS)[number]['login'], number> = {
      sifa: 0,
      fuehrung: 0,
      mitarbeiter: 0,
    };
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(employees)
        .values({
          portalId,
          personnelNumber: account.number,
          lastName: account.last,
          firstName: account.first,
          loginName: account.login,
          email: `${account.email}@rheinwerk-chemie.de`,
          passwordHash,
          departmentId: leafDepartments[0]!,
          locationId: leafLocations[0]!,
        })
        .returning({ id: employees.id });
      await tx.insert(employeeRoles).values({ employeeId: row!.id, roleId: roleIds[account.role] });
      accountIds[account.login] = row!.id;
    }
    await seedOrganisationDetails(tx, portalId, {
      safetySpecialist: accountIds.sifa!,
      supervisor: accountIds.fuehrung!,
    });
    await seedHazardAnalysisDemo(tx, portalId, {
      safetySpecialist: accountIds.sifa!,
      supervisor: accountIds.fuehrung!,
      supervisorName: 'Wagner, Michael',
    });

    const BATCH = 1000;
    for (let start = 0; start < options.employees; start += BATCH) {
      const batch = [];
      for (let i = start; i < Math.min(options.employees, start + BATCH); i++) {
        const firstName = pick(FIRST_NAMES);
        const lastName = pick(LAST_NAMES);
        batch.push({
          portalId,
          personnelNumber: String(100001 + i),
          lastName,
          firstName,
          email: `${mailPart(firstName)}.${mailPart(lastName)}${i % 7 === 0 ? i : ''}@rheinwerk-chemie.de`,
          active: random() > 0.03,
          departmentId: pick(leafDepartments),
          locationId: pick(leafLocations),
          ...demoEmploymentType(typeRandom),
        });
      }
      await tx.insert(employees).values(batch);
    }
    await tx.execute(sql`
      insert into employee_roles (employee_id, role_id)
      select id, ${roleIds.mitarbeiter} from employees where portal_id = ${portalId} and login_name is null
      on conflict do nothing`);
    await seedDemoActivities(tx, portalId, accountIds);
    await seedDemoActions(tx, portalId, accountIds);
    await ensureStarterTopics(tx, portalId);
    await seedDemoAssignments(tx, portalId, Object.values(accountIds));

    // A customer portal with its own staff, to show that lists are scoped by portal.
    const [customer] = await tx
      .insert(portals)
      .values({ name: DEMO_CUSTOMER_PORTAL })
      .returning({ id: portals.id });
    await ensureSystemActivities(tx, customer!.id);
    const [customerLocation] = await tx
      .insert(locations)
      .values({ portalId: customer!.id, name: 'Hafen Hamburg, Schuppen 7' })
      .returning({ id: locations.id });
    const customerStaff = [];
    for (let i = 0; i < 40; i++) {
      customerStaff.push({
        portalId: customer!.id,
        personnelNumber: `N${String(1001 + i)}`,
        lastName: pick(LAST_NAMES),
        firstName: pick(FIRST_NAMES),
        locationId: customerLocation!.id,
      });
    }
    await tx.insert(employees).values(customerStaff);
  });
  // Fresh statistics for the planner (without them it takes the new tables for empty) and the visibility map
  // that index-only scans need: PGlite has no autovacuum to do it later (decision 035).
  await vacuumAnalyze(db);
  return {
    created: true,
    generatedPassword: options.password === undefined,
    password,
    employees: options.employees + DEMO_ACCOUNTS.length,
  };
}

/**
 * Some realism for the type and status filters: about 6 % temp workers (a few of them past their end
 * date), 4 % external staff, and a works ban here and there.
 */
function demoEmploymentType(random: () => number) {
  const roll = random();
  const year = new Date().getFullYear();
  if (roll < 0.06) {
    const ended = random() < 0.2;
    return {
      isTempWorker: true,
      company: 'Personaldienst Rhein-Ruhr GmbH',
      tempWorkUntil: ended ? `${year - 1}-12-31` : `${year + 1}-06-30`,
    };
  }
  if (roll < 0.1) return { isExternal: true, company: 'Industrieservice Köln GmbH' };
  if (roll < 0.11) return { worksBanUntil: `${year + 1}-03-31` };
  return {};
}
