import { hasAnyPermission, P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import { MENU_ENTRIES, visibleMenuEntries } from './menu-entries.ts';

const can = (held: number[]) => (required: readonly number[]) => hasAnyPermission(held, required);

describe('menu entries', () => {
  it('lists the fourteen entries of spec shell §2.3, then Faktorenmenüs, Dokumente, Meine Aufgaben, Maßnahmen, Report-Manager and Einstellungen, with known permissions', () => {
    expect(MENU_ENTRIES).toHaveLength(20);
    expect(MENU_ENTRIES.at(-1)?.key).toBe('settings');
    for (const entry of MENU_ENTRIES) {
      expect(entry.anyOf.length).toBeGreaterThan(0);
      for (const id of entry.anyOf) expect(typeof id).toBe('number');
    }
  });

  it('shows only available entries the user holds a permission for', () => {
    expect(visibleMenuEntries(can([P.EMPLOYEES_BASIC_READONLY])).map((e) => e.key)).toEqual(['employees']);
    expect(visibleMenuEntries(can([P.ROLES_MANAGE, P.ACTIVITIES])).map((e) => e.key)).toEqual([
      'activities',
      'roles',
    ]);
    // Readers of released assessments only get the list, not the templates.
    expect(visibleMenuEntries(can([P.HAZARDANALYSIS_READONLY_RELEASED])).map((e) => e.key)).toEqual([
      'hazardAnalysis',
    ]);
    expect(visibleMenuEntries(can([P.ROLES_MANAGE, P.REPORTS_MANAGE])).map((e) => e.key)).toEqual([
      'roles',
      'reportManager',
    ]);
    expect(visibleMenuEntries(can([P.LOCATIONS])).map((e) => e.key)).toEqual(['locations']);
    // The mail settings are also tabs of the settings screen.
    expect(visibleMenuEntries(can([P.MAIL_SETTINGS])).map((e) => e.key)).toEqual([
      'mailSettings',
      'settings',
    ]);
    expect(visibleMenuEntries(can([P.ACTIONS_OWN])).map((e) => e.key)).toEqual(['tasks']);
    expect(visibleMenuEntries(can([P.ACTIONS_AREA])).map((e) => e.key)).toEqual(['tasks', 'actions']);
    expect(visibleMenuEntries(can([])).map((e) => e.key)).toEqual([]);
  });

  it('shows every available entry to the superuser', () => {
    expect(visibleMenuEntries(can([SUPERUSER_ID])).map((e) => e.key)).toEqual([
      'employees',
      'locations',
      'activities',
      'hazardAnalysis',
      'hazardAnalysisDrafts',
      'factorMenus',
      'roles',
      'hazardBricks',
      'mailSettings',
      'hazardAnalysisStatus',
      'taskSchedule',
      'documents',
      'tasks',
      'actions',
      'reportManager',
      'settings',
    ]);
  });
});
