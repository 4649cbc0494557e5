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
  {
    // The list print of /hazardanalysis/list (decision 022): exactly the assessments the user filtered,
    // sent as RecordList (`:recordlist`, narrowed on the server to the ones the user may see).
    // "Höchstes Risiko": the highest score over the hazards (after actions where rated, else before) under
    // the criteria in force (nohl_criteria; without a row the seeded cells p + s − 1 and bands 3/5).
    name: 'Gefährdungsbeurteilungen – Übersicht',
    controller: 'hazardanalysis',
    sql: `with crit as (
  select coalesce((select c.cells from nohl_criteria c where c.id = 1),
                  '[[1,2,3,4],[2,3,4,5],[3,4,5,6],[4,5,6,7]]'::jsonb) as cells,
         coalesce((select c.yellow_from from nohl_criteria c where c.id = 1), 3) as yellow_from,
         coalesce((select c.red_from from nohl_criteria c where c.id = 1), 5) as red_from
), scored as (
  select h.analysis_id,
         (crit.cells -> (coalesce(h.probability_after, h.probability_before) - 1)
                     ->> (coalesce(h.severity_after, h.severity_before) - 1))::int as score
  from hazard_analysis_hazards h cross join crit
  where h.analysis_id = any(:recordlist)
    and coalesce(h.probability_after, h.probability_before) is not null
    and coalesce(h.severity_after, h.severity_before) is not null
)
select ha.bezeichnung as "Bezeichnung", l.name as "Ort", ha.version_number as "Version",
       case when not ha.active then 'inaktiv' when ha.released then 'freigegeben' else 'in Bearbeitung' end as "Status",
       (select count(*) from hazard_analysis_hazards h where h.analysis_id = ha.id) as "Gefährdungen",
       case when m.score is null then 'nicht bewertet'
            when m.score >= crit.red_from then m.score || ' – hohes Risiko'
            when m.score >= crit.yellow_from then m.score || ' – signifikantes Risiko'
            else m.score || ' – geringes Risiko' end as "Höchstes Risiko"
from hazard_analyses ha
cross join crit
left join locations l on l.id = ha.location_id
left join (select s.analysis_id, max(s.score) as score from scored s group by s.analysis_id) m
  on m.analysis_id = ha.id
where ha.id = any(:recordlist)
order by ha.bezeichnung, ha.id`,
    timeoutSeconds: 30,
    formats: ['pdf', 'xlsx', 'csv'],
    rights: [P.HAZARDANALYSIS_PRINT],
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
