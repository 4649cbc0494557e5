import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import type { Actor } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import type { RoleRecord, RolesRepository } from './roles.repository.ts';
import { createRolesService } from './roles.service.ts';

/** Role rules against a fake repository: no database involved. */
function setup(role: Partial<RoleRecord> = {}) {
  const record: RoleRecord = {
    id: 7,
    portalId: 1,
    name: 'Sicherheitsfachkraft',
    description: '',
    permissions: [P.EMPLOYEES_BASIC_READONLY],
    memberCount: 0,
    version: 3,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-02T00:00:00Z'),
    ...role,
  };
  const calls: string[] = [];
  const repository = {
    findById: async (_ex: unknown, id: number) => (id === record.id ? record : undefined),
    updateVersioned: async () => {
      calls.push('update');
      return record;
    },
    replacePermissions: async () => {
      calls.push('permissions');
    },
    deleteVersioned: async () => {
      calls.push('delete');
      return true;
    },
    insert: async () => record,
  } as unknown as RolesRepository;
  const db = {
    transaction: async (work: (tx: unknown) => Promise<unknown>) =>
      work({ insert: () => ({ values: async () => {} }) }),
  } as unknown as Db;
  const service = createRolesService({ db, repository, employees: { existingIds: async () => [] } });
  return { service, calls, record };
}

function actor(permissions: number[], portalId = 1, isMainPortal = true): Actor {
  return {
    employeeId: 99,
    portalId,
    portalName: 'P',
    isMainPortal,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'h',
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('roles service', () => {
  it('a stale version is a conflict and writes nothing', async () => {
    const { service, calls } = setup();
    expect(await codeOf(service.update(actor([SUPERUSER_ID]), 7, { version: 2, name: 'Neu' }))).toBe(
      'CONFLICT',
    );
    expect(calls).toEqual([]);
  });

  it('an update that changes nothing keeps the version and writes nothing', async () => {
    const { service, calls } = setup();
    await service.update(actor([SUPERUSER_ID]), 7, { version: 3, name: 'Sicherheitsfachkraft' });
    expect(calls).toEqual([]);
  });

  it('a manager may not touch a role with rights beyond their own', async () => {
    const { service } = setup({ permissions: [P.MAIL_SETTINGS] });
    const manager = actor([P.ROLES_MANAGE]);
    expect(await codeOf(service.update(manager, 7, { version: 3, name: 'Anders' }))).toBe('NO_PERMISSION');
    expect(await codeOf(service.remove(manager, 7, 3))).toBe('NO_PERMISSION');
    expect(await codeOf(service.addMembers(manager, 7, [1]))).toBe('NO_PERMISSION');
  });

  it('a role still assigned cannot be deleted', async () => {
    const { service, calls } = setup({ memberCount: 2 });
    expect(await codeOf(service.remove(actor([SUPERUSER_ID]), 7, 3))).toBe('ROLE_IN_USE');
    expect(calls).toEqual([]);
  });

  it('a role of another portal is "not found" for a customer-portal user', async () => {
    const { service } = setup({ portalId: 1 });
    expect(await codeOf(service.get(actor([SUPERUSER_ID], 2, false), 7))).toBe('NOT_FOUND');
    expect((await service.get(actor([SUPERUSER_ID]), 7)).name).toBe('Sicherheitsfachkraft');
  });

  it('unknown permission ids are refused before anything is written', async () => {
    const { service, calls } = setup();
    expect(
      await codeOf(service.update(actor([SUPERUSER_ID]), 7, { version: 3, permissions: [424242] })),
    ).toBe('INPUT_VALIDATION_ERROR');
    expect(calls).toEqual([]);
  });
});
