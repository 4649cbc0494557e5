import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAuthService } from './auth.service.ts';
import { createDeferredWork } from './lost-password.ts';

type Deps = Parameters<typeof createAuthService>[0];

/**
 * "Passwort vergessen?" must not tell by its answer or its timing whether an account exists or has an
 * address (decision 027). No timing here: the test shows the structure — the answer comes after the
 * throttle alone, the same for every name, and everything else runs after it.
 */
describe('lost password: answered before the account is looked up', () => {
  const accounts: Record<string, { active: boolean; email: string | null }> = {
    inaktiv: { active: false, email: 'inaktiv@example.de' },
    'ohne.mail': { active: true, email: null },
    ok: { active: true, email: 'ok@example.de' },
  };

  function setUp() {
    const ops: string[] = [];
    const logged: string[] = [];
    const deps = {
      db: {
        transaction: async () => {
          ops.push('transaction');
          throw new Error('no database in this test');
        },
      },
      employees: {
        findByLoginName: async (_ex: unknown, name: string) => {
          ops.push('findByLoginName');
          const account = accounts[name];
          return account
            ? {
                id: 1,
                loginName: name,
                firstName: 'A',
                lastName: 'B',
                language: null,
                country: null,
                ...account,
              }
            : undefined;
        },
      },
      lostPasswordThrottle: {
        registerAttempt: async () => {
          ops.push('throttle');
        },
      },
      passwordPolicy: {
        generate: async () => {
          ops.push('generate');
          return 'Wegwerf-Kennwort-2026!';
        },
      },
    } as unknown as Deps;
    const log = {
      info: (_: object, message: string) => logged.push(message),
      warn: (_: object, message: string) => logged.push(message),
      error: (_: object, message: string) => logged.push(message),
    } as unknown as FastifyBaseLogger;
    return { ops, logged, log, service: createAuthService(deps) };
  }

  it('runs only the throttle before answering, whichever account is asked for', async () => {
    for (const username of ['niemand', 'inaktiv', 'ohne.mail', 'ok']) {
      const { ops, service, log } = setUp();
      await service.lostPassword({ username }, { ip: '127.0.0.1', log });
      // The answer is given here: nothing but the throttle has run yet.
      expect(ops, username).toEqual(['throttle']);
      await service.drainLostPasswordWork();
      // Afterwards every case looks the account up and generates and hashes a password.
      expect(ops.slice(0, 3), username).toEqual(['throttle', 'findByLoginName', 'generate']);
      // Only the real case writes (here the fake database fails: a data error, logged, never thrown).
      expect(ops.includes('transaction'), username).toBe(username === 'ok');
    }
  });

  it('logs why nothing was sent, after the answer', async () => {
    const { logged, service, log } = setUp();
    await service.lostPassword({ username: 'ohne.mail' }, { ip: '127.0.0.1', log });
    expect(logged).toEqual([]);
    await service.drainLostPasswordWork();
    expect(logged).toEqual(['Lost password: nothing sent (no mail address stored)']);
  });
});

describe('createDeferredWork', () => {
  it('starts work only after the caller has gone on, and drain waits for all of it', async () => {
    const work = createDeferredWork();
    const steps: string[] = [];
    work.run(
      async () => {
        steps.push('work started');
        await new Promise((resolve) => setTimeout(resolve, 5));
        steps.push('work ended');
        work.run(
          async () => {
            steps.push('follow-up');
          },
          () => {},
        );
      },
      () => {},
    );
    await Promise.resolve();
    steps.push('answered');
    expect(work.pending).toBe(1);
    await work.drain();
    expect(steps).toEqual(['answered', 'work started', 'work ended', 'follow-up']);
    expect(work.pending).toBe(0);
  });

  it('hands a failure to onError instead of throwing', async () => {
    const work = createDeferredWork();
    const errors: unknown[] = [];
    work.run(
      async () => {
        throw new Error('kaputt');
      },
      (error) => errors.push(error),
    );
    await work.drain();
    expect(errors).toHaveLength(1);
  });
});
