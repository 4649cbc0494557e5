import { and, eq, sql } from 'drizzle-orm';
import { ensureSystemActivities } from '#modules/activities/activities.base-data.ts';
import {
  activities,
  activityDesignations,
  employeeActivities,
} from '#modules/activities/activities.table.ts';
import { employees } from '#modules/employees/employees.table.ts';
import type { Executor } from '../client.ts';

type DemoNode = { name: string; description?: string; designations?: string[]; children?: DemoNode[] };

/** The activities tree of the demo chemical company (Eigenschaften). */
export const DEMO_ACTIVITIES: DemoNode[] = [
  {
    name: 'Produktion',
    description: 'Tätigkeiten in den Produktionsbetrieben.',
    designations: ['Chemikant', 'Produktionsfachkraft Chemie'],
    children: [
      {
        name: 'Umgang mit Gefahrstoffen',
        description: 'Tätigkeiten mit Gefahrstoffen nach GefStoffV.',
        children: [
          {
            name: 'Umgang mit krebserzeugenden Gefahrstoffen (KMR)',
            description: 'Tätigkeiten mit KMR-Stoffen der Kategorie 1A/1B.',
          },
          { name: 'Umgang mit entzündbaren Flüssigkeiten' },
          { name: 'Abfüllen und Umfüllen', designations: ['Abfüller'] },
        ],
      },
      { name: 'Arbeiten an Reaktoren und Druckbehältern', designations: ['Anlagenfahrer'] },
      { name: 'Probenahme', designations: ['Probenehmer'] },
      { name: 'Schichtarbeit', description: 'Wechselschicht einschließlich Nachtarbeit.' },
    ],
  },
  {
    name: 'Instandhaltung',
    description: 'Wartung, Inspektion und Reparatur der Anlagen.',
    designations: ['Industriemechaniker', 'Schlosser'],
    children: [
      { name: 'Arbeiten in Höhe', description: 'Arbeiten mit Absturzgefahr, z. B. auf Gerüsten und Bühnen.' },
      {
        name: 'Arbeiten in Behältern und engen Räumen',
        description: 'Befahren von Behältern nach DGUV Regel 113-004.',
      },
      { name: 'Heißarbeiten (Schweißen, Schneiden)', designations: ['Schweißer'] },
      {
        name: 'Elektrotechnische Arbeiten',
        designations: ['Elektroniker für Betriebstechnik', 'Elektrofachkraft'],
      },
    ],
  },
  {
    name: 'Logistik',
    description: 'Lager, Versand und innerbetrieblicher Transport.',
    children: [
      {
        name: 'Führen von Flurförderzeugen',
        description: 'Gabelstapler und Mitgänger-Flurförderzeuge (DGUV Grundsatz 308-001).',
        designations: ['Gabelstaplerfahrer', 'Fahrer Flurförderzeuge'],
      },
      { name: 'Kranführen', designations: ['Kranführer'] },
      { name: 'Gefahrgutverladung', designations: ['Verlader', 'Fachkraft für Lagerlogistik'] },
    ],
  },
  {
    name: 'Labor',
    children: [
      { name: 'Labortätigkeit', designations: ['Chemielaborant', 'CTA', 'Laborant'] },
      {
        name: 'Umgang mit Biostoffen',
        description: 'Tätigkeiten mit biologischen Arbeitsstoffen (BioStoffV).',
      },
    ],
  },
  {
    name: 'Büro und Verwaltung',
    children: [
      { name: 'Bildschirmarbeit', designations: ['Sachbearbeiter', 'Kaufmännischer Angestellter'] },
      { name: 'Dienstreisen und Außendienst' },
    ],
  },
];

/** The demo role base and its roles (set once per portal; here by the demo data). */
export const DEMO_ROLE_BASE = 'Rollen';
export const DEMO_ROLES: DemoNode[] = [
  { name: 'Ersthelfer', description: 'Betrieblicher Ersthelfer (DGUV Vorschrift 1 § 26).' },
  { name: 'Brandschutzhelfer', description: 'Brandschutzhelfer nach ASR A2.2.' },
  { name: 'Evakuierungshelfer' },
  { name: 'Sicherheitsbeauftragter', description: 'Sicherheitsbeauftragter nach § 22 SGB VII.' },
  { name: 'Staplerfahrer', description: 'Beauftragter Fahrer von Flurförderzeugen mit Fahrausweis.' },
  { name: 'Gefahrgutbeauftragter' },
  { name: 'Strahlenschutzbeauftragter' },
];

async function insertNode(
  ex: Executor,
  portalId: number,
  parentId: number | null,
  node: DemoNode,
  flags: { isRole?: boolean; isRoleBase?: boolean } = {},
): Promise<Map<string, number>> {
  const [row] = await ex
    .insert(activities)
    .values({ portalId, parentId, name: node.name, description: node.description ?? '', ...flags })
    .returning({ id: activities.id });
  const ids = new Map([[node.name, row!.id]]);
  if (node.designations && node.designations.length > 0) {
    await ex.insert(activityDesignations).values(
      node.designations.map((designation, position) => ({
        activityId: row!.id,
        portalId,
        position,
        designation,
      })),
    );
  }
  for (const child of node.children ?? []) {
    for (const [name, id] of await insertNode(ex, portalId, row!.id, child)) ids.set(name, id);
  }
  return ids;
}

/**
 * The demo tree with the role base 'Rollen', and assignments: every employee of the main portal gets one
 * activity by department-like spread (deterministic by id), some get roles; the demo accounts get a few.
 */
export async function seedDemoActivities(
  ex: Executor,
  portalId: number,
  accounts: { sifa: number; fuehrung: number; mitarbeiter: number },
): Promise<void> {
  await ensureSystemActivities(ex, portalId);
  const ids = new Map<string, number>();
  for (const node of DEMO_ACTIVITIES) {
    for (const [name, id] of await insertNode(ex, portalId, null, node)) ids.set(name, id);
  }
  const roleBase = (await insertNode(ex, portalId, null, { name: DEMO_ROLE_BASE }, { isRoleBase: true })).get(
    DEMO_ROLE_BASE,
  )!;
  for (const role of DEMO_ROLES) {
    for (const [name, id] of await insertNode(ex, portalId, roleBase, role, { isRole: true }))
      ids.set(name, id);
  }
  const [supervisor] = await ex
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.portalId, portalId), eq(activities.systemKey, 'supervisor')));

  const id = (name: string) => ids.get(name)!;
  const direct: [number, number][] = [
    [accounts.sifa, id('Sicherheitsbeauftragter')],
    [accounts.sifa, id('Ersthelfer')],
    [accounts.sifa, id('Bildschirmarbeit')],
    [accounts.fuehrung, supervisor!.id],
    [accounts.fuehrung, id('Brandschutzhelfer')],
    [accounts.fuehrung, id('Arbeiten an Reaktoren und Druckbehältern')],
    [accounts.mitarbeiter, id('Umgang mit entzündbaren Flüssigkeiten')],
    [accounts.mitarbeiter, id('Führen von Flurförderzeugen')],
    [accounts.mitarbeiter, id('Staplerfahrer')],
  ];
  await ex
    .insert(employeeActivities)
    .values(direct.map(([employeeId, activityId]) => ({ employeeId, activityId })))
    .onConflictDoNothing();

  // Generated staff: a deterministic spread over the leaf activities and some roles.
  const spread: [string, number, number][] = [
    // [activity, modulus, remainder]: employees whose id % modulus = remainder
    ['Umgang mit entzündbaren Flüssigkeiten', 5, 0],
    ['Abfüllen und Umfüllen', 7, 1],
    ['Arbeiten an Reaktoren und Druckbehältern', 6, 2],
    ['Schichtarbeit', 3, 0],
    ['Arbeiten in Höhe', 9, 4],
    ['Heißarbeiten (Schweißen, Schneiden)', 13, 5],
    ['Führen von Flurförderzeugen', 8, 3],
    ['Labortätigkeit', 10, 7],
    ['Bildschirmarbeit', 4, 1],
    ['Ersthelfer', 12, 6],
    ['Brandschutzhelfer', 15, 2],
    ['Staplerfahrer', 16, 3],
  ];
  for (const [name, modulus, remainder] of spread) {
    await ex.execute(sql`
      insert into employee_activities (employee_id, activity_id)
      select e.id, ${id(name)} from ${employees} e
      where e.portal_id = ${portalId} and e.login_name is null and e.id % ${modulus} = ${remainder}
      on conflict do nothing`);
  }
}
