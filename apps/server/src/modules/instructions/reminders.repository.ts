import type { EscalationRecipient } from '@schutzwerk/shared/settings/instructions.settings.ts';
import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import {
  departmentHeads,
  employeeSupervisors,
  employees,
  locationEscalations,
} from '#modules/employees/tables.ts';
import { departments, locations } from '#modules/organisation/tables.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';
import { instructionReminders } from './reminders.table.ts';

/** The statuses a reminder is about (spec §4: reminder letters also include parked and scheduled items). */
const PENDING = sql`('O', 'A', 'P', 'T')`;

/** An item claimed for the employee's reminder mail, with the employee's contact. */
export type ClaimedReminder = {
  assignment_id: number;
  /** instruction, appointment or checkup. */
  type: string;
  employee_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  language: string | null;
  country: string | null;
  topic_label: string;
  topic_identifier: string;
  /** The topic's interval in days (0 once): the mail names it in the portal's unit (decision 045). */
  interval_days: number;
  due_date: string;
  overdue: boolean;
};

/** An overdue item claimed for the escalation, once per recipient (decision 045: the chosen recipient types). */
export type ClaimedEscalation = {
  assignment_id: number;
  employee_id: number;
  employee_first_name: string;
  employee_last_name: string;
  personnel_number: string | null;
  topic_label: string;
  topic_identifier: string;
  due_date: string;
  /** supervisor, departmentHead, level1 … level3 (null without a recipient) and the step it belongs to. */
  recipient_kind: string | null;
  recipient_step: number | null;
  /** Null when no chosen recipient type has anybody for the item. */
  recipient_email: string | null;
  recipient_employee_id: number | null;
  recipient_first_name: string | null;
  recipient_last_name: string | null;
  recipient_language: string | null;
  recipient_country: string | null;
};

/** The reminder job's SQL (decision 042): which portals have pending items, and the two claims. */
export const remindersRepository = {
  async portalsWithPendingItems(ex: Executor): Promise<number[]> {
    const rows = await queryRows<{ portal_id: number }>(
      ex,
      sql`select distinct ${instructionAssignments.portalId} as portal_id from ${instructionAssignments}
           where ${instructionAssignments.status} in ${PENDING} order by 1`,
    );
    return rows.map((r) => r.portal_id);
  },

  /**
   * Claims the items whose reminder is due today and answers them: an item entering the lead time before its
   * due date (once), an overdue item not yet reminded since it fell due, and an overdue item last reminded
   * `repeatDays` or more ago. The claim (the day written in the same statement) makes a second run of the day,
   * or a second app instance, find nothing. Only released, active topics of active employees.
   */
  async claimReminders(
    ex: Executor,
    p: {
      portalId: number;
      today: string;
      leadDays: number | null;
      repeatDays: number | null;
      /** The lead time of occupational-medical check-up items (tab „Arbeitsmedizin“, decision 064). */
      checkupLeadDays?: number | null;
    },
  ): Promise<ClaimedReminder[]> {
    const a = instructionAssignments;
    const today = sql`${p.today}::date`;
    const lead =
      p.checkupLeadDays === undefined
        ? sql`${p.leadDays}::integer`
        : sql`(case when ${a.type} = 'checkup' then ${p.checkupLeadDays}::integer else ${p.leadDays}::integer end)`;
    const repeat = sql`${p.repeatDays}::integer`;
    return queryRows<ClaimedReminder>(
      ex,
      sql`with due as (
            select ${a.id} as id
              from ${a}
              join ${employees} on ${employees.id} = ${a.employeeId}
              join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
              left join ${instructionReminders} on ${instructionReminders.assignmentId} = ${a.id}
             where ${a.portalId} = ${p.portalId} and ${a.status} in ${PENDING} and ${employees.active}
               and ${instructionTopics.released} and not ${instructionTopics.inactive}
               and (
                 (${lead} is not null and ${a.dueDate} >= ${today} and ${a.dueDate} - ${lead} <= ${today}
                   and (${instructionReminders.remindedOn} is null
                        or ${instructionReminders.remindedOn} < ${a.dueDate} - ${lead}))
                 or (${a.dueDate} < ${today}
                   and (${instructionReminders.remindedOn} is null
                        or ${instructionReminders.remindedOn} <= ${a.dueDate}
                        or (${repeat} is not null and ${instructionReminders.remindedOn} <= ${today} - ${repeat})))
               )
          ), claimed as (
            insert into ${instructionReminders} (assignment_id, reminded_on)
            select id, ${today} from due
            on conflict (assignment_id) do update set reminded_on = excluded.reminded_on
              where ${instructionReminders.remindedOn} is distinct from excluded.reminded_on
            returning assignment_id
          )
          select ${a.id} as assignment_id, ${a.type} as type, ${employees.id} as employee_id,
                 ${employees.firstName} as first_name, ${employees.lastName} as last_name,
                 ${employees.email} as email, ${employees.language} as language, ${employees.country} as country,
                 ${instructionTopics.label} as topic_label, ${instructionTopics.identifier} as topic_identifier,
                 ${instructionTopics.intervalDays} as interval_days,
                 ${a.dueDate}::text as due_date, (${a.dueDate} < ${today}) as overdue
            from claimed
            join ${a} on ${a.id} = claimed.assignment_id
            join ${employees} on ${employees.id} = ${a.employeeId}
            join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
           order by ${employees.id}, ${a.dueDate}, ${instructionTopics.label}`,
    );
  },

  /**
   * Claims the items whose escalation step rose and answers each with the recipients of the steps reached
   * (decision 045): step n = ⌊days overdue / afterDays⌋, at most the last step a recipient is chosen for. Step 1 goes to the chosen ones of: the
   * employee's active supervisors, the head of their department (else of the nearest department above with a
   * head other than themselves), the level-1 escalation contact of their location; steps 2 and 3 to the
   * contact of that level — a location's contact, else the nearest location above with one. An item without
   * any recipient comes once with a null recipient (claimed all the same: the run log names it).
   */
  async claimEscalations(
    ex: Executor,
    p: { portalId: number; today: string; afterDays: number; recipients: readonly EscalationRecipient[] },
  ): Promise<ClaimedEscalation[]> {
    const a = instructionAssignments;
    const today = sql`${p.today}::date`;
    const after = sql`${p.afterDays}::integer`;
    const chosen = sql`${sql.param([...p.recipients])}::text[]`;
    // The last step anybody is chosen for: an item is not claimed for a step nobody would hear of.
    const top = p.recipients.includes('level3') ? 3 : p.recipients.includes('level2') ? 2 : 1;
    const target = sql`least(${top}::integer, (${today} - ${a.dueDate}) / ${after})`;
    return queryRows<ClaimedEscalation>(
      ex,
      sql`with due as (
            select ${a.id} as id, coalesce(${instructionReminders.escalationLevel}, 0) as prev,
                   ${target} as target
              from ${a}
              join ${employees} on ${employees.id} = ${a.employeeId}
              join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
              left join ${instructionReminders} on ${instructionReminders.assignmentId} = ${a.id}
             where ${a.portalId} = ${p.portalId} and ${a.status} in ${PENDING} and ${employees.active}
               and ${instructionTopics.released} and not ${instructionTopics.inactive}
               and ${a.dueDate} <= ${today} - ${after}
               and coalesce(${instructionReminders.escalationLevel}, 0) < ${target}
          ), claimed as (
            insert into ${instructionReminders} (assignment_id, escalated_on, escalation_level)
            select id, ${today}, target from due
            on conflict (assignment_id) do update
              set escalated_on = excluded.escalated_on, escalation_level = excluded.escalation_level
              where ${instructionReminders.escalationLevel} < excluded.escalation_level
            returning assignment_id
          )
          select ${a.id} as assignment_id, e.id as employee_id, e.first_name as employee_first_name,
                 e.last_name as employee_last_name, e.personnel_number,
                 ${instructionTopics.label} as topic_label, ${instructionTopics.identifier} as topic_identifier,
                 ${a.dueDate}::text as due_date, r.kind as recipient_kind, r.step as recipient_step,
                 r.email as recipient_email, r.employee_id as recipient_employee_id,
                 r.first_name as recipient_first_name, r.last_name as recipient_last_name,
                 r.language as recipient_language, r.country as recipient_country
            from claimed
            join due d on d.id = claimed.assignment_id
            join ${a} on ${a.id} = claimed.assignment_id
            join ${employees} e on e.id = ${a.employeeId}
            join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
            left join lateral (
              select 1 as step, 'supervisor' as kind, s.email, s.id as employee_id, s.first_name, s.last_name,
                     s.language, s.country
                from ${employeeSupervisors} es
                join ${employees} s on s.id = es.supervisor_id and s.active
               where es.employee_id = e.id and d.prev < 1 and 'supervisor' = any(${chosen})
              union all
              select 1, 'departmentHead', h.email, h.id, h.first_name, h.last_name, h.language, h.country
                from (
                  with recursive up(id, depth) as (
                    select e.department_id, 0
                    union all
                    select dd.parent_id, up.depth + 1 from ${departments} dd join up on dd.id = up.id
                     where dd.parent_id is not null)
                  select s.* from up
                    join ${departmentHeads} dh on dh.department_id = up.id
                    join ${employees} s on s.id = dh.employee_id and s.active and s.id <> e.id
                   order by up.depth limit 1
                ) h
               where d.prev < 1 and 'departmentHead' = any(${chosen})
              union all
              select lv.level, 'level' || lv.level, coalesce(s.email, c.email), s.id, s.first_name, s.last_name,
                     s.language, s.country
                from (select generate_series(1, 3) as level) lv
                cross join lateral (
                  with recursive up(id, depth) as (
                    select e.location_id, 0
                    union all
                    select l.parent_id, up.depth + 1 from ${locations} l join up on l.id = up.id
                     where l.parent_id is not null)
                  select le.employee_id, le.email from up
                    join ${locationEscalations} le on le.location_id = up.id and le.level = lv.level
                   order by up.depth limit 1
                ) c
                left join ${employees} s on s.id = c.employee_id and s.active
               where lv.level > d.prev and lv.level <= d.target and ('level' || lv.level) = any(${chosen})
            ) r on true
           order by r.email nulls last, e.last_name, e.first_name, ${a.dueDate}`,
    );
  },
};
