import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import { settingsPageRights } from '#app/pages/settings/settings-tabs.ts';

export type MenuEntry = {
  /** i18n key below `menu.` (German title of spec shell §2.3). */
  key: string;
  route: string;
  /** Any one of these permissions shows the entry. */
  anyOf: readonly number[];
  /**
   * True once the page exists. Entries of modules not built yet stay hidden (never stubbed);
   * a module enables its entry when it adds its route.
   */
  available: boolean;
};

/** The main menu as spec shell §2.3, in its order, then 'Einstellungen'. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { key: 'employees', route: '/employee/list', anyOf: [P.EMPLOYEES_BASIC_READONLY], available: true },
  { key: 'locations', route: '/locations/list', anyOf: [P.LOCATIONS], available: true },
  { key: 'activities', route: '/activities/list', anyOf: [P.ACTIVITIES], available: true },
  {
    key: 'hazardAnalysis',
    route: '/hazardanalysis/list',
    anyOf: COMPOSITE.HAZARDANALYSIS_LIST,
    available: true,
  },
  {
    key: 'hazardAnalysisDrafts',
    route: '/hazardanalysis/draft',
    anyOf: [P.HAZARDANALYSIS_READONLY],
    available: true,
  },
  // Not in the spec's menu table, but the spec has the "factor menu editor"; it needs a way in (decision 019).
  {
    key: 'factorMenus',
    route: '/hazardanalysis/factormenus',
    anyOf: [P.HAZARDANALYSIS_FACTOR_MENU],
    available: true,
  },
  { key: 'roles', route: '/role/list', anyOf: [P.ROLES_MANAGE], available: true },
  { key: 'checklists', route: '/checklists/list', anyOf: [P.AUDIT_CHECKLISTS], available: false },
  {
    key: 'questionnaireTypes',
    route: '/checklists/tree/control',
    anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL],
    available: false,
  },
  {
    key: 'questionnaires',
    route: '/checklists/tree',
    anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST],
    available: false,
  },
  { key: 'audits', route: '/audits/list', anyOf: [P.AUDIT_AUDITS], available: false },
  { key: 'hazardBricks', route: '/hazardbricks/list', anyOf: [P.HAZARDBRICKS], available: true },
  { key: 'mailSettings', route: '/mailsettings/settings', anyOf: [P.MAIL_SETTINGS], available: true },
  {
    key: 'hazardAnalysisStatus',
    route: '/hazardanalysis/status',
    anyOf: COMPOSITE.HAZARDANALYSISSTATUS_ANY,
    available: true,
  },
  { key: 'taskSchedule', route: '/taskschedule/edit', anyOf: [P.TASK_SCHEDULE_VIEW], available: true },
  // Not in the spec's menu table (its routes are not shown), but the spec has the screen "Documents management
  // and templates"; it needs a way in (decision 016).
  { key: 'documents', route: '/documents/list', anyOf: [P.DOCUMENTS], available: true },
  // Not in the spec's menu table, but the spec has the task list ("Meine Aufgaben") and actions (decision 020).
  { key: 'tasks', route: '/tasks', anyOf: COMPOSITE.ACTIONS_ANY, available: true },
  {
    key: 'actions',
    route: '/actions/list',
    anyOf: [P.ACTIONS, P.ACTIONS_AREA, P.ACTIONS_ALL],
    available: true,
  },
  // Not in the spec's menu table: the report manager exists in the spec's further screens (decision 015).
  { key: 'reportManager', route: '/reports/manager', anyOf: [P.REPORTS_MANAGE], available: true },
  // Not in the spec's menu table, but the spec has a settings screen; it needs a way in (decision 014).
  { key: 'settings', route: '/settings', anyOf: settingsPageRights(), available: true },
];

/** The entries a user with `canAny` may open, in menu order. */
export function visibleMenuEntries(canAny: (required: readonly number[]) => boolean): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => entry.available && canAny(entry.anyOf));
}

/** The permission set a page of the menu requires (used by the route table as well). */
export function menuPermissions(route: string): readonly number[] {
  const entry = MENU_ENTRIES.find((e) => e.route === route);
  if (!entry) throw new Error(`No menu entry for ${route}`);
  return entry.anyOf;
}
