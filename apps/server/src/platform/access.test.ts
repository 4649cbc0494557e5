import { P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import { type Actor, allOf, anyOf, authenticated, decideAccess, publicRoute } from './access.ts';

function actor(...permissions: number[]): Actor {
  return {
    employeeId: 1,
    portalId: 1,
    portalName: 'Hauptportal',
    isMainPortal: true,
    permissions: new Set(permissions),
    viaSso: false,
    sessionHash: 'x',
  };
}

describe('decideAccess', () => {
  it('lets anyone through a public route', () => {
    expect(decideAccess(publicRoute, null)).toBe('allow');
  });

  it('needs a session for everything else', () => {
    expect(decideAccess(authenticated, null)).toBe('NOT_AUTHENTICATED');
    expect(decideAccess(anyOf(P.ROLES_MANAGE), null)).toBe('NOT_AUTHENTICATED');
    expect(decideAccess(authenticated, actor())).toBe('allow');
  });

  it('anyOf allows one matching permission, refuses none', () => {
    const access = anyOf(P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_READONLY_RELEASED);
    expect(decideAccess(access, actor(P.HAZARDANALYSIS_READONLY_RELEASED))).toBe('allow');
    expect(decideAccess(access, actor(P.EMPLOYEES_BASIC_READONLY))).toBe('NO_PERMISSION');
  });

  it('allOf needs every permission', () => {
    const access = allOf(P.ROLES_MANAGE, P.EMPLOYEES_BASIC_READONLY);
    expect(decideAccess(access, actor(P.ROLES_MANAGE))).toBe('NO_PERMISSION');
    expect(decideAccess(access, actor(P.ROLES_MANAGE, P.EMPLOYEES_BASIC_READONLY))).toBe('allow');
  });

  it('treats id 12 as superuser', () => {
    expect(decideAccess(allOf(P.ROLES_MANAGE, P.MAIL_SETTINGS), actor(SUPERUSER_ID))).toBe('allow');
    expect(decideAccess(anyOf(P.TASK_SCHEDULE_VIEW), actor(SUPERUSER_ID))).toBe('allow');
  });

  it('refuses to declare an empty requirement', () => {
    expect(() => anyOf()).toThrow();
    expect(() => allOf()).toThrow();
  });
});
