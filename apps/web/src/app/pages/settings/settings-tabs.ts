import { P } from '@schutzwerk/shared/permissions.ts';
import { SETTINGS_CATEGORY_RIGHTS } from '@schutzwerk/shared/settings/settings-rights.ts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type SettingsTab = {
  /** URL segment: /settings/<key>. */
  key: string;
  /** i18n key of the tab label. */
  labelKey: string;
  /** The settings category whose read right shows the tab (the server's list decides). */
  category?: keyof typeof SETTINGS_CATEGORY_RIGHTS;
  /** Or: any of these rights shows the tab (tabs that are not a settings category). */
  anyOf?: readonly number[];
  component: LazyExoticComponent<ComponentType>;
};

/**
 * The tabs of the settings screen in the order of the spec ('Settings screen'); only categories that
 * exist are listed — later modules add their own tab here (one entry each).
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  {
    key: 'appointments',
    labelKey: 'appointments.settings.tab',
    category: 'appointments',
    component: lazy(() => import('#features/appointments/appointment-settings-tab.tsx')),
  },
  {
    key: 'hazmat',
    labelKey: 'substances.settings.tab',
    category: 'hazmat',
    component: lazy(() => import('#features/substances/hazmat-settings-tab.tsx')),
  },
  // „healthcare“ of the spec's order (decision 057).
  {
    key: 'occupationalMedicine',
    labelKey: 'occupationalMedicine.settings.tab',
    category: 'occupationalMedicine',
    component: lazy(() => import('#features/occupational-medicine/occupational-medicine-settings-tab.tsx')),
  },
  {
    key: 'instructions',
    labelKey: 'instructionRun.settings.tab',
    category: 'instructions',
    component: lazy(() => import('#features/instruction-run/instruction-settings-tab.tsx')),
  },
  {
    key: 'accidents',
    labelKey: 'accidents.settings.tab',
    category: 'accidents',
    component: lazy(() => import('#features/accidents/accident-settings-tab.tsx')),
  },
  {
    key: 'language',
    labelKey: 'settings.tabs.language',
    category: 'language',
    component: lazy(() => import('#features/settings/language-tab.tsx')),
  },
  {
    key: 'license',
    labelKey: 'settings.tabs.license',
    category: 'license',
    component: lazy(() => import('#features/settings/license-tab.tsx')),
  },
  {
    key: 'mail',
    labelKey: 'mail.tabs.smtpSettings',
    category: 'mail',
    component: lazy(() => import('#features/mail/smtp-tab.tsx')),
  },
  {
    key: 'mailTemplates',
    labelKey: 'mail.tabs.templates',
    anyOf: [P.MAIL_SETTINGS, P.MAIL_TEMPLATES],
    component: lazy(() => import('#features/mail/templates-tab.tsx')),
  },
  {
    key: 'taskSchedule',
    labelKey: 'settings.tabs.taskSchedule',
    anyOf: [P.TASK_SCHEDULE_VIEW],
    component: lazy(() => import('#features/scheduler/task-schedule-tab.tsx')),
  },
  {
    key: 'security',
    labelKey: 'password.security.tab',
    category: 'security',
    component: lazy(() => import('#features/password/security-tab.tsx')),
  },
  {
    key: 'system',
    labelKey: 'settings.tabs.system',
    category: 'system',
    component: lazy(() => import('#features/settings/system-tab.tsx')),
  },
  // „works doctor“, the last of the spec's category tabs (decision 063).
  {
    key: 'worksDoctor',
    labelKey: 'worksDoctor.settings.tab',
    category: 'worksDoctor',
    component: lazy(() => import('#features/works-doctor/works-doctor-settings-tab.tsx')),
  },
];

/** Every right that opens at least one tab (the route's permission set). */
export function settingsPageRights(): number[] {
  const ids = new Set<number>([P.SETTINGS_READONLY]);
  for (const tab of SETTINGS_TABS) {
    const category = tab.category ? SETTINGS_CATEGORY_RIGHTS[tab.category] : undefined;
    for (const id of [...(category?.readAnyOf ?? []), ...(category?.writeAnyOf ?? []), ...(tab.anyOf ?? [])])
      ids.add(id);
  }
  return [...ids];
}
