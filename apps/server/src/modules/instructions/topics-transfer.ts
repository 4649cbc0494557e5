import { topicsFileMessages } from '@schutzwerk/shared/errors.ts';
import {
  type FileTopic,
  type ImportTopicEntry,
  type ImportTopics,
  type ImportTopicsResult,
  importTopicsSchema,
  type QuestionOverviewQuery,
  TOPIC_FILE_FIELD_LABELS,
  TOPICS_FILE_KIND,
  type TopicFileField,
  topicsFileSchema,
} from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import { analyzeTables } from '#db/maintenance.ts';
import type { Actor } from '#platform/access.ts';
import { diffFields, LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { InstructionsRepository, QuestionInsert, TopicRecord } from './instructions.repository.ts';
import { QUESTION_FIELDS } from './instructions.service.ts';
import { instructionQuestions, instructionTopics } from './instructions.table.ts';
import type { QuestionRow, TopicsTransferRepository } from './topics-transfer.repository.ts';

/** The content fields a file sets (not status, effectiveness or the chain, which is resolved separately). */
const CONTENT_FIELDS = [
  'label',
  'number',
  'departmentId',
  'dueDate',
  'validFrom',
  'validUntil',
  'intervalDays',
  'mode',
  'minScore',
  'poolCount',
  'durationDays',
  'minutes',
  'inactive',
] as const satisfies readonly TopicFileField[];

type Detail = { path: (string | number)[]; message: string };
type QuestionValues = Pick<QuestionInsert, (typeof QUESTION_FIELDS)[number]> & { number: number };
type ContentValues = Pick<TopicRecord, (typeof CONTENT_FIELDS)[number]>;

/** What the import does with one topic of the file, with what it needs to write it. */
type Step = ImportTopicEntry & {
  index: number;
  key: string;
  values: ContentValues;
  existing: TopicRecord | undefined;
  /** The superior topic's key (lower-case identifier) after the import; undefined: the chain stays. */
  parentKey: string | null | undefined;
  questionsToInsert: QuestionValues[];
  questionsToUpdate: { id: number; values: QuestionValues }[];
  changes: Record<string, { from: unknown; to: unknown }>;
};

const keyOf = (identifier: string) => identifier.trim().toLowerCase();

function questionValues(q: FileTopic['questions'][number]): QuestionValues {
  return {
    number: q.number,
    text: q.text,
    answers: q.answers.map((a) => ({ text: a.text, right: a.right })),
    mandatory: q.mandatory,
    slideFrom: q.slideFrom,
    slideTo: q.slideTo,
    pageFrom: q.pageFrom,
    pageTo: q.pageTo,
    secondFrom: q.secondFrom,
    secondTo: q.secondTo,
    rightMessage: q.rightMessage,
    wrongMessage: q.wrongMessage,
  };
}

const sameQuestion = (a: QuestionRow, b: QuestionValues) =>
  QUESTION_FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

function exportFileName(now: Date): string {
  return `unterweisungen-${now.toISOString().slice(0, 10)}.unterweisungen.json`;
}

/**
 * Export and import of instruction topics with their questions as a JSON file (decision 043). The import is
 * previewed first (what is created, what is updated field by field, which questions are added, changed or
 * kept) and runs all or nothing: a file that would break a rule — an unknown superior topic, a chain that
 * forks or closes, an interval below the first topic, a pool below the mandatory questions — is refused with
 * the place of each problem, and nothing is written.
 */
export function createTopicsTransfer({
  db,
  repository,
  topics,
}: {
  db: Db;
  repository: TopicsTransferRepository;
  topics: InstructionsRepository;
}) {
  function parseFile(content: string): FileTopic[] {
    if (content.trim() === '') throw new AppError('TOPIC_FILE_EMPTY');
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new AppError('TOPIC_FILE_INVALID');
    }
    const raw = (json as { topics?: unknown } | null)?.topics;
    if (typeof json === 'object' && json !== null && (raw === undefined || raw === null))
      throw new AppError('TOPIC_FILE_EMPTY');
    if (Array.isArray(raw) && raw.length === 0) throw new AppError('TOPIC_FILE_EMPTY');
    const parsed = topicsFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('TOPIC_FILE_INVALID', {
        details: parsed.error.issues.map((i) => ({
          path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
          message: i.message,
        })),
      });
    }
    const seen = new Set<string>();
    const twice: Detail[] = [];
    parsed.data.topics.forEach((t, i) => {
      if (seen.has(keyOf(t.identifier)))
        twice.push({
          path: ['topics', i, 'identifier'],
          message: topicsFileMessages.identifierTwice(t.identifier),
        });
      seen.add(keyOf(t.identifier));
    });
    if (twice.length > 0) throw new AppError('TOPIC_FILE_INVALID', { details: twice });
    return parsed.data.topics;
  }

  /** Works out every step and checks the result; throws TOPIC_FILE_INVALID with all problems found. */
  async function plan(ex: Executor, actor: Actor, file: FileTopic[], update: boolean): Promise<Step[]> {
    const existing = await repository.topicsByIdentifiers(
      ex,
      actor.portalId,
      file.map((t) => t.identifier),
    );
    const byKey = new Map(existing.map((t) => [keyOf(t.identifier), t]));
    const questionsOf = new Map<number, QuestionRow[]>();
    for (const q of await repository.questionsOf(
      ex,
      existing.map((t) => t.id),
    ))
      questionsOf.set(q.topicId, [...(questionsOf.get(q.topicId) ?? []), q]);
    const departments = await repository.departmentsByName(ex, actor.portalId);
    const chains = await repository.chains(ex, actor.portalId);
    const portalKeyById = new Map(chains.map((c) => [c.id, keyOf(c.identifier)]));
    const details: Detail[] = [];

    const steps: Step[] = file.map((ft, index) => {
      const key = keyOf(ft.identifier);
      const current = byKey.get(key);
      const notes: string[] = [];
      let departmentId: number | null = null;
      if (ft.department !== null && ft.department !== '') {
        const found = departments.get(ft.department.toLowerCase());
        if (typeof found === 'number') departmentId = found;
        else if (current) {
          departmentId = current.departmentId;
          notes.push(topicsFileMessages.departmentKept(ft.department));
        } else
          notes.push(
            found === null
              ? topicsFileMessages.departmentAmbiguous(ft.department)
              : topicsFileMessages.departmentMissing(ft.department),
          );
      }
      const values: ContentValues = {
        label: ft.label,
        number: ft.number,
        departmentId,
        dueDate: ft.dueDate,
        validFrom: ft.validFrom,
        validUntil: ft.validUntil,
        intervalDays: ft.intervalDays,
        mode: ft.mode,
        minScore: ft.mode === 3 ? ft.minScore : null,
        poolCount: ft.poolCount,
        durationDays: ft.durationDays,
        minutes: ft.minutes,
        inactive: ft.inactive,
      };
      const fileQuestions = ft.questions.map(questionValues);
      const base = {
        index,
        key,
        identifier: current?.identifier ?? ft.identifier,
        label: ft.label,
        topicId: current?.id ?? null,
        values,
        existing: current,
        notes,
        changes: {} as Step['changes'],
      };
      if (!current) {
        return {
          ...base,
          action: 'create' as const,
          changedFields: [],
          parentKey: ft.parentIdentifier ? keyOf(ft.parentIdentifier) : null,
          questionsAdded: fileQuestions.length,
          questionsChanged: 0,
          questionsKept: 0,
          questionsToInsert: fileQuestions,
          questionsToUpdate: [],
        };
      }
      if (!update) {
        notes.push(topicsFileMessages.skipped);
        return {
          ...base,
          label: current.label,
          action: 'skip' as const,
          changedFields: [],
          parentKey: undefined,
          questionsAdded: 0,
          questionsChanged: 0,
          questionsKept: 0,
          questionsToInsert: [],
          questionsToUpdate: [],
        };
      }
      const changes = diffFields(current, values, CONTENT_FIELDS) as Step['changes'];
      const currentParentKey =
        current.parentId === null ? null : (portalKeyById.get(current.parentId) ?? null);
      const parentKey = ft.parentIdentifier ? keyOf(ft.parentIdentifier) : null;
      if (parentKey !== currentParentKey) changes.parentId = { from: currentParentKey, to: parentKey };
      const have = questionsOf.get(current.id) ?? [];
      const haveByNumber = new Map(have.map((q) => [q.number, q]));
      const questionsToInsert = fileQuestions.filter((q) => !haveByNumber.has(q.number));
      const questionsToUpdate = fileQuestions
        .filter((q) => {
          const old = haveByNumber.get(q.number);
          return old !== undefined && !sameQuestion(old, q);
        })
        .map((q) => ({ id: haveByNumber.get(q.number)!.id, values: q }));
      const inFile = new Set(fileQuestions.map((q) => q.number));
      const questionsKept = have.filter((q) => !inFile.has(q.number)).length;
      if (questionsKept > 0) notes.push(topicsFileMessages.questionsKept(questionsKept));
      const changed =
        Object.keys(changes).length > 0 || questionsToInsert.length > 0 || questionsToUpdate.length > 0;
      return {
        ...base,
        action: changed ? ('update' as const) : ('unchanged' as const),
        changes,
        changedFields: Object.keys(changes).map((f) => TOPIC_FILE_FIELD_LABELS[f as TopicFileField]),
        parentKey: parentKey === currentParentKey ? undefined : parentKey,
        questionsAdded: questionsToInsert.length,
        questionsChanged: questionsToUpdate.length,
        questionsKept,
        questionsToInsert,
        questionsToUpdate,
      };
    });

    // The chains after the import: every topic of the portal and of the file, by key.
    const parentOf = new Map<string, string | null>();
    for (const c of chains)
      parentOf.set(keyOf(c.identifier), c.parentId === null ? null : (portalKeyById.get(c.parentId) ?? null));
    for (const s of steps)
      if (s.action === 'create' || s.parentKey !== undefined) parentOf.set(s.key, s.parentKey ?? null);
    const known = new Set(parentOf.keys());
    const fileOf = new Map(file.map((t, i) => [keyOf(t.identifier), i]));
    for (const s of steps) {
      if (s.action === 'skip') continue;
      const at = (field: string) => ['topics', s.index, field];
      const parent = parentOf.get(s.key) ?? null;
      const ft = file[s.index]!;
      if (s.existing?.released && s.parentKey !== undefined)
        details.push({
          path: at('parentIdentifier'),
          message: topicsFileMessages.releasedChain(s.identifier),
        });
      if (parent !== null) {
        if (parent === s.key)
          details.push({ path: at('parentIdentifier'), message: topicsFileMessages.parentSelf });
        else if (!known.has(parent))
          details.push({
            path: at('parentIdentifier'),
            message: topicsFileMessages.parentMissing(ft.parentIdentifier ?? parent),
          });
        if (s.values.intervalDays !== 0)
          details.push({ path: at('intervalDays'), message: topicsFileMessages.intervalNotFirst });
      }
      // Walk up: a chain that comes back to this topic closes a circle.
      const visited = new Set([s.key]);
      for (let up = parent; up !== null && up !== undefined; up = parentOf.get(up) ?? null) {
        if (visited.has(up)) {
          if (up === s.key && parent !== s.key)
            details.push({ path: at('parentIdentifier'), message: topicsFileMessages.parentCycle });
          break;
        }
        visited.add(up);
      }
      // The pool against the mandatory questions after the import.
      const kept = s.existing
        ? (questionsOf.get(s.existing.id) ?? []).filter(
            (q) => !s.questionsToUpdate.some((u) => u.id === q.id) && q.mandatory,
          ).length
        : 0;
      const mandatory =
        kept +
        s.questionsToInsert.filter((q) => q.mandatory).length +
        s.questionsToUpdate.filter((u) => u.values.mandatory).length;
      if (s.values.poolCount !== null && s.values.poolCount < mandatory)
        details.push({
          path: at('poolCount'),
          message: topicsFileMessages.poolBelowMandatory(s.values.poolCount, mandatory),
        });
    }
    // One subordinate per topic.
    const childrenOf = new Map<string, string[]>();
    for (const [child, parent] of parentOf)
      if (parent) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), child]);
    for (const [parent, children] of childrenOf) {
      if (children.length < 2) continue;
      for (const child of children) {
        const index = fileOf.get(child);
        const step = index === undefined ? undefined : steps[index];
        if (step && step.action !== 'skip' && (step.action === 'create' || step.parentKey !== undefined))
          details.push({
            path: ['topics', index!, 'parentIdentifier'],
            message: topicsFileMessages.parentTaken(parent, step.identifier),
          });
      }
    }
    if (details.length > 0) throw new AppError('TOPIC_FILE_INVALID', { details });
    return steps;
  }

  function result(steps: Step[]): ImportTopicsResult {
    const count = (action: ImportTopicEntry['action']) => steps.filter((s) => s.action === action).length;
    return {
      topics: steps.map((s) => ({
        identifier: s.identifier,
        label: s.label,
        action: s.action,
        topicId: s.topicId,
        changedFields: s.changedFields,
        questionsAdded: s.questionsAdded,
        questionsChanged: s.questionsChanged,
        questionsKept: s.questionsKept,
        notes: s.notes,
      })),
      created: count('create'),
      updated: count('update'),
      unchanged: count('unchanged'),
      skipped: count('skip'),
    };
  }

  return {
    /** The question overview: every question of the portal's topics (list protocol). */
    questions(actor: Actor, query: QuestionOverviewQuery) {
      return repository.questionList(db, actor.portalId, query);
    },

    /** The topics the list shows for this search and filters, with their questions, as a file. */
    async exportFile(
      actor: Actor,
      query: { search?: string | undefined; released?: boolean | undefined; inactive?: boolean | undefined },
    ) {
      const { topics: rows, questions } = await repository.forExport(db, actor.portalId, query);
      const questionsOf = new Map<number, QuestionRow[]>();
      for (const q of questions) questionsOf.set(q.topicId, [...(questionsOf.get(q.topicId) ?? []), q]);
      const now = new Date();
      return {
        fileName: exportFileName(now),
        content: JSON.stringify(
          {
            kind: TOPICS_FILE_KIND,
            formatVersion: 1,
            exportedAt: now.toISOString(),
            topics: rows.map((t) => ({
              identifier: t.identifier,
              label: t.label,
              number: t.number,
              department: t.departmentName,
              dueDate: t.dueDate,
              validFrom: t.validFrom,
              validUntil: t.validUntil,
              intervalDays: t.intervalDays,
              mode: t.mode,
              minScore: t.minScore,
              poolCount: t.poolCount,
              durationDays: t.durationDays,
              minutes: t.minutes,
              inactive: t.inactive,
              parentIdentifier: t.parentIdentifier,
              questions: (questionsOf.get(t.id) ?? []).map((q) => ({
                number: q.number,
                text: q.text,
                answers: q.answers,
                mandatory: q.mandatory,
                slideFrom: q.slideFrom,
                slideTo: q.slideTo,
                pageFrom: q.pageFrom,
                pageTo: q.pageTo,
                secondFrom: q.secondFrom,
                secondTo: q.secondTo,
                rightMessage: q.rightMessage,
                wrongMessage: q.wrongMessage,
              })),
            })),
          },
          null,
          2,
        ),
      };
    },

    /** What the import would do, topic by topic; writes nothing. Refuses the same files the import refuses. */
    async preview(actor: Actor, raw: ImportTopics): Promise<ImportTopicsResult> {
      const input = importTopicsSchema.parse(raw);
      const file = parseFile(input.content);
      return result(await plan(db, actor, file, input.update));
    },

    /** Imports the file in one transaction, or nothing. New topics come in locked. */
    async importFile(actor: Actor, raw: ImportTopics): Promise<ImportTopicsResult> {
      const input = importTopicsSchema.parse(raw);
      const file = parseFile(input.content);
      const answer = await db.transaction(async (tx) => {
        const steps = await plan(tx, actor, file, input.update);
        const idOf = new Map<string, number>();
        for (const c of await repository.chains(tx, actor.portalId)) idOf.set(keyOf(c.identifier), c.id);
        for (const s of steps) {
          if (s.action === 'create') {
            const row = await topics.insertTopic(tx, {
              portalId: actor.portalId,
              identifier: file[s.index]!.identifier,
              ...s.values,
              effectiveness: 0,
              released: false,
              parentId: null,
            });
            idOf.set(s.key, row.id);
            s.topicId = row.id;
            await topics.insertQuestions(
              tx,
              s.questionsToInsert.map((q) => ({ ...q, topicId: row.id })),
            );
            await topics.logChange(tx, {
              entity: 'instruction_topic',
              entityId: row.id,
              state: LOG_STATE.IMPORT,
              actorId: actor.employeeId,
              changes: {
                ...diffFields({} as Record<string, unknown>, s.values, CONTENT_FIELDS),
                questions: { from: 0, to: s.questionsToInsert.length },
              },
            });
          } else if (s.action === 'update' && s.existing) {
            const { parentId: _parent, ...fieldChanges } = s.changes;
            if (
              Object.keys(fieldChanges).length > 0 ||
              s.questionsToInsert.length + s.questionsToUpdate.length > 0
            ) {
              if (!(await topics.updateTopicVersioned(tx, s.existing.id, s.existing.version, s.values)))
                throw new AppError('CONFLICT');
            }
            for (const u of s.questionsToUpdate) await repository.updateQuestion(tx, u.id, u.values);
            await topics.insertQuestions(
              tx,
              s.questionsToInsert.map((q) => ({ ...q, topicId: s.existing!.id })),
            );
            await topics.logChange(tx, {
              entity: 'instruction_topic',
              entityId: s.existing.id,
              state: LOG_STATE.IMPORT,
              actorId: actor.employeeId,
              changes: {
                ...s.changes,
                ...(s.questionsToInsert.length + s.questionsToUpdate.length > 0
                  ? {
                      questions: {
                        from: `${s.questionsChanged} geändert`,
                        to: `${s.questionsAdded} neu`,
                      },
                    }
                  : {}),
              },
            });
          }
        }
        // The chains last: every topic they name exists now.
        for (const s of steps) {
          if (s.action === 'skip' || s.action === 'unchanged' || s.parentKey === undefined) continue;
          if (s.action === 'create' && s.parentKey === null) continue;
          await repository.setParent(
            tx,
            idOf.get(s.key)!,
            s.parentKey === null ? null : idOf.get(s.parentKey)!,
          );
        }
        return result(steps);
      });
      // A bulk write: fresh planner statistics (decision 035).
      await analyzeTables(db, [instructionTopics, instructionQuestions]);
      return answer;
    },
  };
}

export type TopicsTransfer = ReturnType<typeof createTopicsTransfer>;
