import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { instructionRunMessages } from '@schutzwerk/shared/errors.ts';
import {
  SCORM_PACKAGE_MAX_BYTES,
  type ScormAttempt,
  type ScormCommit,
  type ScormLaunch,
  type ScormPackage,
  type ScormVersion,
  scormCommitSchema,
} from '@schutzwerk/shared/instructions/scorm.schema.ts';
import type { InstructionSettings } from '@schutzwerk/shared/settings/instructions.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { type AssignmentRecord, assignmentsRepository } from './assignments.repository.ts';
import { berlinToday } from './assignments.service.ts';
import type { TopicRecord } from './instructions.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';
import { runRepository } from './run.repository.ts';
import { addDays, completeAssignment, germanDate } from './run.service.ts';
import { type ScormAttemptRecord, type ScormPackageRecord, scormRepository } from './scorm.repository.ts';
import { cmiFacts, isDone, resumeCmi } from './scorm-cmi.ts';
import { ensureUnpacked, launchUrlPath, packagePath, unpackedDir, unpackPackage } from './scorm-package.ts';
import type { MediaFiles } from './topic-media.ts';

/** The documents' store as the SCORM packages need it: MediaFiles plus where a stored file lies. */
export type ScormFiles = MediaFiles & { root: string; pathOf(hash: string): string };

type PackageRow = ScormPackageRecord;
type AttemptRow = ScormAttemptRecord;

/** How long a launch's content URLs admit the frame. */
const LAUNCH_HOURS = 12;
/** The files the frame's runtime is served under (inside the token's path; not a name a package can use). */
export const RUNTIME_DIR = '__schutzwerk';

/** The file name as given, without folders and control characters. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && c !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean === '' ? 'paket.zip' : clean;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A served file of a package: its path on disk, or the launch page's bytes with the runtime put in. */
export type ScormContent = { file: string; body?: Buffer; mimeType: string };

const MIME: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  vtt: 'text/vtt',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  pdf: 'application/pdf',
};
export const mimeOf = (file: string) =>
  MIME[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** Puts the runtime's scripts first into the launch page's head (before the package's own scripts run). */
export function injectRuntime(html: Buffer, base: string): Buffer {
  const tags = ['boot.js', 'scorm-again.js', 'frame.js']
    .map((f) => `<script src="${base}/${RUNTIME_DIR}/${f}"></script>`)
    .join('');
  const text = html.toString('latin1');
  const head = /<head(\s[^>]*)?>/i.exec(text) ?? /<html(\s[^>]*)?>/i.exec(text);
  const at = head ? head.index + head[0].length : 0;
  return Buffer.from(text.slice(0, at) + tags + text.slice(at), 'latin1');
}

/**
 * SCORM packages as the content of an instruction topic (decision 068): upload (checked like every upload, stored
 * by hash, unpacked beside the store), the learner's launch with a token for the sandboxed frame's content URLs,
 * commits of the `cmi` data, resume on the next launch, and completion into the assignment (status E, valid
 * until from the topic's duration or interval, the next one from the interval — as the run-through does).
 */
export function createScormService(deps: {
  db: Db;
  files: ScormFiles;
  settings: (ex: Executor, portalId: number) => Promise<InstructionSettings>;
  now?: () => Date;
}) {
  const { db, files } = deps;
  const now = deps.now ?? (() => new Date());

  async function topicOf(ex: Executor, actor: Actor, id: number, lock?: 'update'): Promise<TopicRecord> {
    const row = await instructionsRepository.findTopic(ex, id, lock);
    if (!row || row.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
    return row;
  }

  const packageRow = (ex: Executor, topicId: number) => scormRepository.findPackage(ex, topicId);

  const present = (row: PackageRow): ScormPackage => ({
    topicId: row.topicId,
    fileName: row.fileName,
    scormVersion: row.scormVersion as ScormVersion,
    title: row.title,
    launch: row.launch,
    size: row.size,
    version: row.version,
    uploadedAt: row.updatedAt.toISOString(),
  });

  async function ownAssignment(ex: Executor, actor: Actor, id: number): Promise<AssignmentRecord> {
    const row = await assignmentsRepository.find(ex, id, 'update');
    if (!row || row.employeeId !== actor.employeeId) throw new AppError('NOT_FOUND');
    return row;
  }

  const attemptOf = (ex: Executor, assignmentId: number) => scormRepository.findAttempt(ex, assignmentId);

  function attemptState(
    assignment: AssignmentRecord,
    topic: TopicRecord,
    attempt: AttemptRow | undefined,
    version: ScormVersion,
  ): ScormAttempt {
    return {
      assignmentId: assignment.id,
      topicIdentifier: topic.identifier,
      topicLabel: topic.label,
      scormVersion: (attempt?.scormVersion as ScormVersion | undefined) ?? version,
      status: assignment.status,
      completionStatus: attempt?.completionStatus ?? null,
      successStatus: attempt?.successStatus ?? null,
      scoreRaw: attempt?.scoreRaw ?? null,
      scoreScaled: attempt?.scoreScaled ?? null,
      totalSeconds: attempt ? attempt.priorSeconds + attempt.sessionSeconds : 0,
      sessions: attempt?.sessions ?? 0,
      resumable:
        !!attempt &&
        !attempt.completedAt &&
        ((attempt.suspendData ?? '') !== '' || (attempt.location ?? '') !== ''),
      completedAt: attempt?.completedAt ? attempt.completedAt.toISOString() : null,
      validUntil: assignment.validUntil,
    };
  }

  /** The assignment is done: E with its validity, the next one from the interval (as the run-through, decision 041). */
  function complete(
    tx: Executor,
    actor: Actor,
    assignment: AssignmentRecord,
    topic: TopicRecord,
    score: string | null,
  ) {
    return completeAssignment(runRepository, tx, {
      actor,
      assignment,
      topic,
      today: berlinToday(now()),
      result: { scormScore: { from: null, to: score } },
    });
  }

  async function byToken(token: string): Promise<{ attempt: AttemptRow; pkg: PackageRow }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('SCORM_LAUNCH_EXPIRED');
    const attempt = await scormRepository.attemptByToken(db, tokenHash(token), now());
    if (!attempt) throw new AppError('SCORM_LAUNCH_EXPIRED');
    const pkg = await packageRow(db, attempt.topicId);
    if (!pkg || pkg.packageHash !== attempt.packageHash) throw new AppError('SCORM_LAUNCH_EXPIRED');
    return { attempt, pkg };
  }

  return {
    /** Whether a topic's content is a SCORM package (the run-through refuses such topics). */
    async isPackageTopic(ex: Executor, topicId: number): Promise<boolean> {
      return (await packageRow(ex, topicId)) !== undefined;
    },

    async package(actor: Actor, topicId: number): Promise<ScormPackage | null> {
      await topicOf(db, actor, topicId);
      const row = await packageRow(db, topicId);
      return row ? present(row) : null;
    },

    /**
     * Sets or replaces the topic's package (`version` 0 when it has none yet). Only a topic without questions takes
     * a package: the package is the topic's whole content.
     */
    async upload(
      actor: Actor,
      topicId: number,
      input: {
        stream: Readable;
        declaredSize?: number | undefined;
        fileName?: string | undefined;
        version: number;
      },
    ): Promise<ScormPackage> {
      await topicOf(db, actor, topicId);
      const before = await packageRow(db, topicId);
      if ((before?.version ?? 0) !== input.version) throw new AppError('CONFLICT');
      if (input.declaredSize !== undefined && input.declaredSize > SCORM_PACKAGE_MAX_BYTES)
        throw new AppError('SCORM_PACKAGE_TOO_LARGE');
      let received: Awaited<ReturnType<ScormFiles['receive']>>;
      try {
        received = await files.receive(input.stream, SCORM_PACKAGE_MAX_BYTES);
      } catch (error) {
        if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE')
          throw new AppError('SCORM_PACKAGE_TOO_LARGE');
        throw error;
      }
      const fileName = cleanFileName(input.fileName);
      try {
        if (received.size === 0) throw new AppError('TOPIC_FILE_MISSING');
        const dir = unpackedDir(files.root, received.hash);
        const temp = `${dir}.${randomBytes(6).toString('hex')}.part`;
        const manifest = await unpackPackage(received.tempPath, temp, fileName);
        if (fs.existsSync(dir)) await fs.promises.rm(temp, { recursive: true, force: true });
        else await fs.promises.rename(temp, dir);
        await files.commit(received);
        return await db.transaction(async (tx) => {
          await topicOf(tx, actor, topicId, 'update');
          const questions = (await instructionsRepository.questionCounts(tx, topicId)).total;
          if (questions > 0) throw new AppError('SCORM_TOPIC_HAS_QUESTIONS');
          await files.register(tx, { hash: received.hash, size: received.size, mimeType: 'application/zip' });
          const values = {
            packageHash: received.hash,
            fileName,
            scormVersion: manifest.scormVersion,
            title: manifest.title,
            launch: manifest.launch,
            size: received.size,
          };
          const current = await packageRow(tx, topicId);
          if ((current?.version ?? 0) !== input.version) throw new AppError('CONFLICT');
          const row = current
            ? await scormRepository.updatePackage(tx, topicId, {
                ...values,
                version: current.version + 1,
                updatedAt: now(),
              })
            : await scormRepository.insertPackage(tx, { ...values, topicId, portalId: actor.portalId });
          if (!row) throw new AppError('CONFLICT');
          await runRepository.logChange(tx, {
            entity: 'instruction_topic',
            entityId: topicId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { scormPackage: { from: current?.fileName ?? null, to: fileName } },
          });
          return present(row);
        });
      } finally {
        await files.discard(received);
      }
    },

    /** Removes the package from the topic (the stored zip stays; learners' data of it stays with their items). */
    async remove(actor: Actor, topicId: number, version: number): Promise<void> {
      await db.transaction(async (tx) => {
        await topicOf(tx, actor, topicId, 'update');
        const current = await packageRow(tx, topicId);
        if (!current) throw new AppError('NOT_FOUND');
        if (current.version !== version) throw new AppError('CONFLICT');
        await scormRepository.deletePackage(tx, topicId);
        await runRepository.logChange(tx, {
          entity: 'instruction_topic',
          entityId: topicId,
          state: LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: { scormPackage: { from: current.fileName, to: null } },
        });
      });
    },

    /** The learner's data of an own item (before the first launch: empty). */
    async attempt(actor: Actor, assignmentId: number): Promise<ScormAttempt> {
      return db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        const topic = await instructionsRepository.findTopic(tx, assignment.topicId);
        const pkg = await packageRow(tx, assignment.topicId);
        if (!topic || !pkg) throw new AppError('SCORM_NOT_A_PACKAGE_TOPIC');
        return attemptState(
          assignment,
          topic,
          await attemptOf(tx, assignmentId),
          pkg.scormVersion as ScormVersion,
        );
      });
    },

    /**
     * Launches (or resumes) the package of an own item: within the executable window, released and active topic;
     * O → A; a new session (the last one's time is added to the total) and a new token for the frame.
     */
    async launch(actor: Actor, assignmentId: number): Promise<ScormLaunch> {
      return db.transaction(async (tx) => {
        const assignment = await ownAssignment(tx, actor, assignmentId);
        const topic = await instructionsRepository.findTopic(tx, assignment.topicId);
        const pkg = await packageRow(tx, assignment.topicId);
        if (!topic || !pkg) throw new AppError('SCORM_NOT_A_PACKAGE_TOPIC');
        if (assignment.status === 'E') throw new AppError('ASSIGNMENT_ALREADY_DONE');
        if (!topic.released || topic.inactive) throw new AppError('RUN_CANNOT_START');
        if (assignment.status !== 'O' && assignment.status !== 'A') throw new AppError('RUN_CANNOT_START');
        if (assignment.status === 'O') {
          const settings = await deps.settings(tx, assignment.portalId);
          const from = addDays(assignment.dueDate, -settings.executableDaysBeforeDue);
          if (berlinToday(now()) < from)
            throw new AppError('RUN_NOT_YET_EXECUTABLE', {
              message: instructionRunMessages.notYetExecutable(germanDate(from)),
            });
        }
        const token = randomBytes(32).toString('base64url');
        const launch = {
          launchTokenHash: tokenHash(token),
          launchExpiresAt: new Date(now().getTime() + LAUNCH_HOURS * 3600_000),
        };
        const existing = await attemptOf(tx, assignmentId);
        let attempt: AttemptRow | undefined;
        if (existing && existing.packageHash === pkg.packageHash) {
          attempt = await scormRepository.updateAttempt(tx, existing.id, {
            ...launch,
            priorSeconds: existing.priorSeconds + existing.sessionSeconds,
            sessionSeconds: 0,
            sessions: existing.sessions + 1,
            version: existing.version + 1,
            updatedAt: now(),
          });
        } else {
          // First launch, or the package was replaced since: the learner starts afresh on the new package.
          if (existing) await scormRepository.deleteAttempt(tx, existing.id);
          attempt = await scormRepository.insertAttempt(tx, {
            ...launch,
            portalId: assignment.portalId,
            assignmentId,
            employeeId: assignment.employeeId,
            topicId: topic.id,
            packageHash: pkg.packageHash,
            scormVersion: pkg.scormVersion,
            sessions: 1,
          });
        }
        if (assignment.status === 'O') {
          await runRepository.setAssignmentStatus(tx, assignmentId, 'A');
          await runRepository.logChange(tx, {
            entity: 'instruction_assignment',
            entityId: assignmentId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { status: { from: 'O', to: 'A' } },
          });
        }
        const launchUrl = `/api/scorm-content/${token}/${launchUrlPath(pkg.launch)}`;
        return {
          launchUrl,
          attempt: attemptState(
            { ...assignment, status: 'A' },
            topic,
            attempt,
            pkg.scormVersion as ScormVersion,
          ),
        };
      });
    },

    /**
     * A commit of the runtime (LMSCommit/Commit, LMSFinish/Terminate): the `cmi` data is kept, the values the
     * application reads are taken out; when the package reports completion (and not failure) the item is done.
     */
    async commit(actor: Actor, assignmentId: number, raw: ScormCommit): Promise<ScormAttempt> {
      const parsed = scormCommitSchema.safeParse(raw);
      if (!parsed.success) throw new AppError('SCORM_DATA_INVALID');
      const input = parsed.data;
      return db.transaction(async (tx) => {
        let assignment = await ownAssignment(tx, actor, assignmentId);
        const topic = await instructionsRepository.findTopic(tx, assignment.topicId);
        const attempt = await attemptOf(tx, assignmentId);
        if (!topic || !attempt || attempt.launchTokenHash === null) throw new AppError('RUN_NOT_STARTED');
        const version = attempt.scormVersion as ScormVersion;
        const facts = cmiFacts(version, input.cmi);
        if ((facts.suspendData?.length ?? 0) > 64_000) throw new AppError('SCORM_DATA_INVALID');
        const done = isDone(facts);
        const completedAt = attempt.completedAt ?? (done ? now() : null);
        const saved = await scormRepository.updateAttempt(tx, attempt.id, {
          cmi: input.cmi,
          completionStatus: facts.completionStatus,
          successStatus: facts.successStatus,
          scoreRaw: facts.scoreRaw,
          scoreScaled: facts.scoreScaled,
          suspendData: facts.suspendData,
          location: facts.location,
          sessionSeconds: Math.max(attempt.sessionSeconds, facts.sessionSeconds),
          completedAt,
          version: attempt.version + 1,
          updatedAt: now(),
        });
        if (done && assignment.status !== 'E') {
          if (!topic.released || topic.inactive) throw new AppError('RUN_CANNOT_START');
          assignment = await complete(tx, actor, assignment, topic, facts.scoreRaw ?? facts.scoreScaled);
        }
        return attemptState(assignment, topic, saved, version);
      });
    },

    /** The boot data the frame's runtime starts with (by the launch token). */
    async boot(token: string): Promise<{ version: ScormVersion; cmi: Record<string, unknown> }> {
      const { attempt } = await byToken(token);
      const person = await runRepository.person(db, attempt.employeeId);
      const version = attempt.scormVersion as ScormVersion;
      const cmi = resumeCmi(
        version,
        {
          cmi: attempt.cmi,
          suspendData: attempt.suspendData,
          location: attempt.location,
          exit: cmiFacts(version, attempt.cmi).exit,
          totalSeconds: attempt.priorSeconds,
          completed: attempt.completedAt !== null,
        },
        {
          id: person?.personnelNumber || String(attempt.employeeId),
          name: person ? `${person.lastName}, ${person.firstName}` : '',
        },
      );
      return { version, cmi };
    },

    /** A file of the launched package (the launch page with the runtime put in), by the launch token. */
    async content(token: string, requested: string): Promise<ScormContent> {
      const { pkg } = await byToken(token);
      // The router decoded the request path already.
      const rel = packagePath(requested, true);
      if (!rel) throw new AppError('NOT_FOUND');
      const dir = await ensureUnpacked(files.root, files.pathOf(pkg.packageHash), pkg.packageHash);
      const file = path.resolve(dir, rel);
      if (!file.startsWith(path.resolve(dir) + path.sep)) throw new AppError('NOT_FOUND');
      const stat = await fs.promises.lstat(file).catch(() => null);
      if (!stat?.isFile()) throw new AppError('NOT_FOUND');
      const mimeType = mimeOf(file);
      if (rel === packagePath(pkg.launch) && mimeType.startsWith('text/html'))
        return {
          file,
          mimeType,
          body: injectRuntime(await fs.promises.readFile(file), `/api/scorm-content/${token}`),
        };
      return { file, mimeType };
    },
  };
}

export type ScormService = ReturnType<typeof createScormService>;
