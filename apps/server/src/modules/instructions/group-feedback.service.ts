import { errorCatalogue, groupFeedbackMessages } from '@schutzwerk/shared/errors.ts';
import {
  type CreateGroupFeedback,
  createGroupFeedbackSchema,
  type DepartmentEmployees,
  type GroupFeedback,
  type GroupFeedbackError,
  type GroupFeedbackListQuery,
  type GroupFeedbackResult,
  groupFeedbackListQuerySchema,
  NEW_EXTERNAL_REQUIRED,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { insertExternalPerson, ownedUnitIds } from '#modules/employees/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { AssignmentsRepository } from './assignments.repository.ts';
import { berlinToday } from './assignments.service.ts';
import { renderAttendanceRecordPdf } from './group-feedback.certificate.ts';
import type {
  FeedbackEmployee,
  FeedbackScope,
  FeedbackTopic,
  GroupFeedbackRepository,
} from './group-feedback.repository.ts';
import { outOfReach, unitReach } from './reach.ts';
import { addDays } from './run.service.ts';

type Deps = {
  db: Db;
  repository: GroupFeedbackRepository;
  assignments: Pick<AssignmentsRepository, 'logChanges'>;
  /** The company name and the operator's logo of the attendance record PDF (decision 079). */
  print: { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
  now?: () => Date;
};

type ReportCode = keyof typeof errorCatalogue & `GROUP_FEEDBACK_${string}`;

/** At most this many employees answer "add from department". */
export const DEPARTMENT_EMPLOYEES_LIMIT = 500;

/**
 * The caller's reach (spec §6: responsibility and location rights restrict group feedback; decision 069): the
 * units of reach.ts, answered as the report line's code.
 */
async function reachOf(ex: Executor, actor: Actor) {
  const reach = await unitReach(ex, actor);
  return (employee: Pick<FeedbackEmployee, 'departmentId' | 'locationId'>): ReportCode | null => {
    const out = outOfReach(reach, employee);
    if (out === 'department') return 'GROUP_FEEDBACK_NOT_RESPONSIBLE';
    if (out === 'location') return 'GROUP_FEEDBACK_NO_LOCATION_RIGHTS';
    return null;
  };
}

const key = (employeeId: number, topicId: number, type: string) => `${employeeId}:${topicId}:${type}`;

/**
 * Group feedback (Gruppenrückmeldung, decision 069). The request's rules (at least one topic and one employee,
 * no chained topics, one check-up at a time, complete new external persons, no future day) refuse the whole
 * request; what fails for one employee or one employee and topic (not in the portal or inactive, out of reach,
 * external without the right, a booked appointment, already confirmed that day, a taken personnel number) is
 * a line of the report while the rest is confirmed — in one transaction.
 */
export function createGroupFeedbackService({
  db,
  repository,
  assignments,
  print,
  now = () => new Date(),
}: Deps) {
  /** Whose recorded items the caller sees: their own feedbacks, else employees in reach (decision 079). */
  async function scopeOf(actor: Actor): Promise<FeedbackScope> {
    const reach = await unitReach(db, actor);
    return {
      employeeId: actor.employeeId,
      departments: reach.departments ? [...reach.departments] : null,
      locations: reach.locations ? [...reach.locations] : null,
      externals: actorHasAny(actor, P.TOPICS_EVALUATE_EXTERNAL),
    };
  }

  async function find(actor: Actor, id: number): Promise<GroupFeedback> {
    const found = await repository.find(db, actor.portalId, id, await scopeOf(actor));
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  const line = (
    code: ReportCode,
    who: { id: number | null; name: string; personnelNumber: string },
    topic: FeedbackTopic | null,
  ): GroupFeedbackError => ({
    employeeId: who.id,
    employeeName: who.name,
    personnelNumber: who.personnelNumber,
    topicId: topic?.id ?? null,
    topicLabel: topic?.label ?? null,
    code,
    message: errorCatalogue[code].message,
  });

  return {
    /** "Add from department": a sub-department's active employees in the caller's reach (not the whole company). */
    async departmentEmployees(actor: Actor, departmentId: number): Promise<DepartmentEmployees> {
      const department = await repository.department(db, departmentId);
      if (!department || department.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
      if (department.parentId === null) throw new AppError('GROUP_FEEDBACK_COMPANY_WIDE');
      if (!actorHasAny(actor, P.DEPARTMENTS_ALL)) {
        const owned = await ownedUnitIds(db, 'department', actor.employeeId);
        if (!owned.has(departmentId))
          throw new AppError('GROUP_FEEDBACK_NOT_RESPONSIBLE', {
            message: groupFeedbackMessages.notResponsibleForDepartment,
          });
      }
      const reach = await reachOf(db, actor);
      const mayExternal = actorHasAny(actor, P.TOPICS_EVALUATE_EXTERNAL);
      const all = await repository.employeesOfBranch(
        db,
        actor.portalId,
        departmentId,
        DEPARTMENT_EMPLOYEES_LIMIT,
      );
      const rows = all.filter((e) => reach(e) === null && (mayExternal || !e.isExternal));
      return {
        rows: rows.map((e) => ({
          id: e.id,
          name: e.name,
          personnelNumber: e.personnelNumber,
          departmentName: e.departmentName,
          isExternal: e.isExternal,
        })),
        outOfScope: all.length - rows.length,
      };
    },

    /** The past group feedbacks the caller sees (list protocol, decision 079). */
    async list(actor: Actor, raw: GroupFeedbackListQuery) {
      const query = groupFeedbackListQuerySchema.parse(raw);
      return repository.list(db, actor.portalId, await scopeOf(actor), query);
    },

    /** One group feedback with the items the caller sees (another portal's, or none seen: 404). */
    get: find,

    /**
     * The attendance record PDF („Teilnahmenachweis“): topics, day, instructor and the employees the caller
     * sees with a signature column.
     */
    async attendanceRecord(actor: Actor, id: number): Promise<{ file: Buffer; fileName: string }> {
      const feedback = await find(actor, id);
      const topics = new Map<string, string>();
      const people = new Map<
        number,
        { name: string; personnelNumber: string; departmentName: string | null }
      >();
      for (const item of feedback.items) {
        const label = `${item.topicIdentifier} ${item.topicLabel}`.trim();
        topics.set(`${item.topicId}:${item.type}`, item.type === 'checkup' ? `${label} (Vorsorge)` : label);
        people.set(item.employeeId, {
          name: item.employeeName,
          personnelNumber: item.personnelNumber,
          departmentName: item.departmentName,
        });
      }
      const file = await renderAttendanceRecordPdf(
        {
          companyName: await print.companyName(),
          givenOn: feedback.givenOn,
          instructorName: feedback.instructorName,
          topics: [...topics.values()].sort((a, b) => a.localeCompare(b, 'de')),
          note: feedback.note,
          employees: [...people.values()],
        },
        { printedAt: now(), logo: await print.logo() },
      );
      const day = `${feedback.givenOn.slice(8, 10)}-${feedback.givenOn.slice(5, 7)}-${feedback.givenOn.slice(2, 4)}`;
      return { file, fileName: `Teilnahmenachweis_${feedback.id}_${day}.pdf` };
    },

    async create(actor: Actor, raw: CreateGroupFeedback): Promise<GroupFeedbackResult> {
      const input = createGroupFeedbackSchema.parse(raw);
      const today = berlinToday(now());
      const givenOn = input.givenOn ?? today;
      // One item per topic and kind; employees once each, in id order (the order every assignment writer uses).
      const items = [...new Map(input.items.map((i) => [`${i.topicId}:${i.type}`, i])).values()].sort(
        (a, b) => a.topicId - b.topicId || a.type.localeCompare(b.type),
      );
      const employeeIds = [...new Set(input.employeeIds)].sort((a, b) => a - b);
      if (items.length === 0 || employeeIds.length + input.newExternals.length === 0)
        throw new AppError('GROUP_FEEDBACK_EMPTY');
      if (items.filter((i) => i.type === 'checkup').length > 1)
        throw new AppError('GROUP_FEEDBACK_ONE_CHECKUP');
      if (givenOn > today)
        throw new AppError('GROUP_FEEDBACK_DATE_IN_FUTURE', {
          details: [
            { path: ['body', 'givenOn'], message: errorCatalogue.GROUP_FEEDBACK_DATE_IN_FUTURE.message },
          ],
        });
      const missing = input.newExternals.flatMap((person, index) =>
        NEW_EXTERNAL_REQUIRED.filter((field) => person[field] === '').map((field) => ({
          path: ['body', 'newExternals', index, field],
          message: groupFeedbackMessages.fieldRequired,
        })),
      );
      if (missing.length > 0) throw new AppError('GROUP_FEEDBACK_EXTERNAL_INCOMPLETE', { details: missing });

      return db.transaction(async (tx) => {
        const topicIds = [...new Set(items.map((i) => i.topicId))];
        const topics = new Map((await repository.topics(tx, topicIds)).map((t) => [t.id, t]));
        for (const id of topicIds) {
          const topic = topics.get(id);
          if (!topic || topic.portalId !== actor.portalId || topic.inactive)
            throw new AppError('GROUP_FEEDBACK_TOPIC_INVALID');
          if (topic.chained) throw new AppError('GROUP_FEEDBACK_CHAINED_TOPIC');
        }
        const errors: GroupFeedbackError[] = [];
        const mayExternal = actorHasAny(actor, P.TOPICS_EVALUATE_EXTERNAL);
        const reach = await reachOf(tx, actor);

        // Existing employees: whole-employee failures first.
        const found = new Map((await repository.employees(tx, employeeIds)).map((e) => [e.id, e]));
        const ready: FeedbackEmployee[] = [];
        for (const id of employeeIds) {
          const e = found.get(id);
          if (!e || e.portalId !== actor.portalId || !e.active) {
            errors.push(line('GROUP_FEEDBACK_EMPLOYEE_INVALID', { id, name: '', personnelNumber: '' }, null));
            continue;
          }
          const who = { id: e.id, name: e.name, personnelNumber: e.personnelNumber };
          const outOfReach = reach(e);
          if (outOfReach) errors.push(line(outOfReach, who, null));
          else if (e.isExternal && !mayExternal)
            errors.push(line('GROUP_FEEDBACK_EXTERNAL_NOT_PERMITTED', who, null));
          else ready.push(e);
        }

        // New external persons: created by the group feedback itself (they belong to no unit, so no reach rule).
        const numbers = input.newExternals.map((p) => p.personnelNumber);
        const taken = await repository.personnelNumbersTaken(tx, actor.portalId, numbers);
        const seen = new Set<string>();
        let createdEmployees = 0;
        for (const person of input.newExternals) {
          const who = {
            id: null,
            name: `${person.lastName}, ${person.firstName}`,
            personnelNumber: person.personnelNumber,
          };
          if (!mayExternal) {
            errors.push(line('GROUP_FEEDBACK_EXTERNAL_NOT_PERMITTED', who, null));
            continue;
          }
          if (taken.has(person.personnelNumber) || seen.has(person.personnelNumber)) {
            errors.push(line('GROUP_FEEDBACK_PERSONNEL_NUMBER_TAKEN', who, null));
            continue;
          }
          seen.add(person.personnelNumber);
          const id = await insertExternalPerson(
            tx,
            {
              portalId: actor.portalId,
              personnelNumber: person.personnelNumber,
              lastName: person.lastName,
              firstName: person.firstName,
              company: person.company,
            },
            actor.employeeId,
            'groupFeedback',
          );
          createdEmployees += 1;
          ready.push({
            id,
            portalId: actor.portalId,
            active: true,
            isExternal: true,
            departmentId: null,
            locationId: null,
            name: who.name,
            personnelNumber: person.personnelNumber,
            departmentName: null,
          });
        }
        ready.sort((a, b) => a.id - b.id);

        // Pairs: a booked appointment or a confirmation of the same day fails one pair.
        const readyIds = ready.map((e) => e.id);
        const unfinished = new Map(
          (await repository.unfinished(tx, readyIds, topicIds)).map((u) => [
            key(u.employeeId, u.topicId, u.type),
            u,
          ]),
        );
        const confirmed = await repository.confirmedOn(tx, readyIds, topicIds, givenOn);
        const toClose = new Map<number, number[]>(); // topic → assignment ids
        const toInsert: Parameters<GroupFeedbackRepository['insertAssignments']>[1] = [];
        const pairs: {
          employee: FeedbackEmployee;
          topic: FeedbackTopic;
          type: string;
          assignmentId?: number;
        }[] = [];
        for (const employee of ready) {
          const who = { id: employee.id, name: employee.name, personnelNumber: employee.personnelNumber };
          for (const item of items) {
            const topic = topics.get(item.topicId)!;
            const k = key(employee.id, topic.id, item.type);
            if (confirmed.has(k)) {
              errors.push(line('GROUP_FEEDBACK_ALREADY_CONFIRMED', who, topic));
              continue;
            }
            const open = unfinished.get(k);
            if (open?.status === 'T') {
              errors.push(line('GROUP_FEEDBACK_APPOINTMENT_BOOKED', who, topic));
              continue;
            }
            if (open) {
              toClose.set(topic.id, [...(toClose.get(topic.id) ?? []), open.id]);
              pairs.push({ employee, topic, type: item.type, assignmentId: open.id });
            } else {
              pairs.push({ employee, topic, type: item.type });
            }
          }
        }
        if (pairs.length === 0) return { feedbackId: null, confirmed: 0, createdEmployees, errors };

        // Validity from the topic (its validity, else its interval), counted from the day given.
        const validUntilOf = (topic: FeedbackTopic) => {
          const days = topic.durationDays ?? (topic.intervalDays > 0 ? topic.intervalDays : null);
          return days === null ? null : addDays(givenOn, days);
        };
        for (const [topicId, ids] of toClose)
          await repository.setDone(tx, ids, validUntilOf(topics.get(topicId)!), givenOn);
        for (const pair of pairs.filter((p) => p.assignmentId === undefined))
          toInsert.push({
            portalId: actor.portalId,
            employeeId: pair.employee.id,
            topicId: pair.topic.id,
            type: pair.type,
            status: 'E',
            completedOn: givenOn,
            dueDate: givenOn,
            originalDueDate: givenOn,
            validUntil: validUntilOf(pair.topic),
            durationDays: pair.topic.durationDays,
          });
        const inserted = await repository.insertAssignments(tx, toInsert);
        const insertedId = new Map(inserted.map((r) => [key(r.employeeId, r.topicId, r.type), r.id]));
        for (const pair of pairs)
          pair.assignmentId ??= insertedId.get(key(pair.employee.id, pair.topic.id, pair.type));
        // The interval brings the next open item, due an interval after the day given (as a passed run does).
        const next = await repository.insertAssignments(
          tx,
          pairs
            .filter((p) => p.topic.intervalDays > 0)
            .map((p) => {
              const due = addDays(givenOn, p.topic.intervalDays);
              return {
                portalId: actor.portalId,
                employeeId: p.employee.id,
                topicId: p.topic.id,
                type: p.type,
                status: 'O',
                dueDate: due,
                originalDueDate: due,
                durationDays: p.topic.durationDays,
              };
            }),
        );

        const feedbackId = await repository.insertFeedback(tx, {
          portalId: actor.portalId,
          instructorId: actor.employeeId,
          givenOn,
          note: input.note,
        });
        await repository.insertItems(
          tx,
          pairs.map((p) => ({
            portalId: actor.portalId,
            feedbackId,
            employeeId: p.employee.id,
            topicId: p.topic.id,
            type: p.type,
            givenOn,
            assignmentId: p.assignmentId ?? null,
          })),
        );
        await assignments.logChanges(tx, [
          ...pairs.map((p) => ({
            entity: 'instruction_assignment',
            entityId: p.assignmentId ?? 0,
            state:
              p.assignmentId && toClose.get(p.topic.id)?.includes(p.assignmentId)
                ? LOG_STATE.CHANGED
                : LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: {
              status: { from: null, to: 'E' },
              validUntil: { from: null, to: validUntilOf(p.topic) },
              groupFeedback: { from: null, to: feedbackId },
            },
          })),
          ...next.map((r) => ({
            entity: 'instruction_assignment',
            entityId: r.id,
            state: LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes: {
              status: { from: null, to: 'O' },
              followsFromGroupFeedback: { from: null, to: feedbackId },
            },
          })),
        ]);
        return { feedbackId, confirmed: pairs.length, createdEmployees, errors };
      });
    },
  };
}

export type GroupFeedbackService = ReturnType<typeof createGroupFeedbackService>;
