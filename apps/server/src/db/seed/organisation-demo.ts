import { and, eq, sql } from 'drizzle-orm';
import { locationEscalations, locationResponsibilities } from '#modules/employees/location-people.table.ts';
import { departments, locationDesignations, locations } from '#modules/organisation/organisation.table.ts';
import type { Executor } from '../client.ts';

type Details = {
  street?: string;
  zip?: string;
  city?: string;
  phone?: string;
  fax?: string;
  email?: string;
  emergencyNumber?: string;
  fireNumber?: string;
  designations?: string[];
};

/** Demo details of the Rheinwerk Chemie locations (fictitious addresses and numbers). */
export const LOCATION_DETAILS: Record<string, Details> = {
  'Werk Köln-Niehl': {
    street: 'Emdener Straße 278',
    zip: '50735',
    city: 'Köln',
    phone: '0221 9745-0',
    fax: '0221 9745-199',
    email: 'werk.koeln@rheinwerk-chemie.de',
    emergencyNumber: '2222',
    fireNumber: '112',
    designations: ['Pforte Tor 1', 'Sammelplatz Parkplatz Ost'],
  },
  'Halle 1 – Abfüllung': {
    phone: '0221 9745-310',
    emergencyNumber: '2222',
    fireNumber: '112',
    designations: ['Abfülllinie 1', 'Abfülllinie 2', 'Gebindelager', 'Raum 104 – Leitstand'],
  },
  'Halle 2 – Synthese': {
    phone: '0221 9745-320',
    emergencyNumber: '2222',
    fireNumber: '112',
    designations: ['Reaktor R1', 'Reaktor R2', 'Lösemittellager Süd', 'Raum 201 – Messwarte'],
  },
  'Tanklager Nord': {
    phone: '0221 9745-330',
    emergencyNumber: '2222',
    fireNumber: '112',
    designations: ['Tank T1 – Ethanol', 'Tank T2 – Toluol', 'Abfüllplatz Tankwagen'],
  },
  'Werk Leverkusen': {
    street: 'Düsseldorfer Straße 190',
    zip: '51379',
    city: 'Leverkusen',
    phone: '0214 8612-0',
    fax: '0214 8612-299',
    email: 'werk.leverkusen@rheinwerk-chemie.de',
    emergencyNumber: '3333',
    fireNumber: '112',
    designations: ['Pforte Nord', 'Sammelplatz Werkstraße'],
  },
  'Produktionsgebäude B12': {
    phone: '0214 8612-412',
    emergencyNumber: '3333',
    fireNumber: '112',
    designations: ['Ebene 0 – Technikum', 'Ebene 1 – Produktion', 'Raum 1.14 – Messwarte'],
  },
  'Labor L3': {
    phone: '0214 8612-430',
    emergencyNumber: '3333',
    fireNumber: '112',
    designations: ['Laborraum 3.01', 'Laborraum 3.02', 'Raum 3.05 – Chemikalienlager'],
  },
  Versandlager: {
    phone: '0214 8612-450',
    emergencyNumber: '3333',
    fireNumber: '112',
    designations: ['Lager Süd', 'Rampe 1–4', 'Gefahrstofflager WGK 3'],
  },
  'Verwaltung Düsseldorf': {
    street: 'Kaiserswerther Straße 115',
    zip: '40474',
    city: 'Düsseldorf',
    phone: '0211 4478-0',
    fax: '0211 4478-100',
    email: 'verwaltung@rheinwerk-chemie.de',
    emergencyNumber: '112',
    fireNumber: '112',
  },
  'Bürogebäude Kaiserswerther Straße': {
    phone: '0211 4478-0',
    emergencyNumber: '112',
    fireNumber: '112',
    designations: ['Erdgeschoss – Empfang', 'Raum 204 – Serverraum', 'Teeküche 3. OG'],
  },
};

/** Department containers with their average monthly working hours per employee (38-hour week ≈ 164,67 h). */
export const DEPARTMENT_CONTAINERS: Record<string, number> = {
  Produktion: 164.67,
  Instandhaltung: 164.67,
  Logistik: 164.67,
};

/**
 * Gives the demo locations their details, designations, responsible persons and escalation levels, and
 * marks the department containers. `people`: employee ids of the safety specialist and the supervisor.
 */
export async function seedOrganisationDetails(
  ex: Executor,
  portalId: number,
  people: { safetySpecialist: number; supervisor: number },
): Promise<void> {
  const rows = await ex
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.portalId, portalId));
  const idOf = (name: string) => rows.find((r) => r.name === name)?.id;
  for (const [name, details] of Object.entries(LOCATION_DETAILS)) {
    const id = idOf(name);
    if (!id) continue;
    const { designations = [], ...fields } = details;
    await ex.update(locations).set(fields).where(eq(locations.id, id));
    if (designations.length > 0) {
      await ex.insert(locationDesignations).values(designations.map((d) => ({ locationId: id, name: d })));
    }
  }
  const koeln = idOf('Werk Köln-Niehl');
  const halle1 = idOf('Halle 1 – Abfüllung');
  const leverkusen = idOf('Werk Leverkusen');
  const responsibilities = [
    koeln && {
      locationId: koeln,
      employeeId: people.safetySpecialist,
      title: 'Fachkraft für Arbeitssicherheit',
    },
    halle1 && { locationId: halle1, employeeId: people.supervisor, title: 'Hallenverantwortlicher' },
    leverkusen && {
      locationId: leverkusen,
      employeeId: people.safetySpecialist,
      title: 'Fachkraft für Arbeitssicherheit',
    },
  ].filter((r): r is { locationId: number; employeeId: number; title: string } => Boolean(r));
  if (responsibilities.length > 0) await ex.insert(locationResponsibilities).values(responsibilities);
  if (koeln) {
    await ex.insert(locationEscalations).values([
      { locationId: koeln, level: 0, employeeId: people.supervisor, phone: '0221 9745-311', email: null },
      {
        locationId: koeln,
        level: 1,
        employeeId: people.safetySpecialist,
        phone: '0171 4455667',
        email: null,
      },
      {
        locationId: koeln,
        level: 2,
        employeeId: null,
        phone: '0221 9745-100',
        email: 'werkleitung.koeln@rheinwerk-chemie.de',
      },
      {
        locationId: koeln,
        level: 3,
        employeeId: null,
        phone: '0211 4478-200',
        email: 'geschaeftsfuehrung@rheinwerk-chemie.de',
      },
    ]);
  }
  if (halle1) {
    await ex.insert(locationEscalations).values([
      { locationId: halle1, level: 0, employeeId: people.supervisor, phone: '0221 9745-311', email: null },
      { locationId: halle1, level: 1, employeeId: people.safetySpecialist, phone: null, email: null },
    ]);
  }
  for (const [name, hours] of Object.entries(DEPARTMENT_CONTAINERS)) {
    await ex
      .update(departments)
      .set({ isContainer: true, monthlyHours: hours })
      .where(
        and(
          eq(departments.portalId, portalId),
          eq(departments.name, name),
          sql`${departments.parentId} is null`,
        ),
      );
  }
}
