import { hasAnyPermission, P, SUPERUSER_ID } from '@schutzwerk/shared/permissions.ts';
import { describe, expect, it } from 'vitest';
import de from '#i18n/de.json';
import { MENU_ENTRIES, visibleMenuEntries } from './menu-entries.ts';

const can = (held: number[]) => (required: readonly number[]) => hasAnyPermission(held, required);

describe('menu entries', () => {
  it('lists the fourteen entries of spec shell §2.3, then Faktorenmenüs, Gefahrstoffe, Unterweisungen, Unfallmeldungen, Verbandbuch, Zeitfenster, Meine Termine, Terminkalender, Arbeitsmedizinische Vorsorge, Stammdaten Arbeitsmedizin, Betriebsarzt, Unterweisungsprofile, Zuweisungsmatrix, Gruppenrückmeldung, Dokumente, Meine Unterweisungen, Meine Vorsorge, Meine Aufgaben, Maßnahmen, Report-Manager and Einstellungen, with known permissions', () => {
    expect(MENU_ENTRIES).toHaveLength(36);
    expect(MENU_ENTRIES.at(-1)?.key).toBe('settings');
    for (const entry of MENU_ENTRIES) {
      expect(entry.anyOf.length).toBeGreaterThan(0);
      for (const id of entry.anyOf) expect(typeof id).toBe('number');
    }
  });

  it('gives every area its own icon, so the start page and the menu tell them apart', () => {
    const icons = new Set(MENU_ENTRIES.map((entry) => entry.icon));
    expect(icons.size).toBe(MENU_ENTRIES.length);
    for (const entry of MENU_ENTRIES) expect(entry.icon, entry.key).toBeTruthy();
  });

  it('describes every area in one German line of its own — no generic "Bereich öffnen"', () => {
    const titles: Record<string, string> = de.menu;
    const descriptions: Record<string, string> = de.menuDescription;
    const seen = new Set<string>();
    for (const entry of MENU_ENTRIES) {
      const title = titles[entry.key];
      const description = descriptions[entry.key];
      expect(title, `menu.${entry.key}`).toBeTruthy();
      expect(description, `menuDescription.${entry.key}`).toBeTruthy();
      if (!description) continue;
      expect(description, entry.key).not.toMatch(/Bereich öffnen/i);
      expect(description, entry.key).not.toBe(title);
      expect(description.length, entry.key).toBeGreaterThanOrEqual(25);
      expect(description.length, entry.key).toBeLessThanOrEqual(90);
      expect(description, entry.key).not.toContain('\n');
      expect(seen.has(description), `${entry.key}: same description as another area`).toBe(false);
      seen.add(description);
    }
    // No description without an entry (a fallback text would creep back in).
    expect(Object.keys(descriptions).sort()).toEqual(MENU_ENTRIES.map((entry) => entry.key).sort());
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
    expect(visibleMenuEntries(can([P.TOPICS])).map((e) => e.key)).toEqual(['instructions']);
    expect(visibleMenuEntries(can([P.TOPICS_OWN])).map((e) => e.key)).toEqual([
      'myInstructions',
      'ownPrecautions',
    ]);
    // Occupational-medical precaution (decision 057).
    // Readers of precautions also read the settings tab „Arbeitsmedizin“ (its intervals and lead time).
    expect(visibleMenuEntries(can([P.PRECAUTION])).map((e) => e.key)).toEqual(['precautions', 'settings']);
    expect(visibleMenuEntries(can([P.PRECAUTION_MASTER_DATA])).map((e) => e.key)).toEqual([
      'precautionCatalogues',
    ]);
    // The works doctor sees their own view only (decision 063).
    expect(visibleMenuEntries(can([P.WORKS_DOCTOR])).map((e) => e.key)).toEqual(['worksDoctor']);
    expect(visibleMenuEntries(can([P.TOPICS_PROFILES])).map((e) => e.key)).toEqual([
      'instructionProfiles',
      'instructionMatrix',
    ]);
    // An evaluation right reads the group feedbacks' „Verlauf“ (decision 079).
    expect(visibleMenuEntries(can([P.TOPICS_EVALUATE])).map((e) => e.key)).toEqual([
      'instructionMatrix',
      'groupFeedback',
    ]);
    // Group feedback has its own right (decision 069).
    expect(visibleMenuEntries(can([P.TOPICS_GROUP_FEEDBACK])).map((e) => e.key)).toEqual(['groupFeedback']);
    // External instructions: their records and their settings per location (decision 074).
    expect(visibleMenuEntries(can([P.TOPICS_EVALUATE_EXTERNAL])).map((e) => e.key)).toEqual([
      'instructionMatrix',
      'groupFeedback',
      'externalInstructions',
    ]);
    // Readers of released substances see the register.
    expect(visibleMenuEntries(can([P.HAZMAT_READONLY_RELEASED])).map((e) => e.key)).toEqual(['substances']);
    // A first aider sees the first-aid book only; reporters see the accident list (decision 047).
    expect(visibleMenuEntries(can([P.FIRST_AID_BOOK])).map((e) => e.key)).toEqual(['firstAidBook']);
    expect(visibleMenuEntries(can([P.ACCIDENT_REPORTS_CREATE])).map((e) => e.key)).toEqual(['accidents']);
    // Questionnaire types and questionnaires each have their right (decision 058).
    expect(visibleMenuEntries(can([P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL])).map((e) => e.key)).toEqual([
      'questionnaireTypes',
    ]);
    expect(visibleMenuEntries(can([P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST])).map((e) => e.key)).toEqual([
      'questionnaires',
    ]);
    // An employee who books own appointments sees „Meine Termine“ and the calendar (decision 060).
    expect(visibleMenuEntries(can([P.APPOINTMENTS_BOOK_OWN])).map((e) => e.key)).toEqual([
      'myAppointments',
      'appointmentCalendar',
    ]);
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
      'checklists',
      'questionnaireTypes',
      'questionnaires',
      'audits',
      'hazardBricks',
      'substances',
      'instructions',
      'accidents',
      'firstAidBook',
      'appointmentWindows',
      'myAppointments',
      'appointmentCalendar',
      'precautions',
      'precautionCatalogues',
      'worksDoctor',
      'instructionProfiles',
      'instructionMatrix',
      'groupFeedback',
      'externalInstructions',
      'mailSettings',
      'hazardAnalysisStatus',
      'taskSchedule',
      'documents',
      'myInstructions',
      'ownPrecautions',
      'tasks',
      'actions',
      'reportManager',
      'settings',
    ]);
  });
});
