import { P } from '@schutzwerk/shared/permissions.ts';
import type { ReportFormat } from '@schutzwerk/shared/reports/reports.schema.ts';
import { inArray } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { reportFilters, reports } from './reports.table.ts';

type BaseReport = {
  name: string;
  controller: string;
  sql: string;
  timeoutSeconds: number;
  formats: ReportFormat[];
  rights: number[];
  filters: { field: string; filtername: string; filtercontent: string }[];
};

/** Reports every installation starts with (on the product's own tables); missing ones are added. */
export const BASE_REPORTS: BaseReport[] = [
  {
    name: 'Mitarbeiterliste nach Abteilung',
    controller: 'employee',
    sql: `select e.personnel_number as "Personalnummer", e.last_name as "Nachname", e.first_name as "Vorname",
       d.name as "Abteilung", l.name as "Ort", case when e.active then 'aktiv' else 'inaktiv' end as "Status"
from employees e
left join departments d on d.id = e.department_id
left join locations l on l.id = e.location_id
where (:abteilung::text is null or d.name ilike '%' || :abteilung::text || '%')
  and (:nur_aktive::int = 0 or e.active)
order by d.name, e.last_name, e.first_name, e.id`,
    timeoutSeconds: 30,
    formats: ['pdf', 'xlsx', 'csv'],
    rights: [P.REPORTS, P.EMPLOYEES_BASIC_READONLY],
    filters: [
      { field: 'abteilung', filtername: 'Abteilung', filtercontent: '' },
      { field: 'nur_aktive', filtername: 'nur aktive', filtercontent: '#CHECKBOX=1' },
    ],
  },
  {
    name: 'Orte mit Notrufnummern',
    controller: 'location',
    sql: `select l.name as "Ort", l.street as "Straße", l.zip as "PLZ", l.city as "Stadt",
       l.emergency_number as "Notruf", l.fire_number as "Feuerwehr", l.phone as "Telefon"
from locations l
where (:nur_mit_notruf::int = 0 or l.emergency_number is not null)
order by l.name, l.id`,
    timeoutSeconds: 30,
    formats: ['pdf', 'xlsx', 'csv'],
    rights: [P.REPORTS, P.LOCATIONS],
    filters: [
      { field: 'nur_mit_notruf', filtername: 'nur Orte mit Notrufnummer', filtercontent: '#HIDDEN=1' },
    ],
  },
  {
    name: 'Mitarbeiterzahl je Abteilung',
    controller: 'department',
    sql: `select coalesce(d.name, 'ohne Abteilung') as "Abteilung", count(*) as "Mitarbeiter",
       count(*) filter (where e.active) as "davon aktiv"
from employees e
left join departments d on d.id = e.department_id
group by d.name
order by d.name`,
    timeoutSeconds: 30,
    formats: ['pdf', 'xlsx', 'csv'],
    rights: [P.REPORTS, P.DEPARTMENTS],
    filters: [],
  },
];

export async function ensureBaseReports(ex: Executor): Promise<void> {
  const existing = await ex
    .select({ name: reports.name })
    .from(reports)
    .where(
      inArray(
        reports.name,
        BASE_REPORTS.map((r) => r.name),
      ),
    );
  const have = new Set(existing.map((r) => r.name));
  for (const report of BASE_REPORTS) {
    if (have.has(report.name)) continue;
    const { filters, ...definition } = report;
    const [row] = await ex.insert(reports).values(definition).returning({ id: reports.id });
    if (row && filters.length > 0) {
      await ex
        .insert(reportFilters)
        .values(filters.map((f, position) => ({ ...f, reportId: row.id, position })));
    }
  }
}
