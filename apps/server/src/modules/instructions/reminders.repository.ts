import { sql } from 'drizzle-orm';
import type { Executor } from '#db/client.ts';
import { queryRows } from '#db/query.ts';
import { employeeSupervisors, employees, locationEscalations } from '#modules/employees/tables.ts';
import { instructionAssignments, instructionTopics } from './instructions.table.ts';
import { instructionReminders } from './reminders.table.ts';

/** The statuses a reminder is about (spec §4: reminder letters also include parked and scheduled items). */
const PENDING = sql`('O', 'A', 'P', 'T')`;

/** An item claimed for the employee's reminder mail, with the employee's contact. */
export type ClaimedReminder = {
  assignment_id: number;
  employee_id: number;
  first_name: string;
  last_name: string;
  email: string | null;
  language: string | null;
  country: string | null;
  topic_label: string;
  topic_identifier: string;
  due_date: string;
  overdue: boolean;
};

/** An overdue item claimed for the escalation, once per recipient (supervisor or location contact). */
export type ClaimedEscalation = {
  assignment_id: number;
  employee_id: number;
  employee_first_name: string;
  employee_last_name: string;
  personnel_number: string | null;
  topic_label: string;
  topic_identifier: string;
  due_date: string;
  /** Null when the employee has neither an active supervisor nor a level-1 escalation contact at the location. */
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
    p: { portalId: number; today: string; leadDays: number | null; repeatDays: number | null },
  ): Promise<ClaimedReminder[]> {
    const a = instructionAssignments;
    const today = sql`${p.today}::date`;
    const lead = sql`${p.leadDays}::integer`;
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
          select ${a.id} as assignment_id, ${employees.id} as employee_id,
                 ${employees.firstName} as first_name, ${employees.lastName} as last_name,
                 ${employees.email} as email, ${employees.language} as language, ${employees.country} as country,
                 ${instructionTopics.label} as topic_label, ${instructionTopics.identifier} as topic_identifier,
                 ${a.dueDate}::text as due_date, (${a.dueDate} < ${today}) as overdue
            from claimed
            join ${a} on ${a.id} = claimed.assignment_id
            join ${employees} on ${employees.id} = ${a.employeeId}
            join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
           order by ${employees.id}, ${a.dueDate}, ${instructionTopics.label}`,
    );
  },

  /**
   * Claims the items overdue for `afterDays` days or more that were not yet reported, and answers each with
   * its recipients: the employee's active supervisors (Disziplinarvorgesetzte), or — where there is none —
   * the level-1 escalation contact of the employee's location (an employee or a contact address). An item
   * without any recipient comes once with a null recipient (claimed all the same: the run log names it).
   */
  async claimEscalations(
    ex: Executor,
    p: { portalId: number; today: string; afterDays: number },
  ): Promise<ClaimedEscalation[]> {
    const a = instructionAssignments;
    const today = sql`${p.today}::date`;
    return queryRows<ClaimedEscalation>(
      ex,
      sql`with due as (
            select ${a.id} as id
              from ${a}
              join ${employees} on ${employees.id} = ${a.employeeId}
              join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
              left join ${instructionReminders} on ${instructionReminders.assignmentId} = ${a.id}
             where ${a.portalId} = ${p.portalId} and ${a.status} in ${PENDING} and ${employees.active}
               and ${instructionTopics.released} and not ${instructionTopics.inactive}
               and ${a.dueDate} <= ${today} - ${p.afterDays}::integer
               and ${instructionReminders.escalatedOn} is null
          ), claimed as (
            insert into ${instructionReminders} (assignment_id, escalated_on)
            select id, ${today} from due
            on conflict (assignment_id) do update set escalated_on = excluded.escalated_on
              where ${instructionReminders.escalatedOn} is null
            returning assignment_id
          )
          select ${a.id} as assignment_id, e.id as employee_id, e.first_name as employee_first_name,
                 e.last_name as employee_last_name, e.personnel_number,
                 ${instructionTopics.label} as topic_label, ${instructionTopics.identifier} as topic_identifier,
                 ${a.dueDate}::text as due_date,
                 r.email as recipient_email, r.employee_id as recipient_employee_id,
                 r.first_name as recipient_first_name, r.last_name as recipient_last_name,
                 r.language as recipient_language, r.country as recipient_country
            from claimed
            join ${a} on ${a.id} = claimed.assignment_id
            join ${employees} e on e.id = ${a.employeeId}
            join ${instructionTopics} on ${instructionTopics.id} = ${a.topicId}
            left join lateral (
              select s.email, s.id as employee_id, s.first_name, s.last_name, s.language, s.country
                from ${employeeSupervisors} es
                join ${employees} s on s.id = es.supervisor_id and s.active
               where es.employee_id = e.id
              union all
              select coalesce(s.email, le.email), s.id, s.first_name, s.last_name, s.language, s.country
                from ${locationEscalations} le
                left join ${employees} s on s.id = le.employee_id and s.active
               where le.location_id = e.location_id and le.level = 1
                 and not exists (select 1 from ${employeeSupervisors} es2
                                   join ${employees} s2 on s2.id = es2.supervisor_id and s2.active
                                  where es2.employee_id = e.id)
            ) r on true
           order by r.email nulls last, e.last_name, e.first_name, ${a.dueDate}`,
    );
  },
};
