import { createHash } from 'node:crypto';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { ReportFormat } from '@schutzwerk/shared/reports/reports.schema.ts';
import type { Executor } from '#db/client.ts';
import { reportsRepository } from './reports.repository.ts';

export type BaseReport = {
  name: string;
  controller: string;
  sql: string;
  timeoutSeconds: number;
  formats: ReportFormat[];
  rights: number[];
  filters: { field: string; filtername: string; filtercontent: string }[];
  /**
   * SHA-256 of earlier texts of `sql`: a stored report whose SQL is still one of them (not edited by an
   * administrator) gets the current text at start-up.
   */
  replaces?: string[];
};

/**
 * Reports every installation starts with (on the product's own tables); missing ones are added, and
 * untouched ones whose SQL changed since are brought up to date (`replaces`).
 */
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
    // sent as RecordList and narrowed on the server to the ones the user may see: working copies in
    // `:recordlist`, for released-only readers (HAZARDANALYSIS_READONLY_RELEASED) their last released
    // versions in `:versionlist` instead — those rows come from the frozen snapshot only.
    // "Höchstes Risiko": the highest score over the hazards (after actions where rated, else before); for a
    // working copy under the criteria in force (nohl_criteria; without a row the seeded cells p + s − 1 and
    // bands 3/5), for a version the scores and bands frozen at its release.
    name: 'Gefährdungsbeurteilungen – Übersicht',
    controller: 'hazardanalysis',
    replaces: ['9622464b691439b288ecd4530c61de6e2ffc00a44aeffd9c65c788c23e155a96'],
    sql: `with crit as (
  select coalesce((select c.cells from nohl_criteria c where c.id = 1),
                  '[[1,2,3,4],[2,3,4,5],[3,4,5,6],[4,5,6,7]]'::jsonb) as cells,
         coalesce((select c.yellow_from from nohl_criteria c where c.id = 1), 3) as yellow_from,
         coalesce((select c.red_from from nohl_criteria c where c.id = 1), 5) as red_from
), working as (
  select ha.id, ha.bezeichnung, l.name as ort, ha.version_number,
         case when not ha.active then 'inaktiv' when ha.released then 'freigegeben' else 'in Bearbeitung' end as status,
         (select count(*) from hazard_analysis_hazards h where h.analysis_id = ha.id) as hazards,
         (select max((crit.cells -> (coalesce(h.probability_after, h.probability_before) - 1)
                                 ->> (coalesce(h.severity_after, h.severity_before) - 1))::int)
            from hazard_analysis_hazards h where h.analysis_id = ha.id) as score,
         crit.yellow_from, crit.red_from
  from hazard_analyses ha
  cross join crit
  left join locations l on l.id = ha.location_id
  where ha.id = any(:recordlist)
), frozen as (
  select ha.id, v.snapshot ->> 'bezeichnung' as bezeichnung, v.snapshot ->> 'locationName' as ort,
         v.version_number,
         case when not ha.active then 'inaktiv' else 'freigegeben' end as status,
         jsonb_array_length(v.snapshot -> 'hazards') as hazards,
         (select max(coalesce((e ->> 'scoreAfter')::int, (e ->> 'scoreBefore')::int))
            from jsonb_array_elements(v.snapshot -> 'hazards') e) as score,
         (v.snapshot -> 'criteria' ->> 'yellowFrom')::int as yellow_from,
         (v.snapshot -> 'criteria' ->> 'redFrom')::int as red_from
  from hazard_analysis_versions v
  join hazard_analyses ha on ha.id = v.analysis_id
  where v.id = any(:versionlist)
), picked as (
  select * from working
  union all
  select * from frozen
)
select p.bezeichnung as "Bezeichnung", p.ort as "Ort", p.version_number as "Version", p.status as "Status",
       p.hazards as "Gefährdungen",
       case when p.score is null then 'nicht bewertet'
            when p.score >= p.red_from then p.score || ' – hohes Risiko'
            when p.score >= p.yellow_from then p.score || ' – signifikantes Risiko'
            else p.score || ' – geringes Risiko' end as "Höchstes Risiko"
from picked p
order by p.bezeichnung, p.id`,
    timeoutSeconds: 30,
    formats: ['pdf', 'xlsx', 'csv'],
    rights: [P.HAZARDANALYSIS_PRINT],
    filters: [],
  },
  {
    // The register of hazardous substances (Gefahrstoffverzeichnis, § 6 (12) GefStoffV; decision 050): every
    // active substance of the portal with its classification in force (pictograms, H/EUH statements, signal
    // word), quantity range and work areas (substance_register_entries).
    name: 'Gefahrstoffverzeichnis',
    controller: 'substance',
    sql: `select v.designation as "Bezeichnung", v.cas_number as "CAS-Nummer",
       translate(v.pictograms::text, '[]"', '') as "Piktogramme",
       case v.signal_word when 'danger' then 'Gefahr' when 'warning' then 'Achtung' else '' end as "Signalwort",
       coalesce((select string_agg(st.code, ', ' order by st.position)
                   from substance_version_statements st join clp_statements c on c.code = st.code
                  where st.version_id = v.id and c.kind in ('H', 'EUH')), '') as "Gefahrenhinweise",
       case r.quantity_range when 'upTo1' then 'bis 1 kg bzw. l' when 'upTo10' then 'über 1 bis 10 kg bzw. l'
            when 'upTo100' then 'über 10 bis 100 kg bzw. l' when 'upTo1000' then 'über 100 bis 1.000 kg bzw. l'
            when 'over1000' then 'über 1.000 kg bzw. l' else '' end as "Mengenbereich",
       coalesce(r.work_areas, '') as "Arbeitsbereiche"
from substances s
join substance_versions v on v.id = s.current_version_id
left join substance_register_entries r on r.substance_id = s.id
where s.active and (:bezeichnung::text is null or v.designation ilike '%' || :bezeichnung::text || '%')
order by lower(v.designation), s.id`,
    timeoutSeconds: 30,
    formats: ['pdf', 'xlsx', 'csv'],
    rights: [P.HAZMAT_REGISTER],
    filters: [{ field: 'bezeichnung', filtername: 'Bezeichnung enthält', filtercontent: '' }],
  },
];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export async function ensureBaseReports(ex: Executor, base: BaseReport[] = BASE_REPORTS): Promise<void> {
  const existing = await reportsRepository.namedReports(
    ex,
    base.map((r) => r.name),
  );
  const stored = new Map(existing.map((r) => [r.name, r]));
  for (const report of base) {
    const { filters, replaces, ...definition } = report;
    const row = stored.get(report.name);
    if (row) {
      if (replaces?.includes(sha256(row.sql))) await reportsRepository.replaceSql(ex, row.id, report.sql);
      continue;
    }
    await reportsRepository.insert(ex, definition, filters);
  }
}
