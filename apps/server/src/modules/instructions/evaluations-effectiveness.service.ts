import { instructionEffectivenessMessages } from '@schutzwerk/shared/errors.ts';
import type { EvaluationStatistics } from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import {
  type CreateEffectivenessReview,
  createEffectivenessReviewSchema,
  type EffectivenessExportQuery,
  type EffectivenessOverview,
  type EffectivenessQuery,
  type EffectivenessReview,
  type EffectivenessTopicDetail,
  type EffectivenessVerdict,
  effectivenessExportQuerySchema,
  effectivenessQuerySchema,
  scaleWordOf,
  unratedMessage,
} from '@schutzwerk/shared/instructions/evaluations-effectiveness.schema.ts';
import type { Db, Executor } from '#db/client.ts';
import { instructionSettings } from '#modules/settings/index.ts';
import type { Actor } from '#platform/access.ts';
import { LOG_STATE, recordChange } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { berlinToday } from './assignments.service.ts';
import { renderEvaluationTable } from './evaluation-export.ts';
import type { EffectivenessRepository, ReviewRecord } from './evaluations-effectiveness.repository.ts';

/**
 * The effectiveness review of instruction topics (Wirksamkeitsprüfung, decision 075): the portal's topics with
 * their effectiveness, last review and the evidence the data holds (the year's completion rate in the viewer's
 * reach, first-attempt answers of the run-through); a review rates every criterion on the evaluation scale and
 * sets the topic's effectiveness in the same transaction, under the topic's optimistic lock.
 */

const EFFECTIVENESS_OF: Record<EffectivenessVerdict, 1 | 2> = { effective: 1, notEffective: 2 };
const EFFECTIVENESS_WORDS = ['nicht angegeben', 'geprüft wirksam', 'geprüft nicht wirksam'];
const VERDICT_WORDS: Record<EffectivenessVerdict, string> = {
  effective: 'wirksam',
  notEffective: 'nicht wirksam',
};

const present = (row: ReviewRecord): EffectivenessReview => ({
  id: row.id,
  topicId: row.topicId,
  reviewedOn: row.reviewedOn,
  reviewerName: row.reviewerName,
  criteria: row.criteria,
  ratings: row.ratings,
  average: Number(row.average),
  verdict: row.verdict as EffectivenessVerdict,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

const germanDay = (iso: string) => iso.split('-').reverse().join('.');

type Deps = {
  db: Db;
  repository: EffectivenessRepository;
  /** The completion rates of decision 073 (the viewer's reach, externals and inactive employees as there). */
  statistics: (actor: Actor, query: { year: number }) => Promise<EvaluationStatistics>;
  print: { companyName: () => Promise<string>; logo: () => Promise<Buffer | null> };
  criteria?: (ex: Executor, portalId: number) => Promise<string[]>;
  now?: () => Date;
};

export function createEffectivenessService({
  db,
  repository,
  statistics,
  print,
  criteria = async (ex, portalId) => (await instructionSettings(ex, portalId)).effectivenessCriteria,
  now = () => new Date(),
}: Deps) {
  async function overview(actor: Actor, raw: EffectivenessQuery): Promise<EffectivenessOverview> {
    const { year } = effectivenessQuerySchema.parse(raw);
    const [topics, evidence, stats, list] = await Promise.all([
      repository.topics(db, actor.portalId),
      repository.firstAttempts(db, actor.portalId),
      statistics(actor, { year }),
      criteria(db, actor.portalId),
    ]);
    const rateOf = new Map(stats.tables.topic.map((row) => [row.key, row.rate]));
    const sums = new Map<number, { answers: number; right: number }>();
    for (const e of evidence) {
      const sum = sums.get(e.topicId) ?? { answers: 0, right: 0 };
      sum.answers += e.answers;
      sum.right += e.right;
      sums.set(e.topicId, sum);
    }
    return {
      year,
      criteria: list,
      topics: topics.map((t) => ({
        id: t.id,
        label: t.label,
        identifier: t.identifier,
        effectiveness: t.effectiveness,
        version: t.version,
        reviews: t.reviews,
        lastReview:
          t.lastReviewedOn === null
            ? null
            : {
                reviewedOn: t.lastReviewedOn,
                reviewerName: t.lastReviewerName ?? '',
                average: Number(t.lastAverage),
                verdict: t.lastVerdict as EffectivenessVerdict,
              },
        rate: rateOf.get(String(t.id)) ?? null,
        firstAttemptAnswers: sums.get(t.id)?.answers ?? 0,
        firstAttemptRight: sums.get(t.id)?.right ?? 0,
      })),
    };
  }

  return {
    overview,

    /** A topic's reviews, newest first, and its questions' first-attempt answers. */
    async detail(actor: Actor, topicId: number): Promise<EffectivenessTopicDetail> {
      const topic = await repository.topic(db, actor.portalId, topicId);
      if (!topic) throw new AppError('NOT_FOUND');
      const [reviews, questions, evidence] = await Promise.all([
        repository.reviews(db, topicId),
        repository.questionTexts(db, topicId),
        repository.firstAttempts(db, actor.portalId, topicId),
      ]);
      const byQuestion = new Map(evidence.map((e) => [e.questionId, e]));
      return {
        reviews: reviews.map(present),
        questions: questions.map((q) => ({
          questionId: q.id,
          text: q.text,
          answers: byQuestion.get(q.id)?.answers ?? 0,
          right: byQuestion.get(q.id)?.right ?? 0,
        })),
      };
    },

    /**
     * Saves a review (TOPICS_EFFECTIVENESS, checked by the route): every criterion rated (else 400
     * EFFECTIVENESS_UNRATED „Sie müssen noch N Frage(n) bewerten.“), the criteria as the portal has them now
     * (else 409 EFFECTIVENESS_CRITERIA_CHANGED), the topic's version current (else 409 CONFLICT); sets the
     * topic's effectiveness from the verdict.
     */
    async create(
      actor: Actor,
      topicId: number,
      raw: CreateEffectivenessReview,
    ): Promise<EffectivenessReview> {
      const input = createEffectivenessReviewSchema.parse(raw);
      if (input.reviewedOn > berlinToday(now()))
        throw new AppError('INPUT_VALIDATION_ERROR', {
          details: [
            {
              path: ['body', 'reviewedOn'],
              message: instructionEffectivenessMessages.reviewedOnInFuture,
            },
          ],
        });
      return db.transaction(async (tx) => {
        const topic = await repository.topic(tx, actor.portalId, topicId, true);
        if (!topic) throw new AppError('NOT_FOUND');
        const current = await criteria(tx, actor.portalId);
        if (
          current.length !== input.criteria.length ||
          current.some((c, i) => c !== input.criteria[i]) ||
          input.ratings.length !== current.length
        )
          throw new AppError('EFFECTIVENESS_CRITERIA_CHANGED');
        const unrated = input.ratings.filter((v) => v === null).length;
        if (unrated > 0)
          throw new AppError('EFFECTIVENESS_UNRATED', {
            message: unratedMessage(unrated),
            details: { unrated },
          });
        if (topic.version !== input.version) throw new AppError('CONFLICT');
        const ratings = input.ratings as number[];
        const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
        const effectiveness = EFFECTIVENESS_OF[input.verdict];
        if (!(await repository.setEffectiveness(tx, topicId, input.version, effectiveness)))
          throw new AppError('CONFLICT');
        const row = await repository.insertReview(tx, {
          portalId: actor.portalId,
          topicId,
          reviewerId: actor.employeeId,
          reviewerName: await repository.employeeName(tx, actor.employeeId),
          reviewedOn: input.reviewedOn,
          criteria: current,
          ratings,
          average,
          verdict: input.verdict,
          note: input.note,
        });
        if (topic.effectiveness !== effectiveness)
          await recordChange(tx, {
            entity: 'instruction_topic',
            entityId: topicId,
            state: LOG_STATE.CHANGED,
            actorId: actor.employeeId,
            changes: { effectiveness: { from: topic.effectiveness, to: effectiveness } },
          });
        return present(row);
      });
    },

    /** The topic table of the tab as XLSX or PDF (the report engine's writers, as decision 073). */
    async export(
      actor: Actor,
      raw: EffectivenessExportQuery,
    ): Promise<{ file: Buffer; fileName: string; contentType: string }> {
      const query = effectivenessExportQuerySchema.parse(raw);
      const data = await overview(actor, { year: query.year });
      const rateColumn = `Erfüllungsquote ${data.year} (%)`;
      const columns = [
        'Unterweisung',
        'Wirksamkeit',
        'Letzte Prüfung',
        'Geprüft von',
        'Bewertung',
        'Ergebnis',
        'Prüfungen',
        rateColumn,
        'Richtig beim 1. Versuch (%)',
      ];
      const rows = data.topics.map((t) => ({
        Unterweisung: t.label,
        Wirksamkeit: EFFECTIVENESS_WORDS[t.effectiveness] ?? '',
        'Letzte Prüfung': t.lastReview ? new Date(`${t.lastReview.reviewedOn}T00:00:00.000Z`) : null,
        'Geprüft von': t.lastReview?.reviewerName ?? '',
        Bewertung: t.lastReview ? scaleWordOf(t.lastReview.average) : '',
        Ergebnis: t.lastReview ? VERDICT_WORDS[t.lastReview.verdict] : '',
        Prüfungen: t.reviews,
        [rateColumn]: t.rate,
        'Richtig beim 1. Versuch (%)':
          t.firstAttemptAnswers > 0
            ? Math.round((t.firstAttemptRight * 1000) / t.firstAttemptAnswers) / 10
            : null,
      }));
      const title = `Wirksamkeit der Unterweisungen (Stand ${germanDay(berlinToday(now()))})`;
      return renderEvaluationTable(print, now(), query.format, {
        title,
        fileName: `Unterweisungen-Wirksamkeit-${data.year}`,
        columns,
        rows,
        filters: [{ label: 'Jahr der Erfüllungsquote', value: String(data.year) }],
      });
    },
  };
}

export type EffectivenessService = ReturnType<typeof createEffectivenessService>;
