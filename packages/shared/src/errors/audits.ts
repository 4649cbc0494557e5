/** Approval processes (Freigabevorgänge), protected checklists and the offline mode of the viewer (decision 059). */
import type { ErrorDefinition } from './definition.ts';

export const auditsErrors = {
  AUDIT_NOT_FOUND: {
    status: 404,
    message: 'Der Freigabevorgang wurde nicht gefunden.',
  },
  AUDIT_STATE_INVALID: {
    status: 409,
    message:
      'Dieser Schritt ist im aktuellen Status des Freigabevorgangs nicht möglich. Bitte laden Sie die Seite neu.',
  },
  AUDIT_CHECKLISTS_UNDONE: {
    status: 409,
    message:
      'Der Freigabevorgang kann nicht abgeschlossen werden, solange nicht alle Checklisten abgeschlossen sind.',
  },
  AUDIT_NOT_DONE: {
    status: 409,
    message: 'Nur ein abgeschlossener Freigabevorgang kann gedruckt werden.',
  },
  AUDIT_CHECKLIST_IN_USE: {
    status: 409,
    message:
      'Die Checkliste kann nicht aus dem Freigabevorgang entfernt werden, weil sie bereits ausgefüllt wurde.',
  },
  CHECKLIST_PASSWORD_REQUIRED: {
    status: 403,
    message: 'Die Checkliste ist passwortgeschützt. Bitte geben Sie das Passwort ein.',
  },
  CHECKLIST_PASSWORD_INVALID: {
    status: 400,
    message: 'Das Passwort der Checkliste ist ungültig. Bitte geben Sie es erneut ein.',
  },
  AUDIT_CHECKLIST_LOCKED: {
    status: 409,
    message:
      'Die Checkliste ist noch gesperrt: Die vorherige Checkliste des Freigabevorgangs hat ihren erforderlichen Fortschritt noch nicht erreicht.',
  },
  OFFLINE_CONFLICT: {
    status: 409,
    message:
      'Die offline erfassten Antworten konnten nicht übertragen werden, weil die Checkliste inzwischen auf dem Server geändert wurde. Bitte wählen Sie für jedes Feld den gültigen Wert.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** Texts the audits module writes into mails and PDFs (no inline German in services). */
export const auditsMessages = {
  statusLabels: {
    planned: 'Geplant',
    in_progress: 'In Bearbeitung',
    done: 'Abgeschlossen',
    cancelled: 'Abgebrochen',
  } as Record<string, string>,
  roleLabels: {
    responsible: 'Verantwortlich',
    executor: 'Durchführend',
    affected: 'Betroffen',
    participant: 'Teilnehmend',
  } as Record<string, string>,
  actionSourceLabel: (title: string) => `Freigabevorgang „${title}“`,
  printTitle: (title: string) => `Freigabevorgang: ${title}`,
  printFile: (title: string) => `Freigabevorgang_${title}.pdf`,
  printStatus: 'Status',
  printPlannedOn: 'Geplant am',
  printFinishedAt: 'Abgeschlossen am',
  printDescription: 'Beschreibung',
  printPeople: 'Beteiligte',
  printChecklists: 'Checklisten',
  printFindings: 'Feststellungen und Maßnahmen',
  printNoFindings: 'Keine Feststellungen.',
  printProgress: (progress: number, done: boolean) =>
    `Fortschritt ${progress} % – ${done ? 'abgeschlossen' : 'offen'}`,
  printFindingLine: (designation: string, responsible: string, due: string) =>
    `${designation} – verantwortlich: ${responsible}${due ? `, fällig am ${due}` : ''}`,
  personUnknown: 'Bitte wählen Sie eine Person dieses Portals aus.',
  personsUnknown: 'Mindestens eine gewählte Person gehört nicht zu diesem Portal.',
  checklistsUnknown: 'Mindestens eine gewählte Checkliste ist unbekannt oder deaktiviert.',
  employeeInAudits: (titles: string[]) =>
    `Die Person ist an Freigabevorgängen beteiligt (${titles.join(', ')}). Bitte ersetzen Sie sie dort zuerst.`,
  yes: 'ja',
  no: 'nein',
  noAnswer: '–',
  mailItems: (title: string, status: string, role: string, plannedOn: string) =>
    `Freigabevorgang: ${title}\nStatus: ${status}\nIhre Rolle: ${role}${plannedOn ? `\nGeplant am: ${plannedOn}` : ''}`,
} as const;
