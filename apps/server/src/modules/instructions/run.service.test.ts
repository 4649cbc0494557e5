import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { AssignmentRecord } from './assignments.repository.ts';
import type { RunRepository } from './run.repository.ts';
import { addDays, createRunService, drawQuestions, isRightAnswer } from './run.service.ts';

const q = (id: number, mandatory = false) => ({ id, mandatory });

describe('drawQuestions', () => {
  it('asks all questions without a pool, or when the pool is not smaller', () => {
    expect(drawQuestions([q(1), q(2), q(3)], null)).toEqual([1, 2, 3]);
    expect(drawQuestions([q(1), q(2)], 5)).toEqual([1, 2]);
  });
  it('takes every mandatory question and fills the pool at random, keeping the order', () => {
    const questions = [q(1), q(2, true), q(3), q(4), q(5, true), q(6)];
    const seen = new Set<number>();
    let seed = 0.1;
    for (let i = 0; i < 40; i++) {
      seed = (seed * 9301 + 0.49297) % 1;
      const drawn = drawQuestions(questions, 4, () => seed);
      expect(drawn).toHaveLength(4);
      expect(drawn).toContain(2);
      expect(drawn).toContain(5);
      expect([...drawn].sort((a, b) => a - b)).toEqual(drawn);
      for (const id of drawn) seen.add(id);
    }
    // Every optional question comes up in some draw.
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it('never drops a mandatory question, even when there are more than the pool', () => {
    expect(drawQuestions([q(1, true), q(2, true), q(3)], 1)).toEqual([1, 2]);
  });
});

describe('isRightAnswer', () => {
  const question = {
    answers: [
      { text: 'a', right: true },
      { text: 'b', right: false },
      { text: 'c', right: true },
    ],
  };
  it('needs exactly the right answers', () => {
    expect(isRightAnswer(question, [0, 2])).toBe(true);
    expect(isRightAnswer(question, [2, 0])).toBe(true);
    expect(isRightAnswer(question, [0])).toBe(false);
    expect(isRightAnswer(question, [0, 1, 2])).toBe(false);
  });
});

describe('addDays', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-31', -30)).toBe('2027-03-01');
  });
});

describe('feedback', () => {
  it('answers 0x501 when the message cannot be saved', async () => {
    const actor = { employeeId: 7, portalId: 1, permissions: new Set<number>() } as unknown as Actor;
    const assignment = { id: 3, employeeId: 7, portalId: 1, topicId: 9 } as AssignmentRecord;
    const repository = {
      async insertFeedback() {
        throw new Error('disk full');
      },
    } as unknown as RunRepository;
    const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
    const service = createRunService({
      db,
      repository,
      assignments: { find: async () => assignment },
      topics: { findTopic: async () => undefined },
      settings: async () => {
        throw new Error('not read');
      },
      system: async () => ({ companyName: '', applicationUrl: '' }),
      files: {
        exists: () => false,
        open: () => {
          throw new Error('not read');
        },
      },
      mail: {
        render: async () => ({ subject: '', text: '', html: '' }),
        enqueue: async () => 0,
      },
      logo: async () => null,
    });
    const error = await service.feedback(actor, 3, { message: 'Hallo' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('FEEDBACK_NOT_SAVED');
    expect((error as AppError).status).toBe(500);
    expect((error as AppError).message).toContain('(0x501)');
  });
});
