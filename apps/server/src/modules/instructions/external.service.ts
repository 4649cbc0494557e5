import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { externalInstructionsMessages } from '@schutzwerk/shared/errors.ts';
import {
  type ExternalRecordQuery,
  type ExternalSite,
  type ExternalSites,
  type ExternalSiteUpdate,
  externalRecordQuerySchema,
  externalSiteUpdateSchema,
  type KioskAnswer,
  type KioskAnswerResult,
  type KioskLocation,
  type KioskStart,
  type KioskState,
  kioskAnswerSchema,
  type Visitor,
  visitorSchema,
} from '@schutzwerk/shared/instructions/external.schema.ts';
import { fileTypeFromFile } from 'file-type';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { LoginThrottle } from '#platform/login-throttle.ts';
import { berlinToday } from './assignments.service.ts';
import { renderVisitorBadgePdf } from './external.badge.ts';
import { renderExternalCertificatePdf } from './external.certificate.ts';
import type { ExternalRecord, ExternalRepository, SiteRow } from './external.repository.ts';
import { toSite } from './external.repository.ts';
import type { ExternalTopicSnapshot } from './external.table.ts';
import type { TopicRecord } from './instructions.repository.ts';
import type { RunRepository } from './run.repository.ts';
import { addDays, drawQuestions, germanDate, isRightAnswer, presentationPages } from './run.service.ts';
import { hasScormPackage } from './scorm.repository.ts';
import type { MediaFiles, ServedFile } from './topic-media.ts';

/** A location's tile image: at most 5 MB of PNG, JPEG or WebP. */
export const SITE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** A visitor's run answers for this long after its start; then the kiosk starts afresh. */
const SESSION_HOURS = 12;

export type ExternalDeps = {
  db: Db;
  repository: ExternalRepository;
  questions: Pick<RunRepository, 'question' | 'questionsOfTopic'>;
  files: Pick<MediaFiles, 'receive' | 'commit' | 'discard' | 'exists' | 'open' | 'register'>;
  /** Counts the public kiosk's requests per address (the sign-in throttle, platform/login-throttle.ts). */
  startThrottle: LoginThrottle;
  answerThrottle: LoginThrottle;
  system: (ex: Executor) => Promise<{ companyName: string }>;
  logo: () => Promise<Buffer | null>;
  now?: () => Date;
  random?: () => number;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The validity of a passed external instruction: the shortest of its topics' validities from `today`. */
export function externalValidUntil(topics: readonly ExternalTopicSnapshot[], today: string): string | null {
  const days = topics.map((t) => t.validityDays).filter((d): d is number => d !== null);
  return days.length === 0 ? null : addDays(today, Math.min(...days));
}

/**
 * External instructions (decision 074): the settings per location (SETTINGS_TOPICS), the public kiosk (no
 * account: offered locations, visitor data, the topics' questions one after another, a wrong answer restarts
 * from the first topic, the certificate) and the records (TOPICS_EVALUATE_EXTERNAL).
 */
export function createExternalService(deps: ExternalDeps) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());
  const random = deps.random ?? Math.random;

  async function throttled(throttle: LoginThrottle, ip: string): Promise<void> {
    try {
      await throttle.registerAttempt({ account: `ext:ip:${ip}` });
    } catch (error) {
      if (error instanceof AppError && error.code === 'TOO_MANY_REQUESTS')
        throw new AppError('EXTERNAL_TOO_MANY', { headers: error.headers });
      throw error;
    }
  }

  /** The site of the caller's portal; another portal's or an unknown location answers 404. */
  async function ownSite(ex: Executor, actor: Actor, locationId: number): Promise<SiteRow> {
    const site = await repository.site(ex, locationId);
    if (!site || site.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
    return site;
  }

  /**
   * The topics a visitor walks at an offered site, in the configured order: the portal's released, active
   * topics with questions (no SCORM packages). Not offered (switched off, no such topics) answers 404.
   */
  async function kioskTopics(ex: Executor, site: SiteRow | undefined): Promise<TopicRecord[]> {
    if (!site?.enabled || site.topicIds.length === 0) throw new AppError('EXTERNAL_NOT_OFFERED');
    const found = await repository.topics(ex, site.portalId, site.topicIds);
    const withQuestions = await repository.topicsWithQuestions(ex, site.topicIds);
    const byId = new Map(found.map((t) => [t.id, t]));
    const topics: TopicRecord[] = [];
    for (const id of site.topicIds) {
      const topic = byId.get(id);
      if (!topic?.released || topic.inactive || !withQuestions.has(id)) continue;
      if (await hasScormPackage(ex, id)) continue;
      topics.push(topic);
    }
    if (topics.length === 0) throw new AppError('EXTERNAL_NOT_OFFERED');
    return topics;
  }

  async function draw(ex: Executor, topicId: number, portalId: number): Promise<number[]> {
    const [topic] = await repository.topics(ex, portalId, [topicId]);
    const questions = await deps.questions.questionsOfTopic(ex, topicId);
    if (!topic || questions.length === 0) throw new AppError('EXTERNAL_NOT_OFFERED');
    return drawQuestions(questions, topic.poolCount, random);
  }

  /** The visitor's own run by the token; unknown or too old answers EXTERNAL_SESSION_INVALID. */
  async function runOf(ex: Executor, token: string | undefined, lock?: 'update'): Promise<ExternalRecord> {
    if (!token || token.length > 200) throw new AppError('EXTERNAL_SESSION_INVALID');
    const record = await repository.byToken(ex, hashToken(token), lock);
    if (!record || now().getTime() - record.startedAt.getTime() > SESSION_HOURS * 3_600_000)
      throw new AppError('EXTERNAL_SESSION_INVALID');
    return record;
  }

  /** The topic the run is at now (as it is today: its presentation may have changed since the start). */
  async function currentTopic(ex: Executor, record: ExternalRecord): Promise<TopicRecord | undefined> {
    const snapshot = record.topics[record.current];
    if (!snapshot) return undefined;
    const [topic] = await repository.topics(ex, record.portalId, [snapshot.id]);
    return topic;
  }

  async function stateOf(ex: Executor, record: ExternalRecord): Promise<KioskState> {
    let question: KioskState['question'] = null;
    let presentation: KioskState['presentation'] = null;
    if (record.status === 'running') {
      const id = record.questionIds[record.position];
      const q = id === undefined ? undefined : await deps.questions.question(ex, id);
      if (q)
        question = {
          id: q.id,
          text: q.text,
          answers: q.answers.map((a) => a.text),
          hasImage: q.imageHash !== null,
        };
      const topic = await currentTopic(ex, record);
      const pages = topic ? presentationPages(topic) : 0;
      if (pages > 0) presentation = { pages };
    }
    return {
      status: record.status === 'passed' ? 'passed' : 'running',
      locationName: await repository.locationName(ex, record.locationId),
      visitorName: `${record.firstName} ${record.lastName}`,
      topics: record.topics.map((t) => ({ identifier: t.identifier, label: t.label })),
      current: record.current,
      position: record.position,
      total: record.questionIds.length,
      attempt: record.attempt,
      presentation,
      question,
      completedAt: record.completedAt ? record.completedAt.toISOString() : null,
      validUntil: record.validUntil,
    };
  }

  return {
    // ---- settings per location ---------------------------------------------------------------------

    async sites(actor: Actor): Promise<ExternalSites> {
      return {
        sites: (await repository.sitesOfPortal(db, actor.portalId)).map(toSite),
        topics: await repository.topicOptions(db, actor.portalId),
      };
    },

    async saveSite(actor: Actor, locationId: number, raw: ExternalSiteUpdate): Promise<ExternalSite> {
      const input = externalSiteUpdateSchema.parse(raw);
      return db.transaction(async (tx) => {
        const site = await ownSite(tx, actor, locationId);
        const topics = await repository.topics(tx, actor.portalId, input.topicIds);
        if (topics.length !== input.topicIds.length) throw new AppError('EXTERNAL_TOPIC_UNKNOWN');
        const saved = await repository.saveSite(tx, site, input.version, {
          enabled: input.enabled,
          topicIds: input.topicIds,
        });
        if (!saved) throw new AppError('CONFLICT');
        await repository.logChange(tx, {
          entity: 'external_instruction_site',
          entityId: locationId,
          state: input.version === 0 ? LOG_STATE.CREATED : LOG_STATE.CHANGED,
          actorId: actor.employeeId,
          changes: {
            enabled: { from: site.enabled, to: input.enabled },
            topicIds: { from: site.topicIds, to: input.topicIds },
          },
        });
        return toSite((await repository.site(tx, locationId)) as SiteRow);
      });
    },

    /** Uploads or replaces the tile's image (raw PNG/JPEG/WebP) into the documents' file store. */
    async uploadImage(
      actor: Actor,
      locationId: number,
      input: { stream: Readable; version: number },
    ): Promise<ExternalSite> {
      await ownSite(db, actor, locationId);
      let received: Awaited<ReturnType<typeof deps.files.receive>>;
      try {
        received = await deps.files.receive(input.stream, SITE_IMAGE_MAX_BYTES);
      } catch (error) {
        if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE')
          throw new AppError('EXTERNAL_IMAGE_TOO_LARGE');
        throw error;
      }
      try {
        const sniffed = await fileTypeFromFile(received.tempPath);
        const mimeType = sniffed ? IMAGE_TYPES[sniffed.ext] : undefined;
        if (!mimeType) throw new AppError('EXTERNAL_IMAGE_TYPE');
        await deps.files.commit(received);
        return await db.transaction(async (tx) => {
          const site = await ownSite(tx, actor, locationId);
          await deps.files.register(tx, { hash: received.hash, size: received.size, mimeType });
          const saved = await repository.saveSite(tx, site, input.version, {
            imageHash: received.hash,
            imageType: mimeType,
          });
          if (!saved) throw new AppError('CONFLICT');
          await repository.logChange(tx, {
            entity: 'external_instruction_site',
            entityId: locationId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { image: { from: site.imageHash, to: received.hash } },
          });
          return toSite((await repository.site(tx, locationId)) as SiteRow);
        });
      } finally {
        await deps.files.discard(received);
      }
    },

    /** The tile's image for the settings (own portal). */
    async siteImage(actor: Actor, locationId: number): Promise<ServedFile> {
      return serveImage(await ownSite(db, actor, locationId));
    },

    // ---- the public kiosk ----------------------------------------------------------------------------

    /** The locations the kiosk offers (with at least one workable topic): id, name, whether an image shows. */
    async kioskLocations(ip: string): Promise<KioskLocation[]> {
      await throttled(deps.answerThrottle, ip);
      const offered: KioskLocation[] = [];
      for (const site of await repository.offered(db)) {
        try {
          await kioskTopics(db, site);
          offered.push({ id: site.locationId, name: site.locationName, hasImage: site.imageHash !== null });
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'EXTERNAL_NOT_OFFERED')) throw error;
        }
      }
      return offered;
    },

    /** An offered location's image; any other location answers as not offered. */
    async kioskImage(locationId: number, ip: string): Promise<ServedFile> {
      await throttled(deps.answerThrottle, ip);
      const site = await repository.site(db, locationId);
      await kioskTopics(db, site);
      return serveImage(site as SiteRow);
    },

    /** The visitor's data → a new run over the location's topics; answers the run's secret and first question. */
    async start(raw: Visitor, ip: string): Promise<KioskStart> {
      await throttled(deps.startThrottle, ip);
      const input = visitorSchema.parse(raw);
      const token = randomBytes(32).toString('base64url');
      return db.transaction(async (tx) => {
        const site = await repository.site(tx, input.locationId);
        const topics = await kioskTopics(tx, site);
        const first = topics[0] as TopicRecord;
        const record = await repository.insert(tx, {
          portalId: first.portalId,
          locationId: input.locationId,
          firstName: input.firstName,
          lastName: input.lastName,
          company: input.company,
          idNumber: input.idNumber,
          reason: input.reason,
          topics: topics.map((t) => ({
            id: t.id,
            identifier: t.identifier,
            label: t.label,
            validityDays: t.durationDays ?? (t.intervalDays > 0 ? t.intervalDays : null),
          })),
          questionIds: await draw(tx, first.id, first.portalId),
          tokenHash: hashToken(token),
          startedAt: now(),
        });
        return { token, state: await stateOf(tx, record) };
      });
    },

    async state(token: string | undefined, ip: string): Promise<KioskState> {
      await throttled(deps.answerThrottle, ip);
      return stateOf(db, await runOf(db, token));
    },

    /**
     * One answer to the current question. Right: the next question, then the next topic, after the last the
     * instruction is passed (valid until the shortest validity of its topics). Wrong: external persons start
     * again from the first topic with new questions (spec §4).
     */
    async answer(token: string | undefined, raw: KioskAnswer, ip: string): Promise<KioskAnswerResult> {
      await throttled(deps.answerThrottle, ip);
      const input = kioskAnswerSchema.parse(raw);
      return db.transaction(async (tx) => {
        const record = await runOf(tx, token, 'update');
        if (record.status !== 'running') throw new AppError('RUN_OUT_OF_STEP');
        if (record.questionIds[record.position] !== input.questionId) throw new AppError('RUN_OUT_OF_STEP');
        const topic = record.topics[record.current] as ExternalTopicSnapshot;
        const question = await deps.questions.question(tx, input.questionId);
        if (!question || question.topicId !== topic.id) {
          // Deleted meanwhile: it leaves this attempt.
          await repository.update(tx, record.id, {
            questionIds: record.questionIds.filter((id) => id !== input.questionId),
          });
          throw new AppError('RUN_OUT_OF_STEP');
        }
        if (input.chosen.some((i) => i >= question.answers.length)) throw new AppError('RUN_ANSWER_INVALID');
        const right = isRightAnswer(question, input.chosen);
        let saved: ExternalRecord;
        if (!right) {
          const firstTopic = record.topics[0] as ExternalTopicSnapshot;
          saved = await repository.update(tx, record.id, {
            attempt: record.attempt + 1,
            current: 0,
            position: 0,
            questionIds: await draw(tx, firstTopic.id, record.portalId),
          });
        } else if (record.position + 1 < record.questionIds.length) {
          saved = await repository.update(tx, record.id, { position: record.position + 1 });
        } else if (record.current + 1 < record.topics.length) {
          const next = record.topics[record.current + 1] as ExternalTopicSnapshot;
          saved = await repository.update(tx, record.id, {
            current: record.current + 1,
            position: 0,
            questionIds: await draw(tx, next.id, record.portalId),
          });
        } else {
          const at = now();
          saved = await repository.update(tx, record.id, {
            status: 'passed',
            position: record.position + 1,
            completedAt: at,
            validUntil: externalValidUntil(record.topics, berlinToday(at)),
          });
          await repository.logChange(tx, {
            entity: 'external_instruction',
            entityId: record.id,
            state: LOG_STATE.CHANGED,
            actorId: null,
            changes: {
              status: { from: 'running', to: 'passed' },
              attempts: { from: null, to: record.attempt },
            },
          });
        }
        return {
          right,
          message: right
            ? question.rightMessage || externalInstructionsMessages.right
            : `${question.wrongMessage ? `${question.wrongMessage} ` : ''}${externalInstructionsMessages.wrongRestart}`,
          restarted: !right,
          state: await stateOf(tx, saved),
        };
      });
    },

    /** The visitor's own certificate, once passed. */
    async kioskCertificate(token: string | undefined, ip: string) {
      await throttled(deps.answerThrottle, ip);
      return certificate(await runOf(db, token));
    },

    /**
     * The presentation of the run's current topic (decision 078): only while the run is under way, only the
     * topic it is at — the token reaches no other topic's file.
     */
    async kioskPresentation(token: string | undefined, ip: string): Promise<ServedFile> {
      await throttled(deps.answerThrottle, ip);
      const record = await runOf(db, token);
      if (record.status !== 'running') throw new AppError('NOT_FOUND');
      const topic = await currentTopic(db, record);
      if (
        !topic?.presentationHash ||
        presentationPages(topic) === 0 ||
        !deps.files.exists(topic.presentationHash)
      )
        throw new AppError('NOT_FOUND');
      return {
        stream: deps.files.open(topic.presentationHash),
        mimeType: 'application/pdf',
        fileName: topic.presentationName ?? 'Praesentation.pdf',
      };
    },

    /** The image of the run's current question only (decision 078); any other question answers 404. */
    async kioskQuestionImage(token: string | undefined, questionId: number, ip: string): Promise<ServedFile> {
      await throttled(deps.answerThrottle, ip);
      const record = await runOf(db, token);
      if (record.status !== 'running' || record.questionIds[record.position] !== questionId)
        throw new AppError('NOT_FOUND');
      const question = await deps.questions.question(db, questionId);
      const topic = record.topics[record.current];
      if (!question || question.topicId !== topic?.id || question.imageHash === null)
        throw new AppError('NOT_FOUND');
      if (!deps.files.exists(question.imageHash)) throw new AppError('NOT_FOUND');
      return {
        stream: deps.files.open(question.imageHash),
        mimeType: question.imageType ?? 'application/octet-stream',
        fileName: `Frage-${question.number}`,
      };
    },

    /** The visitor's own badge („Besucherausweis“, decision 078), once passed. */
    async kioskBadge(token: string | undefined, ip: string) {
      await throttled(deps.answerThrottle, ip);
      return badge(await runOf(db, token));
    },

    // ---- the records ---------------------------------------------------------------------------------

    async list(actor: Actor, raw: ExternalRecordQuery) {
      const query = externalRecordQuerySchema.parse(raw);
      return repository.list(db, actor.portalId, query.locationId, query);
    },

    async recordCertificate(actor: Actor, id: number) {
      const record = await repository.byId(db, id);
      if (!record || record.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
      return certificate(record);
    },

    async recordBadge(actor: Actor, id: number) {
      const record = await repository.byId(db, id);
      if (!record || record.portalId !== actor.portalId) throw new AppError('NOT_FOUND');
      return badge(record);
    },
  };

  async function badge(record: ExternalRecord): Promise<{ file: Buffer; fileName: string }> {
    if (record.status !== 'passed' || !record.completedAt) throw new AppError('EXTERNAL_NOT_PASSED');
    const completedOn = berlinToday(record.completedAt);
    const file = await renderVisitorBadgePdf(
      {
        companyName: (await deps.system(db)).companyName,
        name: `${record.firstName} ${record.lastName}`,
        company: record.company,
        location: await repository.locationName(db, record.locationId),
        topics: record.topics.map((t) => `${t.identifier} ${t.label}`.trim()),
        completedOn,
        validUntil: record.validUntil,
      },
      { printedAt: now(), logo: await deps.logo() },
    );
    const safeName = `${record.lastName}_${record.firstName}`.replace(/[^\p{L}\p{N}_-]+/gu, '-');
    return {
      file,
      fileName: `Besucherausweis_${safeName}_${germanDate(completedOn).replaceAll('.', '-')}.pdf`,
    };
  }

  function serveImage(site: SiteRow): ServedFile {
    if (!site.imageHash || !site.imageType || !deps.files.exists(site.imageHash))
      throw new AppError('NOT_FOUND');
    const ext = site.imageType === 'image/png' ? 'png' : site.imageType === 'image/webp' ? 'webp' : 'jpg';
    return { stream: deps.files.open(site.imageHash), mimeType: site.imageType, fileName: `standort.${ext}` };
  }

  async function certificate(record: ExternalRecord): Promise<{ file: Buffer; fileName: string }> {
    if (record.status !== 'passed' || !record.completedAt) throw new AppError('EXTERNAL_NOT_PASSED');
    const completedOn = berlinToday(record.completedAt);
    const file = await renderExternalCertificatePdf(
      {
        companyName: (await deps.system(db)).companyName,
        name: `${record.firstName} ${record.lastName}`,
        company: record.company,
        idNumber: record.idNumber,
        location: await repository.locationName(db, record.locationId),
        topics: record.topics.map((t) => `${t.identifier} ${t.label}`.trim()),
        completedOn,
        validUntil: record.validUntil,
      },
      { printedAt: now(), logo: await deps.logo() },
    );
    const safeName = `${record.lastName}_${record.firstName}`.replace(/[^\p{L}\p{N}_-]+/gu, '-');
    return {
      file,
      fileName: `Unterweisungsnachweis_${safeName}_${germanDate(completedOn).replaceAll('.', '-')}.pdf`,
    };
  }
}

export type ExternalService = ReturnType<typeof createExternalService>;
