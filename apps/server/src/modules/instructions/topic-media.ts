import fs from 'node:fs';
import type { Readable } from 'node:stream';
import {
  PRESENTATION_MAX_BYTES,
  QUESTION_IMAGE_MAX_BYTES,
  type Topic,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { fileTypeFromFile } from 'file-type';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { InstructionsRepository } from './instructions.repository.ts';

/** A file received into the documents' store (its temporary folder), hashed on the way. */
export type ReceivedFile = { tempPath: string; hash: string; size: number };

/**
 * What the topic files need of the documents' content-addressed store (decision 016), handed over in app.ts:
 * receive a stream size-capped, commit it under its hash, register it in `stored_files`, open it again.
 */
export type MediaFiles = {
  receive(source: Readable, maxBytes: number): Promise<ReceivedFile>;
  commit(file: ReceivedFile): Promise<void>;
  discard(file: ReceivedFile): Promise<void>;
  exists(hash: string): boolean;
  open(hash: string): fs.ReadStream;
  register(ex: Executor, file: { hash: string; size: number; mimeType: string }): Promise<void>;
};

/** The image types a question accepts: what file-type sniffs → the MIME type stored and served. */
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A served file: the stream, its type and the name to give. */
export type ServedFile = { stream: fs.ReadStream; mimeType: string; fileName: string };

/** The pages of a PDF (pdf.js, as the browser's viewer will read it); DAMAGED when it cannot be read. */
export async function countPdfPages(file: string): Promise<number> {
  const data = new Uint8Array(await fs.promises.readFile(file));
  try {
    const pdf = await getDocument({ data, verbosity: 0, isEvalSupported: false, disableFontFace: true })
      .promise;
    try {
      return pdf.numPages;
    } finally {
      await pdf.destroy();
    }
  } catch {
    throw new AppError('TOPIC_PRESENTATION_DAMAGED');
  }
}

/** The file name as given, without folders and control characters (a fallback when empty). */
function cleanName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean === '' ? fallback : clean;
}

/**
 * The files of a topic (decision 044): its presentation (a PDF, shown page by page in the run-through; right
 * TOPICS_EDIT) and one image per question (PNG, JPEG or WebP; right TOPICS_QUESTIONS). Both live in the documents'
 * content-addressed store; the topic and the question keep the hash. Uploads stream to disk size-capped, the type
 * is sniffed from the content, the record's version guards against stale writes, and each change is logged.
 * Reading needs TOPICS and the topic in the caller's portal.
 */
export function createTopicMediaService(deps: {
  db: Db;
  repository: InstructionsRepository;
  files: MediaFiles;
  present: (ex: Executor, actor: Actor, topicId: number) => Promise<Topic>;
}) {
  const { db, repository, files } = deps;

  async function topicOf(ex: Executor, actor: Actor, id: number, lock?: 'update') {
    const row = await repository.findTopic(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
    return row;
  }

  async function questionOf(ex: Executor, actor: Actor, topicId: number, questionId: number) {
    await topicOf(ex, actor, topicId);
    const question = await repository.findQuestion(ex, topicId, questionId);
    if (!question) throw new AppError('NOT_FOUND');
    return question;
  }

  /**
   * Receives the upload; a too large one answers the caller's own code — at once when the request declares its
   * length (browsers do for a file), else when the stream passes the limit.
   */
  async function receive(
    input: { stream: Readable; declaredSize?: number | undefined },
    maxBytes: number,
    tooLarge: 'TOPIC_PRESENTATION_TOO_LARGE' | 'QUESTION_IMAGE_TOO_LARGE',
  ) {
    if (input.declaredSize !== undefined && input.declaredSize > maxBytes) throw new AppError(tooLarge);
    const stream = input.stream;
    let received: ReceivedFile;
    try {
      received = await files.receive(stream, maxBytes);
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') throw new AppError(tooLarge);
      throw error;
    }
    if (received.size === 0) {
      await files.discard(received);
      throw new AppError('TOPIC_FILE_MISSING');
    }
    return received;
  }

  function served(hash: string, mimeType: string, fileName: string): ServedFile {
    if (!files.exists(hash)) throw new AppError('NOT_FOUND');
    return { stream: files.open(hash), mimeType, fileName };
  }

  return {
    /** Sets or replaces the presentation (PDF only; its pages are counted here). */
    async uploadPresentation(
      actor: Actor,
      topicId: number,
      input: {
        stream: Readable;
        declaredSize?: number | undefined;
        fileName?: string | undefined;
        version: number;
      },
    ): Promise<Topic> {
      const found = await topicOf(db, actor, topicId);
      if (found.version !== input.version) throw new AppError('CONFLICT');
      const received = await receive(input, PRESENTATION_MAX_BYTES, 'TOPIC_PRESENTATION_TOO_LARGE');
      try {
        const sniffed = await fileTypeFromFile(received.tempPath);
        if (sniffed?.ext !== 'pdf') throw new AppError('TOPIC_PRESENTATION_NOT_PDF');
        const pages = await countPdfPages(received.tempPath);
        if (pages < 1) throw new AppError('TOPIC_PRESENTATION_DAMAGED');
        const fileName = cleanName(input.fileName, 'Praesentation.pdf');
        await files.commit(received);
        return await db.transaction(async (tx) => {
          const before = await topicOf(tx, actor, topicId, 'update');
          await files.register(tx, { hash: received.hash, size: received.size, mimeType: 'application/pdf' });
          const patch = {
            presentationHash: received.hash,
            presentationName: fileName,
            presentationPages: pages,
          };
          if (!(await repository.updateTopicVersioned(tx, topicId, input.version, patch)))
            throw new AppError('CONFLICT');
          await repository.logChange(tx, {
            entity: 'instruction_topic',
            entityId: topicId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: {
              presentation: { from: before.presentationName, to: fileName },
              presentationPages: { from: before.presentationPages, to: pages },
            },
          });
          return deps.present(tx, actor, topicId);
        });
      } finally {
        await files.discard(received);
      }
    },

    /** Removes the presentation from the topic (the stored content stays: others may share it). */
    async removePresentation(actor: Actor, topicId: number, version: number): Promise<Topic> {
      return db.transaction(async (tx) => {
        const before = await topicOf(tx, actor, topicId, 'update');
        if (before.version !== version) throw new AppError('CONFLICT');
        if (before.presentationHash === null) throw new AppError('NOT_FOUND');
        const patch = { presentationHash: null, presentationName: null, presentationPages: null };
        if (!(await repository.updateTopicVersioned(tx, topicId, version, patch)))
          throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_topic',
          entityId: topicId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { presentation: { from: before.presentationName, to: null } },
        });
        return deps.present(tx, actor, topicId);
      });
    },

    async presentation(actor: Actor, topicId: number): Promise<ServedFile> {
      const topic = await topicOf(db, actor, topicId);
      if (topic.presentationHash === null) throw new AppError('NOT_FOUND');
      return served(topic.presentationHash, 'application/pdf', topic.presentationName ?? 'Praesentation.pdf');
    },

    /** Sets or replaces a question's image (PNG, JPEG, WebP; 5 MB) under the question's version. */
    async uploadImage(
      actor: Actor,
      topicId: number,
      questionId: number,
      input: { stream: Readable; declaredSize?: number | undefined; version: number },
    ): Promise<Topic> {
      const found = await questionOf(db, actor, topicId, questionId);
      if (found.version !== input.version) throw new AppError('CONFLICT');
      const received = await receive(input, QUESTION_IMAGE_MAX_BYTES, 'QUESTION_IMAGE_TOO_LARGE');
      try {
        const sniffed = await fileTypeFromFile(received.tempPath);
        const mimeType = sniffed ? IMAGE_TYPES[sniffed.ext] : undefined;
        if (!mimeType) throw new AppError('QUESTION_IMAGE_TYPE');
        await files.commit(received);
        return await db.transaction(async (tx) => {
          await topicOf(tx, actor, topicId, 'update');
          const before = await repository.findQuestion(tx, topicId, questionId);
          if (!before) throw new AppError('NOT_FOUND');
          await files.register(tx, { hash: received.hash, size: received.size, mimeType });
          const saved = await repository.updateQuestionVersioned(tx, questionId, input.version, {
            imageHash: received.hash,
            imageType: mimeType,
          });
          if (!saved) throw new AppError('CONFLICT');
          await repository.logChange(tx, {
            entity: 'instruction_question',
            entityId: questionId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: {
              image: { from: before.imageHash, to: received.hash },
              topicId: { from: topicId, to: topicId },
            },
          });
          return deps.present(tx, actor, topicId);
        });
      } finally {
        await files.discard(received);
      }
    },

    async removeImage(actor: Actor, topicId: number, questionId: number, version: number): Promise<Topic> {
      return db.transaction(async (tx) => {
        await topicOf(tx, actor, topicId, 'update');
        const before = await repository.findQuestion(tx, topicId, questionId);
        if (!before || before.imageHash === null) throw new AppError('NOT_FOUND');
        if (before.version !== version) throw new AppError('CONFLICT');
        const saved = await repository.updateQuestionVersioned(tx, questionId, version, {
          imageHash: null,
          imageType: null,
        });
        if (!saved) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'instruction_question',
          entityId: questionId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { image: { from: before.imageHash, to: null }, topicId: { from: topicId, to: topicId } },
        });
        return deps.present(tx, actor, topicId);
      });
    },

    async image(actor: Actor, topicId: number, questionId: number): Promise<ServedFile> {
      const question = await questionOf(db, actor, topicId, questionId);
      if (question.imageHash === null) throw new AppError('NOT_FOUND');
      return served(
        question.imageHash,
        question.imageType ?? 'application/octet-stream',
        `Frage-${question.number}`,
      );
    },
  };
}

export type TopicMediaService = ReturnType<typeof createTopicMediaService>;
