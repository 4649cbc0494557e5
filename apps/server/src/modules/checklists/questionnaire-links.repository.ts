import {
  COLLECTION_LINK_STATUSES,
  type CollectionLink,
  type CollectionLinkStatus,
} from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#db/client.ts';
import { employees } from '#modules/employees/tables.ts';
import { type ListSource, planList, runList } from '#platform/list.ts';
import { questionnaireLinks } from './questionnaire-links.table.ts';
import { questionnaires } from './questionnaires.table.ts';

export type LinkRecord = typeof questionnaireLinks.$inferSelect;
type ListQueryOf = Parameters<typeof planList>[1];

/** The stored number of a status (spec: 0 sent … 4 done) and back. */
export const statusNumber = (status: CollectionLinkStatus) => COLLECTION_LINK_STATUSES.indexOf(status);
export const statusOf = (n: number): CollectionLinkStatus => COLLECTION_LINK_STATUSES[n] ?? 'sent';

const recipient = alias(employees, 'recipient');
const sender = alias(employees, 'sender');
const segmentField = (field: 'label' | 'segment') =>
  sql<string>`coalesce((select s->>${field} from jsonb_array_elements(${questionnaires.segments}) s where (s->>'key')::int = ${questionnaireLinks.segmentKey} limit 1), '')`;

const source: ListSource<'sentAt' | 'status' | 'questionnaire' | 'recipient'> = {
  orderBy: {
    sentAt: questionnaireLinks.sentAt,
    status: questionnaireLinks.status,
    questionnaire: sql`lower(${questionnaires.title})`,
    recipient: [sql`lower(${recipient.lastName})`, sql`lower(${recipient.firstName})`],
  },
  defaultOrderBy: 'sentAt',
  tieBreaker: questionnaireLinks.id,
  searchText: sql`${questionnaires.title} || ' ' || ${recipient.lastName} || ' ' || ${recipient.firstName}`,
};

function select(ex: Executor) {
  return ex
    .select({
      id: questionnaireLinks.id,
      version: questionnaireLinks.version,
      questionnaireId: questionnaireLinks.questionnaireId,
      questionnaireTitle: questionnaires.title,
      segmentKey: questionnaireLinks.segmentKey,
      segmentLabel: segmentField('label'),
      segment: segmentField('segment'),
      recipientId: questionnaireLinks.recipientId,
      recipientName: sql<string>`${recipient.lastName} || ', ' || ${recipient.firstName}`,
      status: questionnaireLinks.status,
      sentByName: sql<string>`coalesce(${sender.lastName} || ', ' || ${sender.firstName}, '')`,
      sentAt: questionnaireLinks.sentAt,
      openedAt: questionnaireLinks.openedAt,
      startedAt: questionnaireLinks.startedAt,
      finishedAt: questionnaireLinks.finishedAt,
      reason: questionnaireLinks.reason,
    })
    .from(questionnaireLinks)
    .innerJoin(questionnaires, eq(questionnaires.id, questionnaireLinks.questionnaireId))
    .innerJoin(recipient, eq(recipient.id, questionnaireLinks.recipientId))
    .leftJoin(sender, eq(sender.id, questionnaireLinks.sentBy));
}
type Selected = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const present = (r: Selected): CollectionLink => ({
  ...r,
  status: statusOf(r.status),
  sentAt: r.sentAt.toISOString(),
  openedAt: r.openedAt?.toISOString() ?? null,
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** Data access of collection links (decision 067): no rules, no text. */
export const questionnaireLinksRepository = {
  async list(
    ex: Executor,
    portalId: number,
    query: ListQueryOf,
    filters: { questionnaireId?: number | undefined; recipientId: number | null; status: number | null },
  ) {
    const conditions: (SQL | undefined)[] = [
      eq(questionnaires.portalId, portalId),
      filters.questionnaireId === undefined
        ? undefined
        : eq(questionnaireLinks.questionnaireId, filters.questionnaireId),
      filters.recipientId === null ? undefined : eq(questionnaireLinks.recipientId, filters.recipientId),
      filters.status === null ? undefined : eq(questionnaireLinks.status, filters.status),
    ];
    const plan = planList(source, query, conditions);
    return runList<CollectionLink>(plan, {
      rows: async (p) =>
        (
          await select(ex)
            .where(p.where)
            .orderBy(...p.orderBy)
            .limit(p.limit)
            .offset(p.offset)
        ).map(present),
      count: async (where) => {
        const [row] = await ex
          .select({ n: sql<number>`count(*)::int` })
          .from(questionnaireLinks)
          .innerJoin(questionnaires, eq(questionnaires.id, questionnaireLinks.questionnaireId))
          .innerJoin(recipient, eq(recipient.id, questionnaireLinks.recipientId))
          .where(where);
        return row?.n ?? 0;
      },
    });
  },

  async ofQuestionnaire(ex: Executor, questionnaireId: number): Promise<CollectionLink[]> {
    return (
      await select(ex)
        .where(eq(questionnaireLinks.questionnaireId, questionnaireId))
        .orderBy(asc(questionnaireLinks.sentAt), asc(questionnaireLinks.id))
    ).map(present);
  },

  async present(ex: Executor, id: number): Promise<CollectionLink | undefined> {
    const [row] = await select(ex).where(eq(questionnaireLinks.id, id));
    return row ? present(row) : undefined;
  },

  async find(ex: Executor, id: number, lock = false): Promise<LinkRecord | undefined> {
    const q = ex.select().from(questionnaireLinks).where(eq(questionnaireLinks.id, id));
    const [row] = await (lock ? q.for('update') : q);
    return row;
  },

  /** The links of one person in a questionnaire. */
  async ofRecipient(ex: Executor, questionnaireId: number, recipientId: number): Promise<LinkRecord[]> {
    return ex
      .select()
      .from(questionnaireLinks)
      .where(
        and(
          eq(questionnaireLinks.questionnaireId, questionnaireId),
          eq(questionnaireLinks.recipientId, recipientId),
        ),
      );
  },

  /** Address, name and language of an active employee for a link mail (decision 070). */
  async contact(ex: Executor, employeeId: number) {
    const [row] = await ex
      .select({
        email: employees.email,
        firstName: employees.firstName,
        lastName: employees.lastName,
        language: employees.language,
      })
      .from(employees)
      .where(and(eq(employees.id, employeeId), eq(employees.active, true)));
    return row;
  },

  async insert(ex: Executor, values: typeof questionnaireLinks.$inferInsert): Promise<number> {
    const [row] = await ex.insert(questionnaireLinks).values(values).returning({ id: questionnaireLinks.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(
    ex: Executor,
    id: number,
    version: number,
    values: Partial<Pick<LinkRecord, 'status' | 'openedAt' | 'startedAt' | 'finishedAt' | 'reason'>>,
  ): Promise<boolean> {
    const rows = await ex
      .update(questionnaireLinks)
      .set({ ...values, version: sql`${questionnaireLinks.version} + 1`, updatedAt: new Date() })
      .where(and(eq(questionnaireLinks.id, id), eq(questionnaireLinks.version, version)))
      .returning({ id: questionnaireLinks.id });
    return rows.length > 0;
  },
};

export type QuestionnaireLinksRepository = typeof questionnaireLinksRepository;
