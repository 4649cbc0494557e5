import type { AssignmentStatus, AssignmentType } from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { MasterDataRow } from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { activities, employeeActivities } from '#modules/activities/tables.ts';
import { employees } from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import type { EvaluationScope } from './evaluations.repository.ts';
import { instructionAssignments, instructionQuestions, instructionTopics } from './instructions.table.ts';
import { sourceReaches } from './profiles.repository.ts';
import {
  instructionProfileSources,
  instructionProfiles,
  instructionProfileTopics,
} from './profiles.table.ts';
import { instructionScormPackages } from './scorm.table.ts';

/**
 * The queries of the evaluations tabs master data, employee info and profiles (decision 076); executor first
 * (decision 031), no rules. Aliases: `a` assignments, `e` employees, `t` topics, `p` profiles, `s` sources.
 */

const ids = (list: readonly number[]) => sql`${sql.param([...list])}::int[]`;

/** Which employees count (alias `e`): the scope of decision 073 (reach, externals, inactive, location filter). */
function employeeWhere(s: EvaluationScope): SQL {
  const parts: SQL[] = [sql`e.portal_id = ${s.portalId}`];
  if (!s.inactive) parts.push(sql`e.active`);
  if (!s.externals) parts.push(sql`not e.is_external`);
  if (s.departments) parts.push(sql`e.department_id = any(${ids(s.departments)})`);
  if (s.locations && s.locations.length > 0)
    parts.push(sql`(e.location_id is null or e.location_id = any(${ids(s.locations)}))`);
  if (s.locationId !== undefined)
    parts.push(sql`e.location_id in (with recursive sub(id) as (
        select ${s.locationId}::int
        union all
        select u.id from ${locations} u join sub on u.parent_id = sub.id
      ) select id from sub)`);
  return sql.join(parts, sql` and `);
}

/**
 * `with recursive … reach(profile_id, employee_id)`: every employee in the scope that a profile (alias `p`,
 * restricted by `profiles`) reaches today — `sourceReaches` of profiles.repository.ts, computed set-wise: each unit
 * of the portal with itself and every unit above it (`dep_up`, `loc_up`, depth 0 = itself), joined to the
 * sources. The per-employee check ran its recursive queries once per item: 5.5 s for 30 profiles over 10,000
 * employees (bench/instruction-statistics.bench.ts).
 */
function withReach(scope: EvaluationScope, profiles: SQL): SQL {
  const up = (
    table: typeof departments | typeof locations,
    name: string,
  ) => sql`${sql.raw(name)}(id, anc, depth) as (
      select u.id, u.id, 0 from ${table} u where u.portal_id = ${scope.portalId}
      union all
      select up.id, u.parent_id, up.depth + 1 from ${sql.raw(name)} up join ${table} u on u.id = up.anc
       where u.parent_id is not null)`;
  const where = sql`${profiles} and ${employeeWhere(scope)}`;
  /** The employees of the units a department or location source names: the unit itself, below it with sub-units. */
  const unitSource = (up: 'dep_up' | 'loc_up', column: 'department_id' | 'location_id') => sql`
      select s.profile_id, e.id
        from ${instructionProfileSources} s join ${instructionProfiles} p on p.id = s.profile_id
        join ${sql.raw(up)} u on u.anc = s.${sql.raw(column)} and (u.depth = 0 or p.include_sub_units)
        join ${employees} e on e.${sql.raw(column)} = u.id
       where ${where}`;
  return sql`with recursive ${up(departments, 'dep_up')}, ${up(locations, 'loc_up')},
    reach(profile_id, employee_id) as (
      ${unitSource('dep_up', 'department_id')}
      union
      ${unitSource('loc_up', 'location_id')}
      union
      select s.profile_id, e.id
        from ${instructionProfileSources} s join ${instructionProfiles} p on p.id = s.profile_id
        join ${employeeActivities} ea on ea.activity_id = s.activity_id
        join ${employees} e on e.id = ea.employee_id
       where ${where})`;
}

/** Items (alias `a`) due in the year, check-ups left out (decision 073). */
const dueInYear = (year: number) =>
  sql`a.type <> 'checkup' and a.due_date >= ${`${year}-01-01`}::date and a.due_date < ${`${year + 1}-01-01`}::date`;

/** Due, done and overdue of the grouped items (alias `a`). */
const counts = (today: string) => sql`count(*)::int as due,
  count(*) filter (where a.status = 'E')::int as done,
  count(*) filter (where a.status <> 'E' and a.due_date < ${today}::date)::int as overdue`;

type Counts = { due: number; done: number; overdue: number };
export type MasterDataRecord = Omit<MasterDataRow, 'open' | 'rate'> & Counts;

export type EmployeeHeader = {
  id: number;
  portalId: number;
  name: string;
  personnelNumber: string;
  departmentId: number | null;
  locationId: number | null;
  departmentName: string | null;
  locationName: string | null;
  isExternal: boolean;
  active: boolean;
};

export type EmployeeItemRecord = {
  id: number;
  topicId: number;
  topicIdentifier: string;
  topicLabel: string;
  type: AssignmentType;
  status: AssignmentStatus;
  dueDate: string;
  validUntil: string | null;
};

export const evaluationsTabsRepository = {
  /** The portal's topics (or the filtered one) with their master data and the figures of the year. */
  masterData(ex: Executor, scope: EvaluationScope, year: number, today: string) {
    return queryRows<MasterDataRecord>(
      ex,
      sql`select t.id, t.identifier, t.label, t.number, d.name as "departmentName",
                 t.interval_days as "intervalDays", t.mode::int as mode, t.min_score as "minScore",
                 (select count(*)::int from ${instructionQuestions} q where q.topic_id = t.id) as "questionCount",
                 t.pool_count as "poolCount", t.duration_days as "durationDays",
                 t.effectiveness::int as effectiveness, not t.released as locked, t.inactive,
                 exists (select 1 from ${instructionScormPackages} sp where sp.topic_id = t.id) as scorm,
                 coalesce(f.employees, 0) as employees, coalesce(f.due, 0) as due,
                 coalesce(f.done, 0) as done, coalesce(f.overdue, 0) as overdue
          from ${instructionTopics} t
          left join ${departments} d on d.id = t.department_id
          left join (
            select a.topic_id, count(distinct a.employee_id)::int as employees, ${counts(today)}
            from ${instructionAssignments} a join ${employees} e on e.id = a.employee_id
            where a.portal_id = ${scope.portalId} and ${dueInYear(year)} and ${employeeWhere(scope)}
            group by a.topic_id
          ) f on f.topic_id = t.id
          where t.portal_id = ${scope.portalId}
            ${scope.topicId === undefined ? sql`` : sql`and t.id = ${scope.topicId}`}
          order by lower(t.identifier), t.id`,
    );
  },

  /** The employee with the names of their department and location (visibility is the caller's rule). */
  async employee(ex: Executor, employeeId: number): Promise<EmployeeHeader | undefined> {
    const [row] = await queryRows<EmployeeHeader>(
      ex,
      sql`select e.id, e.portal_id as "portalId", e.last_name || ', ' || e.first_name as name,
                 e.personnel_number as "personnelNumber", e.department_id as "departmentId",
                 e.location_id as "locationId", d.name as "departmentName", l.name as "locationName",
                 e.is_external as "isExternal", e.active
          from ${employees} e
          left join ${departments} d on d.id = e.department_id
          left join ${locations} l on l.id = e.location_id
          where e.id = ${employeeId}`,
    );
    return row;
  },

  /** The labels of the profiles that reach the employee today. */
  async profileLabelsOf(ex: Executor, employeeId: number): Promise<string[]> {
    const rows = await queryRows<{ label: string }>(
      ex,
      sql`select p.label from ${instructionProfiles} p join ${employees} e on e.portal_id = p.portal_id
          where e.id = ${employeeId}
            and exists (select 1 from ${instructionProfileSources} s where s.profile_id = p.id and ${sourceReaches})
          order by lower(p.label), p.id`,
    );
    return rows.map((r) => r.label);
  },

  /** Every item of the employee (check-ups left out), the latest due first. */
  itemsOf(ex: Executor, employeeId: number) {
    return queryRows<EmployeeItemRecord>(
      ex,
      sql`select a.id, a.topic_id as "topicId", t.identifier as "topicIdentifier", t.label as "topicLabel",
                 a.type, a.status, a.due_date::text as "dueDate", a.valid_until::text as "validUntil"
          from ${instructionAssignments} a join ${instructionTopics} t on t.id = a.topic_id
          where a.employee_id = ${employeeId} and a.type <> 'checkup'
          order by a.due_date desc, lower(t.label), a.id desc`,
    );
  },

  /**
   * The portal's profiles (those holding the filtered topic) with the number of employees they reach today in
   * the scope.
   */
  profiles(ex: Executor, scope: EvaluationScope) {
    return queryRows<{ id: number; label: string; includeSubUnits: boolean; employees: number }>(
      ex,
      sql`${withReach(scope, sql`p.portal_id = ${scope.portalId}`)}
          select p.id, p.label, p.include_sub_units as "includeSubUnits",
                 (select count(*)::int from reach r where r.profile_id = p.id) as employees
          from ${instructionProfiles} p
          where p.portal_id = ${scope.portalId}
            ${
              scope.topicId === undefined
                ? sql``
                : sql`and exists (select 1 from ${instructionProfileTopics} pt
                                   where pt.profile_id = p.id and pt.topic_id = ${scope.topicId})`
            }
          order by lower(p.label), p.id`,
    );
  },

  /** Per profile: the items of its topics due in the year among the employees it reaches today (in scope). */
  profileFigures(
    ex: Executor,
    scope: EvaluationScope,
    profileIds: readonly number[],
    year: number,
    today: string,
  ) {
    return queryRows<{ id: number } & Counts>(
      ex,
      sql`${withReach(scope, sql`p.id = any(${ids(profileIds)})`)}
          select r.profile_id as id, ${counts(today)}
          from reach r
          join ${instructionProfileTopics} pt on pt.profile_id = r.profile_id
          join ${instructionAssignments} a on a.employee_id = r.employee_id and a.topic_id = pt.topic_id
          where ${dueInYear(year)}
          group by r.profile_id`,
    );
  },

  /** The sources of the profiles with the name of what they name. */
  sourcesOf(ex: Executor, profileIds: readonly number[]) {
    return queryRows<{
      profileId: number;
      kind: 'activity' | 'role' | 'location' | 'department';
      name: string;
    }>(
      ex,
      sql`select s.profile_id as "profileId", s.kind, coalesce(ac.name, l.name, d.name) as name
          from ${instructionProfileSources} s
          left join ${activities} ac on ac.id = s.activity_id
          left join ${locations} l on l.id = s.location_id
          left join ${departments} d on d.id = s.department_id
          where s.profile_id = any(${ids(profileIds)})
          order by array_position(array['activity', 'role', 'location', 'department'], s.kind),
                   lower(coalesce(ac.name, l.name, d.name))`,
    );
  },

  /** The topics of the profiles. */
  topicsOf(ex: Executor, profileIds: readonly number[]) {
    return queryRows<{ profileId: number; id: number; identifier: string; label: string }>(
      ex,
      sql`select pt.profile_id as "profileId", t.id, t.identifier, t.label
          from ${instructionProfileTopics} pt join ${instructionTopics} t on t.id = pt.topic_id
          where pt.profile_id = any(${ids(profileIds)})
          order by lower(t.identifier), t.id`,
    );
  },
};

export type EvaluationsTabsRepository = typeof evaluationsTabsRepository;
