import type { Readable } from 'node:stream';
import {
  type CreateDocument,
  DOCUMENT_MAX_FILE_BYTES,
  type Document,
  type DocumentFileVersion,
  type DocumentLinkEntity,
  type DocumentListFilter,
  type documentFieldsSchema,
  type UpdateDocument,
} from '@schutzwerk/shared/documents/documents.schema.ts';
import { documentsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { namedFields } from '@schutzwerk/shared/update.ts';
import type { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { diffFields, LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import {
  type DocumentRecord,
  type DocumentsRepository,
  documentsRepository,
  type VersionRecord,
} from './documents.repository.ts';
import { checkUploadedFile } from './file-check.ts';
import type { FileStore } from './file-store.ts';

type Fields = z.output<typeof documentFieldsSchema>;
const FIELDS = [
  'label',
  'type',
  'docVersion',
  'revision',
  'responsibleId',
  'languages',
  'confidential',
  'isTemplate',
  'nextCheck',
  'checkInterval',
  'validFrom',
] as const satisfies readonly (keyof Fields)[];

/**
 * A record of another module documents can be attached to (decision 016, attach API). `location` is built
 * in; other modules register theirs in `documentsModule().linkTargets` (app.ts). An entity without a target
 * answers 404 (deny by default).
 */
export type DocumentLinkTarget = {
  /** Whether the record exists in the actor's portal and the actor may see it (false: 404). */
  canRead(ex: Executor, actor: Actor, entityId: number): Promise<boolean>;
  /** Whether the actor may attach or detach documents now; throws the refusal (404 when not readable). */
  assertCanChange(tx: Executor, actor: Actor, entityId: number): Promise<void>;
  /** After a link was added or removed, in the same transaction (the record's own bookkeeping). */
  onChanged?(
    tx: Executor,
    actor: Actor,
    event: { entityId: number; documentId: number; linked: boolean },
  ): Promise<void>;
  /**
   * Whether the record lets the actor record the check of a document linked to it, without the general
   * right DOCUMENTS_CHECK (e.g. HAZARDANALYSIS_DOCUMENT_CHECK on a readable assessment). Absent: never.
   */
  mayCheck?(ex: Executor, actor: Actor, entityId: number): Promise<boolean>;
};
export type DocumentLinkTargets = Partial<Record<DocumentLinkEntity, DocumentLinkTarget>>;

/**
 * A change of a document other modules follow (e.g. the document tasks of hazard assessments): its
 * fields changed, its check was recorded, or it was deleted. Runs in the writing transaction, after the
 * write; `links` are the document's links before the change (a deleted document has none left).
 */
export type DocumentChangeEvent = {
  documentId: number;
  reason: 'updated' | 'checked' | 'deleted';
  actorId: number;
  links: { entity: string; entityId: number }[];
};
export type DocumentChangeHook = (tx: Executor, event: DocumentChangeEvent) => Promise<void>;

/** The built-in link target: a location of the actor's portal (no further rights beyond the documents'). */
async function locationExists(ex: Executor, actor: Actor, id: number): Promise<boolean> {
  return documentsRepository.locationInPortal(ex, id, actor.portalId);
}
export const LOCATION_LINK_TARGET: DocumentLinkTarget = {
  canRead: locationExists,
  async assertCanChange(tx, actor, id) {
    if (!(await locationExists(tx, actor, id))) throw new AppError('NOT_FOUND');
  },
};

type Deps = {
  db: Db;
  repository: DocumentsRepository;
  files: FileStore;
  today?: () => string;
  /** The link targets (LINK_TARGETS): `location` plus what other modules register. */
  linkTargets?: DocumentLinkTargets;
  /** Hooks run after a document's fields, check or existence changed (same transaction). */
  onDocumentChanged?: DocumentChangeHook[];
};

export type UploadInput = { stream: Readable; fileName: string; version: number; comment: string | null };

function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean === '' ? 'datei' : clean;
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Today in Berlin (the product's dates are German calendar days). */
function berlinToday(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
}

/**
 * Rules of the document management (decision 016): documents belong to the actor's portal ("not found"
 * and "not yours" answer alike); file versions are append-only; release needs a PDF as current version;
 * a check needs a responsible person and a check date and moves the next check by the interval;
 * confidential files are served only with DOCUMENTS_CONFIDENTIAL; templates only with DOCUMENTS_TEMPLATES.
 */
export function createDocumentsService({
  db,
  repository,
  files,
  today = berlinToday,
  linkTargets = { location: LOCATION_LINK_TARGET },
  onDocumentChanged = [],
}: Deps) {
  function linkTarget(entity: DocumentLinkEntity): DocumentLinkTarget {
    const target = linkTargets[entity];
    if (!target) throw new AppError('NOT_FOUND');
    return target;
  }

  async function changed(tx: Executor, event: DocumentChangeEvent): Promise<void> {
    for (const hook of onDocumentChanged) await hook(tx, event);
  }

  async function load(ex: Executor, actor: Actor, id: number, lock?: 'update'): Promise<DocumentRecord> {
    const row = await repository.findById(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * Whether the actor may record the document's check: with DOCUMENTS_CHECK always; otherwise, for a reader
   * of documents (DOCUMENTS), when one linked record's target allows it (`mayCheck`).
   */
  async function mayCheck(ex: Executor, actor: Actor, documentId: number): Promise<boolean> {
    if (actorHasAny(actor, P.DOCUMENTS_CHECK)) return true;
    if (!actorHasAny(actor, P.DOCUMENTS)) return false;
    for (const link of await repository.linksOfDocument(ex, documentId)) {
      const target = linkTargets[link.entity as DocumentLinkEntity];
      if (target?.mayCheck && (await target.mayCheck(ex, actor, link.entityId))) return true;
    }
    return false;
  }

  /** A confidential document's file name, size and hash need DOCUMENTS_CONFIDENTIAL, like its content. */
  const fileHidden = (actor: Actor, confidential: boolean) =>
    confidential && !actorHasAny(actor, P.DOCUMENTS_CONFIDENTIAL);

  function toVersion(v: VersionRecord, hidden: boolean): DocumentFileVersion {
    return {
      id: v.id,
      number: v.number,
      fileName: hidden ? null : v.fileName,
      mimeType: v.mimeType,
      size: hidden ? null : v.size,
      hash: hidden ? null : v.fileHash,
      comment: v.comment,
      uploadedById: v.uploadedById,
      uploadedByName: v.uploadedByName,
      uploadedAt: v.uploadedAt.toISOString(),
    };
  }

  async function present(ex: Executor, actor: Actor, row: DocumentRecord): Promise<Document> {
    const hidden = fileHidden(actor, row.confidential);
    const versions = (await repository.versions(ex, row.id)).map((v) => toVersion(v, hidden));
    const names = await repository.employeeNames(ex, [
      row.responsibleId,
      row.releasedById,
      row.lastCheckedById,
    ]);
    const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
    return {
      id: row.id,
      portalId: row.portalId,
      label: row.label,
      type: row.type,
      docVersion: row.docVersion,
      revision: row.revision,
      responsibleId: row.responsibleId,
      responsibleName: name(row.responsibleId),
      responsible: await repository.employeeRef(ex, row.responsibleId),
      languages: row.languages,
      confidential: row.confidential,
      isTemplate: row.isTemplate,
      nextCheck: row.nextCheck,
      checkInterval: row.checkInterval,
      validFrom: row.validFrom,
      releasedAt: row.releasedAt?.toISOString() ?? null,
      releasedByName: name(row.releasedById),
      releasedVersionId: row.releasedVersionId,
      lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
      lastCheckedByName: name(row.lastCheckedById),
      currentVersion: versions.find((v) => v.id === row.currentVersionId) ?? null,
      versions: versions.reverse(),
      version: row.version,
      mayCheck: await mayCheck(ex, actor, row.id),
    };
  }

  async function checkFields(ex: Executor, actor: Actor, fields: Fields, before?: DocumentRecord) {
    if (fields.responsibleId !== null && fields.responsibleId !== before?.responsibleId) {
      if (!(await repository.employeeInPortal(ex, fields.responsibleId, actor.portalId))) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          message: documentsMessages.responsibleNotFound,
          details: [
            { path: ['body', 'responsibleId'], message: documentsMessages.fieldResponsibleFromPortal },
          ],
        });
      }
    }
    const templateChanged = before ? before.isTemplate !== fields.isTemplate : fields.isTemplate;
    if ((templateChanged || before?.isTemplate) && !actorHasAny(actor, P.DOCUMENTS_TEMPLATES)) {
      throw new AppError('NO_PERMISSION', {
        message: documentsMessages.templatesNeedRight,
      });
    }
    // Setting or clearing the flag decides who may read the file: only who may read confidential files.
    const confidentialChanged = before ? before.confidential !== fields.confidential : fields.confidential;
    if (confidentialChanged && !actorHasAny(actor, P.DOCUMENTS_CONFIDENTIAL))
      throw new AppError('DOCUMENT_CONFIDENTIAL_FLAG');
  }

  async function getIn(ex: Executor, actor: Actor, id: number): Promise<Document> {
    return present(ex, actor, await load(ex, actor, id));
  }

  return {
    async list(actor: Actor, query: DocumentListFilter) {
      const result = await repository.list(db, actor.portalId, query, today());
      return {
        ...result,
        rows: result.rows.map((r) => (fileHidden(actor, r.confidential) ? { ...r, fileName: null } : r)),
      };
    },

    get: (actor: Actor, id: number) => getIn(db, actor, id),

    async create(actor: Actor, input: CreateDocument & Fields): Promise<Document> {
      return db.transaction(async (tx) => {
        await checkFields(tx, actor, input);
        const row = await repository.insert(tx, { portalId: actor.portalId, ...pick(input) });
        await recordChange(tx, {
          entity: 'document',
          entityId: row.id,
          state: LOG_STATE.CREATED,
          actorId: actor.employeeId,
          changes: diffFields({} as Record<string, unknown>, pick(input), FIELDS),
        });
        return present(tx, actor, row);
      });
    },

    /** A partial update: fields left out (undefined) stay as stored (decision 024). */
    async update(actor: Actor, id: number, input: UpdateDocument & Partial<Fields> & { version: number }) {
      return db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.version !== input.version) throw new AppError('CONFLICT');
        const { version: _version, ...named } = namedFields(input);
        const merged = { ...pick(before as unknown as Fields), ...named } as Fields;
        await checkFields(tx, actor, merged, before);
        const patch = pick(merged);
        const changes = diffFields(before as unknown as Record<string, unknown>, patch, FIELDS);
        if (!(await repository.updateVersioned(tx, id, input.version, patch))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'document',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes,
        });
        await changed(tx, {
          documentId: id,
          reason: 'updated',
          actorId: actor.employeeId,
          links: await repository.linksOfDocument(tx, id),
        });
        return getIn(tx, actor, id);
      });
    },

    async remove(actor: Actor, id: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await load(tx, actor, id, 'update');
        if (before.isTemplate && !actorHasAny(actor, P.DOCUMENTS_TEMPLATES))
          throw new AppError('NO_PERMISSION');
        const links = await repository.linksOfDocument(tx, id);
        if (!(await repository.deleteVersioned(tx, id, version))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'document',
          entityId: id,
          state: LOG_STATE.DELETED,
          actorId: actor.employeeId,
        });
        await changed(tx, { documentId: id, reason: 'deleted', actorId: actor.employeeId, links });
      });
      // The stored contents stay: other versions or documents may share them (decision 016).
    },

    /**
     * Receives a file into the store (streamed, size-capped), checks its type, then adds it as the next
     * version in one transaction. A new version cancels an existing release.
     */
    async upload(actor: Actor, id: number, input: UploadInput): Promise<Document> {
      // Existence and scope first, so strangers' ids cost no disk writes.
      const found = await load(db, actor, id);
      if (found.isTemplate && !actorHasAny(actor, P.DOCUMENTS_TEMPLATES)) throw new AppError('NO_PERMISSION');
      if (found.version !== input.version) throw new AppError('CONFLICT');
      const fileName = safeFileName(input.fileName);
      const received = await files.receive(input.stream, DOCUMENT_MAX_FILE_BYTES);
      try {
        if (received.size === 0) throw new AppError('DOCUMENT_NO_FILE');
        const checked = await checkUploadedFile(received.tempPath, fileName);
        // The content goes to its final place before the row refers to it; an orphaned file (transaction
        // failed) is harmless and is reused by the next identical upload.
        await files.commit(received);
        return await db.transaction(async (tx) => {
          const row = await load(tx, actor, id, 'update');
          if (row.version !== input.version) throw new AppError('CONFLICT');
          await repository.ensureStoredFile(tx, {
            hash: received.hash,
            size: received.size,
            mimeType: checked.mimeType,
          });
          const number = await repository.nextVersionNumber(tx, id);
          const version = await repository.insertVersion(tx, {
            documentId: id,
            number,
            fileHash: received.hash,
            fileName,
            mimeType: checked.mimeType,
            size: received.size,
            comment: input.comment,
            uploadedById: actor.employeeId,
          });
          const patch = {
            currentVersionId: version.id,
            releasedAt: null,
            releasedById: null,
            releasedVersionId: null,
          };
          if (!(await repository.updateVersioned(tx, id, input.version, patch)))
            throw new AppError('CONFLICT');
          await recordChange(tx, {
            entity: 'document',
            entityId: id,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: {
              fileVersion: { from: number - 1, to: number },
              ...(row.releasedAt ? { released: { from: true, to: false } } : {}),
            },
          });
          return getIn(tx, actor, id);
        });
      } finally {
        await files.discard(received);
      }
    },

    /** The stored file of one version, for download; confidential documents need their right. */
    async file(actor: Actor, id: number, versionId: number) {
      const row = await load(db, actor, id);
      if (row.confidential && !actorHasAny(actor, P.DOCUMENTS_CONFIDENTIAL))
        throw new AppError('DOCUMENT_CONFIDENTIAL');
      const version = (await repository.versions(db, id)).find((v) => v.id === versionId);
      if (!version || !files.exists(version.fileHash)) throw new AppError('NOT_FOUND');
      return {
        stream: files.open(version.fileHash),
        fileName: version.fileName,
        mimeType: version.mimeType,
        size: version.size,
      };
    },

    async release(actor: Actor, id: number, version: number): Promise<Document> {
      return db.transaction(async (tx) => {
        const row = await load(tx, actor, id, 'update');
        if (row.version !== version) throw new AppError('CONFLICT');
        const current = (await repository.versions(tx, id)).find((v) => v.id === row.currentVersionId);
        if (current?.mimeType !== 'application/pdf') throw new AppError('DOCUMENT_RELEASE_NEEDS_PDF');
        const patch = {
          releasedAt: new Date(),
          releasedById: actor.employeeId,
          releasedVersionId: current.id,
        };
        if (!(await repository.updateVersioned(tx, id, version, patch))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'document',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            released: { from: row.releasedAt !== null, to: true },
            releasedFileVersion: { from: null, to: current.number },
          },
        });
        return getIn(tx, actor, id);
      });
    },

    /**
     * Records a document check: needs a responsible person and a check date; the next date moves by the
     * interval. Without DOCUMENTS_CHECK a linked record must allow it (`mayCheck`), else NO_PERMISSION.
     */
    async check(actor: Actor, id: number, version: number): Promise<Document> {
      return db.transaction(async (tx) => {
        const row = await load(tx, actor, id, 'update');
        if (!(await mayCheck(tx, actor, id))) throw new AppError('NO_PERMISSION');
        if (row.version !== version) throw new AppError('CONFLICT');
        if (row.responsibleId === null || row.nextCheck === null)
          throw new AppError('DOCUMENT_CHECK_INCOMPLETE');
        const interval = row.checkInterval ?? 0;
        const nextCheck = interval > 0 ? addDays(today(), interval) : null;
        const patch = { lastCheckedAt: new Date(), lastCheckedById: actor.employeeId, nextCheck };
        if (!(await repository.updateVersioned(tx, id, version, patch))) throw new AppError('CONFLICT');
        await recordChange(tx, {
          entity: 'document',
          entityId: id,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            nextCheck: { from: row.nextCheck, to: nextCheck },
            checked: { from: null, to: today() },
          },
        });
        await changed(tx, {
          documentId: id,
          reason: 'checked',
          actorId: actor.employeeId,
          links: await repository.linksOfDocument(tx, id),
        });
        return getIn(tx, actor, id);
      });
    },

    // ── links (the shared attach API) ──
    links: {
      /** The documents linked to a record the actor may see (404 otherwise: "not found" = "not yours"). */
      async list(actor: Actor, entity: DocumentLinkEntity, entityId: number): Promise<Document[]> {
        if (!(await linkTarget(entity).canRead(db, actor, entityId))) throw new AppError('NOT_FOUND');
        const rows = await repository.links(db, entity, entityId, actor.portalId);
        const out: Document[] = [];
        for (const r of rows) out.push(await getIn(db, actor, r.documentId));
        return out;
      },
      /** Attaches; the record's target decides whether the actor may (and does its bookkeeping). Idempotent. */
      async add(
        actor: Actor,
        entity: DocumentLinkEntity,
        entityId: number,
        documentId: number,
      ): Promise<void> {
        const target = linkTarget(entity);
        await db.transaction(async (tx) => {
          await load(tx, actor, documentId);
          await target.assertCanChange(tx, actor, entityId);
          if (
            await repository.insertLink(tx, { documentId, entity, entityId, createdById: actor.employeeId })
          ) {
            await recordChange(tx, {
              entity: 'document',
              entityId: documentId,
              state: LOG_STATE.CHANGED,
              actorId: actor.employeeId,
              changes: { link: { from: null, to: `${entity}:${entityId}` } },
            });
            await target.onChanged?.(tx, actor, { entityId, documentId, linked: true });
          }
        });
      },
      async remove(
        actor: Actor,
        entity: DocumentLinkEntity,
        entityId: number,
        documentId: number,
      ): Promise<void> {
        const target = linkTarget(entity);
        await db.transaction(async (tx) => {
          await load(tx, actor, documentId);
          await target.assertCanChange(tx, actor, entityId);
          if (!(await repository.deleteLink(tx, entity, entityId, documentId)))
            throw new AppError('NOT_FOUND');
          await recordChange(tx, {
            entity: 'document',
            entityId: documentId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { link: { from: `${entity}:${entityId}`, to: null } },
          });
          await target.onChanged?.(tx, actor, { entityId, documentId, linked: false });
        });
      },
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

function pick(input: Fields) {
  return {
    label: input.label,
    type: input.type,
    docVersion: input.docVersion,
    revision: input.revision,
    responsibleId: input.responsibleId,
    languages: input.languages,
    confidential: input.confidential,
    isTemplate: input.isTemplate,
    nextCheck: input.nextCheck,
    checkInterval: input.checkInterval,
    validFrom: input.validFrom,
  };
}
