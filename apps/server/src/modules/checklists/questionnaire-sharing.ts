import type { ChecklistRight } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  COLLECTION_LINK_STEPS,
  type CollectionLink,
  type CollectionLinkStep,
  isOpenLink,
  type SendCollection,
} from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import type { Segment } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { questionnaireSharingMessages } from '@schutzwerk/shared/errors.ts';
import type { ListQuery, ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { ChecklistsRepository, RightsSubject } from './checklists.repository.ts';
import type { ChecklistsService } from './checklists.service.ts';
import type { CollectionLinkMailer } from './questionnaire-link-mail.ts';
import {
  type QuestionnaireLinksRepository,
  statusNumber,
  statusOf,
} from './questionnaire-links.repository.ts';
import type { QuestionnaireRecord, QuestionnairesRepository } from './questionnaires.repository.ts';

/** What the actor may do with one segment of a questionnaire (decision 067). */
export type SegmentAccess = 'none' | 'read' | 'edit';

/** The segment rights alone: no entry = everyone fills; a matching entry sees, with `edit` fills. */
export function accessByRights(rights: readonly ChecklistRight[], subject: RightsSubject): SegmentAccess {
  if (rights.length === 0) return 'edit';
  const matching = rights.filter((r) =>
    r.kind === 'employee'
      ? r.id === subject.employeeId
      : r.kind === 'role'
        ? subject.roleIds.includes(r.id)
        : r.id === subject.locationId,
  );
  if (matching.length === 0) return 'none';
  return matching.some((r) => r.edit) ? 'edit' : 'read';
}

const LINK_ENTITY = 'questionnaire_link';
const LINK = 'questionnaires';

/**
 * Segment rights and collection links of questionnaires (decision 067). Segment rights are read from the
 * questionnaire's type as it is now (a changed right applies to running questionnaires; a segment the type
 * no longer has keeps the rights of the copy taken at the start). Administrators of questionnaire types
 * (COLLECTIONTREE_CONTROL) are not restricted; the recipient of a link fills the segment sent while the
 * link is open and reads it afterwards.
 */
export function createQuestionnaireSharing(deps: {
  db: Db;
  links: QuestionnaireLinksRepository;
  questionnaires: QuestionnairesRepository;
  checklistsRepository: ChecklistsRepository;
  checklists: ChecklistsService;
  /** The questionnaire as the actor may read it (CHECKLIST_COLLECTION_TREE_NOT_FOUND otherwise). */
  load: (ex: Executor, actor: Actor, id: number, lock?: boolean) => Promise<QuestionnaireRecord>;
  /** The mails of sent, rejected and done links (decision 070), in the step's transaction. */
  mail: CollectionLinkMailer;
}) {
  const { db, links, questionnaires, checklistsRepository, checklists, load, mail } = deps;

  /** The access of the actor to each segment of the questionnaire. */
  async function accessOf(
    ex: Executor,
    actor: Actor,
    row: QuestionnaireRecord,
  ): Promise<(key: number) => SegmentAccess> {
    if (actorHasAny(actor, P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL)) return () => 'edit';
    const type = await questionnaires.findType(ex, row.typeId);
    const live = new Map<number, Segment>((type?.segments ?? []).map((s) => [s.key, s]));
    const copy = new Map<number, Segment>(row.segments.map((s) => [s.key, s]));
    const restricted = [...copy.keys()].some((k) => ((live.get(k) ?? copy.get(k))?.rights ?? []).length > 0);
    const subject = restricted ? await checklistsRepository.rightsSubject(ex, actor.employeeId) : null;
    const mine = await links.ofRecipient(ex, row.id, actor.employeeId);
    return (key) => {
      const own = mine.filter((l) => l.segmentKey === key);
      if (own.some((l) => isOpenLink(statusOf(l.status)))) return 'edit';
      const rights = (live.get(key) ?? copy.get(key))?.rights ?? [];
      const byRights = subject === null || rights.length === 0 ? 'edit' : accessByRights(rights, subject);
      if (byRights === 'none' && own.length > 0) return 'read';
      return byRights;
    };
  }

  /** The access of the actor to each segment of a questionnaire type by its rights alone (the segment picker). */
  async function typeAccess(
    ex: Executor,
    actor: Actor,
    segments: readonly Segment[],
  ): Promise<(key: number) => SegmentAccess> {
    if (actorHasAny(actor, P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL)) return () => 'edit';
    const byKey = new Map(segments.map((s) => [s.key, s.rights ?? []]));
    const restricted = [...byKey.values()].some((r) => r.length > 0);
    const subject = restricted ? await checklistsRepository.rightsSubject(ex, actor.employeeId) : null;
    return (key) => {
      const rights = byKey.get(key) ?? [];
      return subject === null || rights.length === 0 ? 'edit' : accessByRights(rights, subject);
    };
  }

  /** The segment for `key`, or COLLECTION_LINK_SEGMENT_NOT_FOUND. */
  function segmentOf(row: QuestionnaireRecord, key: number): Segment {
    const segment = row.segments.find((s) => s.key === key);
    if (!segment) throw new AppError('COLLECTION_LINK_SEGMENT_NOT_FOUND');
    return segment;
  }

  /** Whether every checklist of the segment is done. */
  async function segmentDone(ex: Executor, row: QuestionnaireRecord, key: number): Promise<boolean> {
    for (const e of await questionnaires.entries(ex, row.id)) {
      if (e.segmentKey !== key) continue;
      const state = await checklists.stateOf(ex, e.checklistId, LINK, e.id);
      if (state?.status !== 'done') return false;
    }
    return true;
  }

  async function loadLink(ex: Executor, actor: Actor, questionnaireId: number, linkId: number, lock = false) {
    const row = await load(ex, actor, questionnaireId, lock);
    const link = await links.find(ex, linkId, lock);
    if (!link || link.questionnaireId !== row.id) throw new AppError('COLLECTION_LINK_NOT_FOUND');
    return { row, link };
  }

  return {
    accessOf,
    typeAccess,

    /** Right names of segment rights that must exist (roles and locations of the portal, pickable employees). */
    async assertRightsKnown(ex: Executor, actor: Actor, segments: readonly Segment[]) {
      for (const [index, segment] of segments.entries()) {
        const rights = segment.rights ?? [];
        if (rights.length === 0) continue;
        const names = await checklistsRepository.rightNames(
          ex,
          actor.portalId,
          rights.filter((r) => r.kind !== 'employee'),
        );
        const pickable = new Set(
          await checklistsRepository.pickableEmployees(
            ex,
            actor,
            rights.filter((r) => r.kind === 'employee').map((r) => r.id),
          ),
        );
        const unknown = rights.findIndex((r) =>
          r.kind === 'employee' ? !pickable.has(r.id) : !names.has(`${r.kind}:${r.id}`),
        );
        if (unknown >= 0)
          throw new AppError('INPUT_VALIDATION_ERROR', {
            message: questionnaireSharingMessages.rightGone,
            details: [
              {
                path: ['segments', index, 'rights', unknown],
                message: questionnaireSharingMessages.rightGone,
              },
            ],
          });
      }
    },

    /** Names of the segment rights of a type for its editor. */
    async rightNames(ex: Executor, portalId: number, segments: readonly Segment[]) {
      return checklistsRepository.rightNames(
        ex,
        portalId,
        segments.flatMap((s) => s.rights ?? []),
      );
    },

    /** The links of a questionnaire for the viewer. */
    ofQuestionnaire: (ex: Executor, id: number) => links.ofQuestionnaire(ex, id),

    /**
     * The list of links: of one questionnaire or of the portal for those who fill questionnaires; everyone
     * else sees only the links sent to them.
     */
    async list(
      actor: Actor,
      query: ListQuery & { questionnaireId?: number | undefined; mine: boolean; status: string },
    ): Promise<ListResult<CollectionLink>> {
      const all = actorHasAny(
        actor,
        P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT,
        P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL,
      );
      if (query.questionnaireId !== undefined) await load(db, actor, query.questionnaireId);
      return links.list(db, actor.portalId, query, {
        questionnaireId: query.questionnaireId,
        recipientId: query.mine || !all ? actor.employeeId : null,
        status: query.status === 'all' ? null : statusNumber(query.status as CollectionLink['status']),
      });
    },

    /** Sends a segment (its collection) to a person: status 0 sent. */
    async send(actor: Actor, id: number, input: SendCollection): Promise<CollectionLink> {
      const linkId = await db.transaction(async (tx) => {
        const row = await load(tx, actor, id, true);
        if (row.status === 'done') throw new AppError('QUESTIONNAIRE_DONE');
        segmentOf(row, input.segmentKey);
        if ((await accessOf(tx, actor, row))(input.segmentKey) !== 'edit')
          throw new AppError('QUESTIONNAIRE_SEGMENT_READ_ONLY');
        const [pickable] = await checklistsRepository.pickableEmployees(tx, actor, [input.employeeId]);
        if (pickable === undefined) throw new AppError('EMPLOYEE_NOT_FOUND');
        const existing = await links.ofRecipient(tx, id, input.employeeId);
        if (existing.some((l) => l.segmentKey === input.segmentKey && isOpenLink(statusOf(l.status))))
          throw new AppError('COLLECTION_LINK_EXISTS');
        const newId = await links.insert(tx, {
          questionnaireId: id,
          segmentKey: input.segmentKey,
          recipientId: input.employeeId,
          status: statusNumber('sent'),
          sentBy: actor.employeeId,
        });
        await questionnaires.logChange(tx, {
          entity: LINK_ENTITY,
          entityId: newId,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: {
            questionnaireId: { from: null, to: id },
            segmentKey: { from: null, to: input.segmentKey },
            recipientId: { from: null, to: input.employeeId },
          },
        });
        await mail(tx, actor, 'collectionSent', newId);
        return newId;
      });
      const link = await links.present(db, linkId);
      if (!link) throw new AppError('COLLECTION_LINK_NOT_FOUND');
      return link;
    },

    /**
     * A step of the recipient: sent → opened → in progress → rejected (with a reason) or done (every
     * checklist of the segment done); a rejection is possible from every open status.
     */
    async step(actor: Actor, id: number, linkId: number, input: CollectionLinkStep): Promise<CollectionLink> {
      await db.transaction(async (tx) => {
        const { row, link } = await loadLink(tx, actor, id, linkId, true);
        if (link.recipientId !== actor.employeeId) throw new AppError('COLLECTION_LINK_NOT_RECIPIENT');
        if (link.version !== input.version) throw new AppError('CONFLICT');
        if (row.status === 'done') throw new AppError('QUESTIONNAIRE_DONE');
        const from = statusOf(link.status);
        if (!COLLECTION_LINK_STEPS[from].includes(input.status))
          throw new AppError('COLLECTION_LINK_STATUS_INVALID');
        const reason = input.reason.trim();
        if (input.status === 'rejected' && reason === '')
          throw new AppError('COLLECTION_LINK_REASON_MISSING');
        if (input.status === 'done' && !(await segmentDone(tx, row, link.segmentKey)))
          throw new AppError('CHECKLIST_MANDATORY_UNDONE');
        const now = new Date();
        const values = {
          status: statusNumber(input.status),
          ...(input.status === 'opened' ? { openedAt: now } : {}),
          ...(input.status === 'in_progress' ? { startedAt: now } : {}),
          ...(input.status === 'rejected' || input.status === 'done' ? { finishedAt: now } : {}),
          ...(input.status === 'rejected' ? { reason } : {}),
        };
        if (!(await links.update(tx, link.id, input.version, values))) throw new AppError('CONFLICT');
        await questionnaires.logChange(tx, {
          entity: LINK_ENTITY,
          entityId: link.id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { status: { from, to: input.status } },
        });
        if (input.status === 'rejected' || input.status === 'done')
          await mail(
            tx,
            actor,
            input.status === 'rejected' ? 'collectionRejected' : 'collectionDone',
            link.id,
          );
      });
      const link = await links.present(db, linkId);
      if (!link) throw new AppError('COLLECTION_LINK_NOT_FOUND');
      return link;
    },

    /** A recipient's save in a segment sent to them moves the open link to „in progress“ (same transaction). */
    async startedBySave(tx: Executor, actor: Actor, questionnaireId: number, segmentKey: number) {
      const now = new Date();
      for (const l of await links.ofRecipient(tx, questionnaireId, actor.employeeId)) {
        const status = statusOf(l.status);
        if (l.segmentKey !== segmentKey || (status !== 'sent' && status !== 'opened')) continue;
        await links.update(tx, l.id, l.version, {
          status: statusNumber('in_progress'),
          openedAt: l.openedAt ?? now,
          startedAt: now,
        });
        await questionnaires.logChange(tx, {
          entity: LINK_ENTITY,
          entityId: l.id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { status: { from: status, to: 'in_progress' } },
        });
      }
    },
  };
}

export type QuestionnaireSharing = ReturnType<typeof createQuestionnaireSharing>;
