import { describe, expect, it } from 'vitest';
import {
  COMPOSITE,
  hasAllPermissions,
  hasAnyPermission,
  isPermissionId,
  P,
  permissionById,
  permissionGroupList,
  permissionGroups,
  permissionList,
  permissionsInGroup,
  rolePresets,
  SUPERUSER_ID,
} from './permissions.ts';

/** Permission names used by the spec (shell §2.3 menu table). */
const specMenuNames = [
  'EMPLOYEES_BASIC_READONLY',
  'LOCATIONS',
  'ACTIVITIES',
  'HAZARDANALYSIS_READONLY',
  'HAZARDANALYSIS_READONLY_RELEASED',
  'ROLES_MANAGE',
  'AUDIT_CHECKLISTS',
  'AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL',
  'AUDIT_CHECKLISTS_COLLECTIONTREE_LIST',
  'AUDIT_AUDITS',
  'HAZARDBRICKS',
  'MAIL_SETTINGS',
  'HAZARDANALYSISSTATUS_EDIT',
  'HAZARDANALYSISSTATUS_LOG',
  'TASK_SCHEDULE_VIEW',
] as const;

/** Names later modules rely on. */
const expectedNames = [
  'SUPERUSER',
  'EMPLOYEES_CREATE',
  'EMPLOYEES_EDIT',
  'EMPLOYEES_DELETE',
  'EMPLOYEES_COPY',
  'EMPLOYEES_ROLES',
  'EMPLOYEES_PERMISSIONS',
  'EMPLOYEES_RESET_PASSWORD',
  'EMPLOYEES_SHOW_INACTIVE',
  'EMPLOYEES_CHIPID',
  'EMPLOYEES_LOG',
  'EMPLOYEES_IMPORT',
  'EMPLOYEES_HEALTH_DATA',
  'EMPLOYEES_PERSONAL_DATA',
  'DEPARTMENTS',
  'DEPARTMENTS_EDIT',
  'LOCATIONS_EDIT',
  'LOCATIONS_MOVE',
  'ACTIVITIES_EDIT',
  'ACTIVITIES_MOVE',
  'HAZARDANALYSIS_ADD',
  'HAZARDANALYSIS_EDIT',
  'HAZARDANALYSIS_CLONE',
  'HAZARDANALYSIS_DELETE',
  'HAZARDANALYSIS_FILTER',
  'HAZARDANALYSIS_RELEASE',
  'HAZARDANALYSIS_PRINT',
  'HAZARDBRICKS_EDIT',
  'REPORTS',
  'REPORTS_MANAGE',
  'DOCUMENTS',
  'TASK_SCHEDULE_EDIT',
  'SETTINGS_SECURITY',
  'SETTINGS_LICENSE',
  'SETTINGS_GENERAL',
  'SETTINGS_PORTAL',
  'SETTINGS_LANGUAGE_EDITOR',
  'PORTALS',
  'ACTIONS',
] as const;

/** Groups named in spec shell §6. */
const specGroups = [
  'actions',
  'employees',
  'departments',
  'locations',
  'hazardAnalysis',
  'hazardBricks',
  'audits',
  'checklists',
  'healthcare',
  'appointments',
  'topics',
  'compliance',
  'portals',
  'biohazard',
  'hazmat',
  'settings',
  'reports',
  'mailSettings',
  'taskSchedule',
] as const;

const names = (): string[] => permissionList.map((p) => p.name);

describe('permission catalogue', () => {
  it('has about 250 permissions (at least 240)', () => {
    expect(permissionList.length).toBeGreaterThanOrEqual(240);
  });

  it('has unique ids and unique names', () => {
    const ids = permissionList.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(names()).size).toBe(names().length);
  });

  it('uses positive integer ids, sorted ascending', () => {
    for (const p of permissionList) {
      expect(Number.isInteger(p.id)).toBe(true);
      expect(p.id).toBeGreaterThan(0);
    }
    const ids = permissionList.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('uses SCREAMING_SNAKE_CASE names and non-empty German labels', () => {
    for (const p of permissionList) {
      expect(p.name).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(p.label.trim().length).toBeGreaterThan(3);
      expect(p.label).toBe(p.label.trim());
    }
  });

  it('puts every permission in an existing group, and every group has permissions', () => {
    for (const p of permissionList) {
      expect(Object.keys(permissionGroups)).toContain(p.group);
    }
    for (const group of permissionGroupList) {
      expect(permissionsInGroup(group.key).length, group.key).toBeGreaterThan(0);
      expect(group.label.length).toBeGreaterThan(0);
    }
  });

  it('keeps the groups of spec §6', () => {
    for (const group of specGroups) {
      expect(Object.keys(permissionGroups)).toContain(group);
    }
  });

  it('keeps ids inside the block of their group', () => {
    const blockOf = new Map<string, number>();
    // Id 12 (the superuser) stands alone in the group "administration"; its id stays where it always was.
    for (const p of permissionList.filter((x) => x.id !== SUPERUSER_ID)) {
      const block = Math.floor(p.id / 100);
      const known = blockOf.get(p.group);
      if (known === undefined) blockOf.set(p.group, block);
      else expect(block, p.name).toBe(known);
    }
    expect(new Set(blockOf.values()).size).toBe(blockOf.size);
  });

  it('keeps the superuser alone in its own group, so no group switch grants it by accident', () => {
    expect(permissionList.filter((p) => p.group === 'administration').map((p) => p.id)).toEqual([
      SUPERUSER_ID,
    ]);
  });

  it('contains every permission name used by the spec menu', () => {
    for (const name of specMenuNames) {
      expect(names(), name).toContain(name);
    }
  });

  it('contains the names later modules rely on', () => {
    for (const name of expectedNames) {
      expect(names(), name).toContain(name);
    }
  });

  it('has SUPERUSER as id 12', () => {
    expect(SUPERUSER_ID).toBe(12);
    expect(P.SUPERUSER).toBe(12);
    expect(permissionById(12)?.name).toBe('SUPERUSER');
    expect(permissionById(12)?.label).toBe('Administrator (alle Rechte)');
  });

  it('maps names to ids through P and back through permissionById', () => {
    for (const p of permissionList) {
      expect(P[p.name]).toBe(p.id);
      expect(permissionById(p.id)).toEqual(p);
    }
    expect(permissionById(99_999)).toBeUndefined();
    expect(isPermissionId(P.EMPLOYEES_BASIC_READONLY)).toBe(true);
    expect(isPermissionId(99_999)).toBe(false);
    expect(isPermissionId('100')).toBe(false);
  });
});

describe('hasAnyPermission', () => {
  const held = [P.EMPLOYEES_BASIC_READONLY, P.LOCATIONS];

  it('is true when one required id is held', () => {
    expect(hasAnyPermission(held, [P.ROLES_MANAGE, P.LOCATIONS])).toBe(true);
    expect(hasAnyPermission(new Set(held), [P.LOCATIONS])).toBe(true);
  });

  it('is false when none is held', () => {
    expect(hasAnyPermission(held, [P.ROLES_MANAGE, P.MAIL_SETTINGS])).toBe(false);
    expect(hasAnyPermission([], [P.LOCATIONS])).toBe(false);
    expect(hasAnyPermission(new Set<number>(), [P.LOCATIONS])).toBe(false);
  });

  it('is false for an empty requirement, even for the superuser', () => {
    expect(hasAnyPermission(held, [])).toBe(false);
    expect(hasAnyPermission([SUPERUSER_ID], [])).toBe(false);
  });

  it('lets the superuser satisfy any non-empty requirement', () => {
    expect(hasAnyPermission([SUPERUSER_ID], [P.ROLES_MANAGE])).toBe(true);
    expect(hasAnyPermission(new Set([SUPERUSER_ID]), COMPOSITE.HAZARDANALYSIS_LIST)).toBe(true);
    expect(hasAnyPermission([SUPERUSER_ID], [99_999])).toBe(true);
  });
});

describe('hasAllPermissions', () => {
  const held = [P.EMPLOYEES_BASIC_READONLY, P.LOCATIONS, P.LOCATIONS_EDIT];

  it('is true when every required id is held', () => {
    expect(hasAllPermissions(held, [P.LOCATIONS, P.LOCATIONS_EDIT])).toBe(true);
    expect(hasAllPermissions(new Set(held), [P.LOCATIONS])).toBe(true);
  });

  it('is false when one is missing', () => {
    expect(hasAllPermissions(held, [P.LOCATIONS, P.LOCATIONS_MOVE])).toBe(false);
    expect(hasAllPermissions([], [P.LOCATIONS])).toBe(false);
  });

  it('is true for an empty requirement', () => {
    expect(hasAllPermissions([], [])).toBe(true);
    expect(hasAllPermissions(held, [])).toBe(true);
  });

  it('lets the superuser satisfy every requirement', () => {
    expect(hasAllPermissions([SUPERUSER_ID], [P.ROLES_MANAGE, P.MAIL_SETTINGS, P.TASK_SCHEDULE_EDIT])).toBe(
      true,
    );
    expect(
      hasAllPermissions(
        new Set([SUPERUSER_ID]),
        permissionList.map((p) => p.id),
      ),
    ).toBe(true);
  });
});

describe('composites', () => {
  it('reference existing ids only, are non-empty and free of duplicates', () => {
    for (const [name, ids] of Object.entries(COMPOSITE)) {
      expect(ids.length, name).toBeGreaterThan(0);
      expect(new Set(ids).size, name).toBe(ids.length);
      for (const id of ids) {
        expect(permissionById(id), `${name}: ${id}`).toBeDefined();
      }
    }
  });

  it('match the menu rules of spec §2.3', () => {
    expect([...COMPOSITE.HAZARDANALYSIS_LIST].sort()).toEqual(
      [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_READONLY_RELEASED].sort(),
    );
    expect([...COMPOSITE.HAZARDANALYSISSTATUS_ANY].sort()).toEqual(
      [P.HAZARDANALYSISSTATUS_EDIT, P.HAZARDANALYSISSTATUS_LOG].sort(),
    );
    expect(hasAnyPermission([P.HAZARDANALYSIS_READONLY_RELEASED], COMPOSITE.HAZARDANALYSIS_LIST)).toBe(true);
    expect(hasAnyPermission([P.HAZARDANALYSISSTATUS_LOG], COMPOSITE.HAZARDANALYSISSTATUS_ANY)).toBe(true);
  });

  it('has at least a dozen entries', () => {
    expect(Object.keys(COMPOSITE).length).toBeGreaterThanOrEqual(12);
  });
});

describe('role presets', () => {
  it('reference existing ids only, without duplicates', () => {
    for (const [key, preset] of Object.entries(rolePresets)) {
      expect(preset.name.length, key).toBeGreaterThan(0);
      expect(preset.description.length, key).toBeGreaterThan(0);
      expect(preset.permissions.length, key).toBeGreaterThan(0);
      expect(new Set(preset.permissions).size, key).toBe(preset.permissions.length);
      for (const id of preset.permissions) {
        expect(permissionById(id), `${key}: ${id}`).toBeDefined();
      }
    }
  });

  it('have the German names of the demo roles', () => {
    expect(rolePresets.sicherheitsfachkraft.name).toBe('Sicherheitsfachkraft');
    expect(rolePresets.fuehrungskraft.name).toBe('Führungskraft');
    expect(rolePresets.mitarbeiter.name).toBe('Mitarbeiter');
    expect(rolePresets.administrator.name).toBe('Administrator');
  });

  it('make only the administrator a superuser', () => {
    expect(rolePresets.administrator.permissions).toEqual([SUPERUSER_ID]);
    for (const key of ['sicherheitsfachkraft', 'fuehrungskraft', 'mitarbeiter'] as const) {
      expect(rolePresets[key].permissions, key).not.toContain(SUPERUSER_ID);
    }
  });

  it('give the Sicherheitsfachkraft full hazard analysis but no rights, mail or schedule administration', () => {
    const held = rolePresets.sicherheitsfachkraft.permissions;
    const hazardAnalysis = permissionsInGroup('hazardAnalysis').map((p) => p.id);
    expect(hasAllPermissions(held, hazardAnalysis)).toBe(true);
    expect(hasAllPermissions(held, [P.EMPLOYEES_BASIC_READONLY, P.REPORTS])).toBe(true);
    expect(
      hasAnyPermission(held, [
        P.ROLES_MANAGE,
        P.EMPLOYEES_PERMISSIONS,
        P.MAIL_SETTINGS_EDIT,
        P.TASK_SCHEDULE_EDIT,
      ]),
    ).toBe(false);
  });

  it('let the Führungskraft read employees and hazard analyses, evaluate instructions and run reports', () => {
    const held = rolePresets.fuehrungskraft.permissions;
    expect(
      hasAllPermissions(held, [
        P.EMPLOYEES_BASIC_READONLY,
        P.HAZARDANALYSIS_READONLY,
        P.HAZARDANALYSIS_READONLY_RELEASED,
        P.ACTIONS_AREA,
        P.TOPICS_EVALUATE,
        P.REPORTS,
      ]),
    ).toBe(true);
    expect(hasAnyPermission(held, [P.ROLES_MANAGE, P.HAZARDANALYSIS_DELETE, P.EMPLOYEES_EDIT])).toBe(false);
  });

  it('keep the Mitarbeiter minimal', () => {
    const held = rolePresets.mitarbeiter.permissions;
    expect(hasAllPermissions(held, [P.DASHBOARD, P.TOPICS_OWN, P.HAZARDANALYSIS_READONLY_RELEASED])).toBe(
      true,
    );
    expect(hasAnyPermission(held, [P.HAZARDANALYSIS_READONLY, P.EMPLOYEES_BASIC_READONLY, P.REPORTS])).toBe(
      false,
    );
    expect(held.length).toBeLessThan(15);
  });
});
