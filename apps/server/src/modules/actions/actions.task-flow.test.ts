import { describe, expect, it } from 'vitest';
import type { Db, Executor } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import type { ChangeEntry } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import { fakeActor } from '#test/fake-actor.ts';
import { createActionSources } from './action-sources.ts';
import type { ActionsDeps } from './actions.deps.ts';
import type {
  ActionRecord,
  ActionsRepository,
  NewTask,
  TaskInsert,
  TaskRecord,
} from './actions.repository.ts';
import { createActionTaskSync, createTaskFlow } from './actions.task-flow.ts';
import { generalActionSource } from './general-source.ts';

/** The task state machine and the executor's task of an action, against an in-memory repository. */

const EXECUTOR = 30;
const RESPONSIBLE = 20;
const OTHER = 99;

function actor(employeeId: number): Actor {
  return fakeActor({ employeeId });
}

function actionRow(fields: Partial<ActionRecord> = {}): ActionRecord {
  return {
    id: 1,
    portalId: 1,
    sourceType: 'general',
    sourceId: 0,
    locationId: 100,
    designation: 'Gehörschutz bereitstellen',
    description: '',
    type: null,
    dueDate: '2026-05-01',
    done: false,
    doneAt: null,
    doneBy: null,
    responsibleId: RESPONSIBLE,
    executorId: EXECUTOR,
    externalExecutor: null,
    informational: false,
    immediateFlags: 0,
    effectiveness: 'notChecked',
    effectivenessCheckedOn: null,
    effectivenessCheckedBy: null,
    version: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  };
}

function taskRow(fields: Partial<TaskRecord> = {}): TaskRecord {
  return {
    id: 5,
    portalId: 1,
    kind: 'action',
    sourceType: 'general',
    sourceId: 0,
    actionId: 1,
    assigneeId: EXECUTOR,
    responsibleId: RESPONSIBLE,
    title: 'Gehörschutz bereitstellen',
    linkPath: '/actions/list',
    dueDate: '2026-05-01',
    state: 'open',
    problemReason: null,
    problemReportedAt: null,
    problemReportedBy: null,
    problemResolvedAt: null,
    problemResolvedBy: null,
    doneAt: null,
    doneBy: null,
    comment: null,
    lastRemindedOn: null,
    version: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  };
}

/** An in-memory store behind the repository functions the task flow uses. */
function setup(
  options: { actions?: ActionRecord[]; tasks?: TaskRecord[]; responsibleEmail?: string | null } = {},
) {
  const actions = new Map((options.actions ?? [actionRow()]).map((a) => [a.id, { ...a }]));
  const tasks = new Map((options.tasks ?? [taskRow()]).map((t) => [t.id, { ...t }]));
  const log: ChangeEntry[] = [];
  const mails: { to: string; purpose: string; subject: string }[] = [];
  let nextTaskId = 100;
  const openActionTask = async (_ex: Executor, actionId: number) =>
    [...tasks.values()].find((t) => t.actionId === actionId && t.kind === 'action' && t.state !== 'done');
  const repository = {
    findAction: async (_ex: Executor, id: number) => actions.get(id),
    findTaskForUpdate: async (_ex: Executor, id: number) => tasks.get(id),
    openActionTask,
    updateTask: async (_ex: Executor, id: number, patch: Partial<TaskInsert>) => {
      const task = tasks.get(id)!;
      tasks.set(id, { ...task, ...patch, version: task.version + 1 } as TaskRecord);
    },
    deleteTask: async (_ex: Executor, id: number) => {
      tasks.delete(id);
    },
    insertTask: async (_ex: Executor, task: NewTask) => {
      const id = nextTaskId++;
      tasks.set(
        id,
        taskRow({ ...task, id, actionId: task.actionId ?? null, state: 'open' } as Partial<TaskRecord>),
      );
      return id;
    },
    markActionDone: async (_ex: Executor, id: number, actorId: number) => {
      const action = actions.get(id)!;
      actions.set(id, { ...action, done: true, doneBy: actorId, version: action.version + 1 });
    },
    contactOf: async (_ex: Executor, id: number) =>
      id === RESPONSIBLE
        ? {
            id,
            email:
              options.responsibleEmail === undefined ? 'verantwortlich@example.de' : options.responsibleEmail,
            active: true,
            firstName: 'Vera',
            lastName: 'Antwort',
            language: 'de',
            country: null,
          }
        : undefined,
    persons: async (_ex: Executor, ids: readonly number[]) =>
      new Map(ids.map((id) => [id, { id, firstName: 'Erik', lastName: 'Ausführer', personnelNumber: '1' }])),
    logChange: async (_ex: Executor, entry: ChangeEntry) => {
      log.push(entry);
    },
  } as unknown as ActionsRepository;
  const db = { transaction: async (work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as Db;
  const sources = createActionSources();
  sources.register('general', generalActionSource);
  const deps: ActionsDeps = {
    db,
    repository,
    sources,
    settings: {
      read: async () => ({ applicationUrl: 'https://sw.test/', companyName: 'Testfirma' }),
    } as never,
    ownedLocations: async () => new Set(),
    mail: {
      render: async (_ex, input) => ({ subject: `Problem: ${input.values.topic}`, text: 't', html: 'h' }),
      enqueue: async (_ex, mail) => {
        mails.push({ to: mail.to, purpose: mail.purpose, subject: mail.subject });
        return 1;
      },
    },
  };
  const flow = createTaskFlow(deps);
  const sync = createActionTaskSync(deps, {
    describe: async () => () => ({ label: 'Eigenständige Maßnahme', link: '/actions/list' }),
  });
  return { flow, sync, actions, tasks, log, mails };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
}

describe('completing a task', () => {
  it('the assignee completes an open action task: task done with comment, action marked done, both logged', async () => {
    const { flow, tasks, actions, log } = setup();
    await flow.completeTask(actor(EXECUTOR), 5, 1, '  erledigt  ');
    expect(tasks.get(5)).toMatchObject({ state: 'done', doneBy: EXECUTOR, comment: 'erledigt', version: 2 });
    expect(actions.get(1)).toMatchObject({ done: true, doneBy: EXECUTOR });
    expect(log).toEqual([
      expect.objectContaining({
        entity: 'task',
        entityId: 5,
        changes: { state: { from: 'open', to: 'done' } },
      }),
      expect.objectContaining({
        entity: 'action',
        entityId: 1,
        changes: { done: { from: false, to: true } },
      }),
    ]);
  });

  it('an empty comment is stored as none; an action already done is not marked again', async () => {
    const { flow, tasks, log } = setup({ actions: [actionRow({ done: true })] });
    await flow.completeTask(actor(EXECUTOR), 5, 1, '   ');
    expect(tasks.get(5)?.comment).toBeNull();
    expect(log.map((l) => l.entity)).toEqual(['task']);
  });

  it('refuses: stale version, someone else, not open, another module’s task, a missing task or action', async () => {
    expect(await codeOf(setup().flow.completeTask(actor(EXECUTOR), 5, 2, ''))).toBe('CONFLICT');
    expect(await codeOf(setup().flow.completeTask(actor(OTHER), 5, 1, ''))).toBe(
      'ACTION_EXECUTOR_NOT_AUTHENTICATED',
    );
    const problem = setup({ tasks: [taskRow({ state: 'problem' })] });
    expect(await codeOf(problem.flow.completeTask(actor(EXECUTOR), 5, 1, ''))).toBe('TASK_NOT_OPEN');
    const release = setup({ tasks: [taskRow({ kind: 'release', actionId: null })] });
    expect(await codeOf(release.flow.completeTask(actor(EXECUTOR), 5, 1, ''))).toBe('INVALID_REQUEST');
    expect(release.tasks.get(5)?.state).toBe('open');
    expect(await codeOf(setup().flow.completeTask(actor(EXECUTOR), 6, 1, ''))).toBe('TASK_NOT_FOUND');
    expect(await codeOf(setup({ actions: [] }).flow.completeTask(actor(EXECUTOR), 5, 1, ''))).toBe(
      'ACTION_NOT_FOUND',
    );
  });
});

describe('reporting and resolving a problem', () => {
  it('open → problem (reason kept, responsible mailed) → open again by the responsible person', async () => {
    const { flow, tasks, mails, log } = setup();
    await flow.reportTaskProblem(actor(EXECUTOR), 5, 1, '  Teile fehlen ');
    expect(tasks.get(5)).toMatchObject({
      state: 'problem',
      problemReason: 'Teile fehlen',
      problemReportedBy: EXECUTOR,
    });
    expect(mails).toEqual([
      {
        to: 'verantwortlich@example.de',
        purpose: 'actionProblem',
        subject: 'Problem: Gehörschutz bereitstellen',
      },
    ]);
    expect(log[0]?.changes).toEqual({
      state: { from: 'open', to: 'problem' },
      problemReason: { from: null, to: 'Teile fehlen' },
    });
    // only the responsible person resolves it
    expect(await codeOf(flow.resolveTaskProblem(actor(EXECUTOR), 5, 2))).toBe('ACTION_NOT_RESPONSIBLE');
    await flow.resolveTaskProblem(actor(RESPONSIBLE), 5, 2);
    expect(tasks.get(5)).toMatchObject({ state: 'open', problemResolvedBy: RESPONSIBLE, version: 3 });
    expect(log[1]?.changes).toEqual({ state: { from: 'problem', to: 'open' } });
    // nothing left to resolve
    expect(await codeOf(flow.resolveTaskProblem(actor(RESPONSIBLE), 5, 3))).toBe('ACTION_NO_OPEN_PROBLEM');
  });

  it('refuses a report: by another person, on a task not open, without a reason, without a responsible’s address', async () => {
    expect(await codeOf(setup().flow.reportTaskProblem(actor(OTHER), 5, 1, 'x'))).toBe(
      'ACTION_EXECUTOR_NOT_AUTHENTICATED',
    );
    const problem = setup({ tasks: [taskRow({ state: 'problem' })] });
    expect(await codeOf(problem.flow.reportTaskProblem(actor(EXECUTOR), 5, 1, 'x'))).toBe('TASK_NOT_OPEN');
    expect(await codeOf(setup().flow.reportTaskProblem(actor(EXECUTOR), 5, 1, '   '))).toBe(
      'ACTION_PROBLEM_REASON_EMPTY',
    );
    const noMail = setup({ responsibleEmail: 'keine-adresse' });
    expect(await codeOf(noMail.flow.reportTaskProblem(actor(EXECUTOR), 5, 1, 'x'))).toBe(
      'ACTION_RESPONSIBLE_NO_EMAIL',
    );
    expect(noMail.tasks.get(5)?.state).toBe('open');
    expect(noMail.mails).toEqual([]);
    expect(await codeOf(setup().flow.reportTaskProblem(actor(EXECUTOR), 5, 9, 'x'))).toBe('CONFLICT');
  });

  it('on the action: an external executor cannot report; the executor reports on the open task', async () => {
    const external = setup({ actions: [actionRow({ executorId: null, externalExecutor: 'Firma Blitz' })] });
    expect(await codeOf(external.flow.reportActionProblem(actor(EXECUTOR), 1, 'x'))).toBe(
      'ACTION_EXECUTOR_NOT_AUTHENTICATED',
    );
    const unnamed = setup({ actions: [actionRow({ executorId: null, externalExecutor: ' ' })] });
    expect(await codeOf(unnamed.flow.reportActionProblem(actor(EXECUTOR), 1, 'x'))).toBe(
      'ACTION_EXTERNAL_EXECUTOR_NO_NAME',
    );
    expect(await codeOf(setup().flow.reportActionProblem(actor(OTHER), 1, 'x'))).toBe(
      'ACTION_EXECUTOR_NOT_AUTHENTICATED',
    );
    expect(await codeOf(setup({ tasks: [] }).flow.reportActionProblem(actor(EXECUTOR), 1, 'x'))).toBe(
      'TASK_NOT_OPEN',
    );
    const { flow, tasks } = setup();
    await flow.reportActionProblem(actor(EXECUTOR), 1, 'Leiter defekt');
    expect(tasks.get(5)?.state).toBe('problem');
    expect(await codeOf(flow.resolveActionProblem(actor(OTHER), 1))).toBe('ACTION_NOT_RESPONSIBLE');
    await flow.resolveActionProblem(actor(RESPONSIBLE), 1);
    expect(tasks.get(5)?.state).toBe('open');
  });
});

describe("the executor's task follows the action", () => {
  it('opens one task for an employee executor with the action’s title, due date and responsible', async () => {
    const { sync, tasks } = setup({ tasks: [] });
    await sync({} as Executor, actionRow(), 1);
    expect([...tasks.values()]).toEqual([
      expect.objectContaining({
        kind: 'action',
        actionId: 1,
        assigneeId: EXECUTOR,
        responsibleId: RESPONSIBLE,
        title: 'Gehörschutz bereitstellen',
        dueDate: '2026-05-01',
        linkPath: '/actions/list',
        state: 'open',
      }),
    ]);
  });

  it('a new executor: the old task goes, a new one opens; no executor: no task', async () => {
    const { sync, tasks } = setup();
    await sync({} as Executor, actionRow({ executorId: 31 }), 1);
    expect([...tasks.values()].map((t) => [t.id, t.assigneeId])).toEqual([[100, 31]]);
    await sync({} as Executor, actionRow({ executorId: null, externalExecutor: 'Firma Blitz' }), 1);
    expect([...tasks.values()]).toEqual([]);
  });

  it('done completes the open task; changed title, due date or responsible update it in place', async () => {
    const renamed = setup();
    await renamed.sync(
      {} as Executor,
      actionRow({ designation: 'Neu', dueDate: null, responsibleId: 21 }),
      1,
    );
    expect(renamed.tasks.get(5)).toMatchObject({
      title: 'Neu',
      dueDate: null,
      responsibleId: 21,
      version: 2,
    });
    const unchanged = setup();
    await unchanged.sync({} as Executor, actionRow(), 1);
    expect(unchanged.tasks.get(5)?.version).toBe(1);
    const done = setup();
    await done.sync({} as Executor, actionRow({ done: true }), 7);
    expect(done.tasks.get(5)).toMatchObject({ state: 'done', doneBy: 7 });
    expect(done.tasks.size).toBe(1);
  });
});
