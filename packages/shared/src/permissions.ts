/**
 * The permission catalogue (spec shell §6, modules §6).
 *
 * Permissions are numeric ids held in a user's permission list. Server and browser use this one
 * catalogue: the server to enforce `anyOf(...)` / `allOf(...)` on routes, the browser to hide what
 * is forbidden, the role editor to list every right with its German label.
 *
 * IDS ARE STABLE FOREVER. They are stored in the database (role and employee rights) and in
 * exported data. Never renumber a permission, never reuse the id of a removed one, never move a
 * permission to another id when it moves to another group. Add new permissions at the end of
 * their group's block; retire old ones by keeping the id reserved (leave a comment).
 *
 * Id blocks (one block of 100 per group; a group that outgrows its block continues in a new
 * block above 3000, never by shifting its neighbours):
 *      1–99   settings (12 = SUPERUSER)      1500–1599  biohazard
 *    100–199  employees (incl. roles)        1600–1699  hazmat
 *    200–299  departments                    1700–1799  reports
 *    300–399  locations                      1800–1899  mailSettings
 *    400–499  activities                     1900–1999  taskSchedule
 *    500–599  actions                        2000–2099  documents
 *    600–699  hazardAnalysis                 2100–2199  objects
 *    700–799  hazardBricks                   2200–2299  operatingInstructions
 *    800–899  audits                         2300–2399  emkg
 *    900–999  checklists                     2400–2499  storage
 *   1000–1099 healthcare                     2500–2599  shop
 *   1100–1199 appointments                   2600–2699  dashboard
 *   1200–1299 topics                         2700–2799  visitors
 *   1300–1399 compliance                     2800–2899  tempAgencies
 *   1400–1499 portals
 *
 * Id 12 (SUPERUSER) satisfies every check; the check functions below handle it, so composites
 * and route declarations never need to list it.
 */

/** Permission groups in display order (role editor). Keys are code names, values German labels. */
export const permissionGroups = {
  administration: 'Vollzugriff',
  settings: 'Einstellungen',
  employees: 'Mitarbeiter',
  departments: 'Abteilungen',
  locations: 'Orte',
  activities: 'Eigenschaften',
  actions: 'Maßnahmen und Aufgaben',
  hazardAnalysis: 'Gefährdungsbeurteilung',
  hazardBricks: 'Gefährdungsbausteine',
  audits: 'Freigabevorgänge',
  checklists: 'Checklisten und Fragebogen',
  healthcare: 'Arbeitsmedizin und Unfallmeldungen',
  appointments: 'Terminverwaltung',
  topics: 'Unterweisungen',
  compliance: 'Compliance-Management',
  portals: 'Portale',
  biohazard: 'Biostoffe',
  hazmat: 'Gefahrstoffe',
  emkg: 'Einfaches Maßnahmenkonzept Gefahrstoffe (EMKG)',
  storage: 'Gebinde und Lager',
  operatingInstructions: 'Betriebsanweisungen',
  objects: 'Objekte und Arbeitsmittel',
  documents: 'Dokumente',
  reports: 'Reports',
  mailSettings: 'Mail-Einstellungen',
  taskSchedule: 'Aufgabenplanung',
  shop: 'Shop',
  dashboard: 'Dashboard',
  visitors: 'Besucherverwaltung',
  tempAgencies: 'Zeitarbeitsfirmen',
} as const;

export type PermissionGroup = keyof typeof permissionGroups;

type CatalogueEntry = { readonly id: number; readonly group: PermissionGroup; readonly label: string };

// biome-ignore format: one permission per line keeps the catalogue readable as a table
const catalogue = {
  // ── settings 1–99 ─────────────────────────────────────────────────────────────────────────────
  SETTINGS_READONLY: { id: 1, group: 'settings', label: 'Einstellungen lesen' },
  SETTINGS_GENERAL: { id: 2, group: 'settings', label: 'Allgemeine Einstellungen und Dashboard-Einstellungen bearbeiten' },
  SETTINGS_SECURITY: { id: 3, group: 'settings', label: 'Sicherheitseinstellungen und Passwortrichtlinie bearbeiten' },
  SETTINGS_LICENSE: { id: 4, group: 'settings', label: 'Lizenzeinstellungen bearbeiten' },
  SETTINGS_PORTAL: { id: 5, group: 'settings', label: 'Portal-Einstellungen bearbeiten' },
  SETTINGS_SYSTEM: { id: 6, group: 'settings', label: 'Systemeinstellungen bearbeiten' },
  SETTINGS_LANGUAGE: { id: 7, group: 'settings', label: 'Sprachen aktivieren und deaktivieren' },
  SETTINGS_LANGUAGE_EDITOR: { id: 8, group: 'settings', label: 'Sprachtexte bearbeiten (Spracheditor)' },
  SETTINGS_DOCUMENTS: { id: 9, group: 'settings', label: 'Dokumenten-Einstellungen bearbeiten' },
  SETTINGS_COMPLIANCE: { id: 10, group: 'settings', label: 'Compliance-Einstellungen bearbeiten' },
  SETTINGS_EQUIPMENT: { id: 11, group: 'settings', label: 'Einstellungen für Arbeits- und Betriebsmittel bearbeiten' },
  SUPERUSER: { id: 12, group: 'administration', label: 'Administrator (alle Rechte)' },
  SETTINGS_HAZARDANALYSIS: { id: 13, group: 'settings', label: 'Einstellungen zur Gefährdungsbeurteilung bearbeiten' },
  SETTINGS_HAZMAT: { id: 14, group: 'settings', label: 'Gefahrstoff-Einstellungen bearbeiten' },
  SETTINGS_HEALTHCARE: { id: 15, group: 'settings', label: 'Einstellungen zu Arbeitsmedizin und Betriebsarzt bearbeiten' },
  SETTINGS_TOPICS: { id: 16, group: 'settings', label: 'Einstellungen zu Unterweisungen und Terminen bearbeiten' },
  SETTINGS_TASKS: { id: 17, group: 'settings', label: 'Einstellungen zu Aufgaben und Maßnahmen bearbeiten' },
  SYSTEM_INFO: { id: 18, group: 'settings', label: 'Systeminformationen anzeigen' },
  LOG_VIEWER: { id: 19, group: 'settings', label: 'Änderungs- und Freigabeprotokolle anzeigen' },
  TEXT_TEMPLATES: { id: 20, group: 'settings', label: 'Textvorlagen und Schlagwörter verwalten' },
  MENU_LINKS: { id: 21, group: 'settings', label: 'Menü-Links verwalten' },
  SUBSTITUTE_RULES: { id: 22, group: 'settings', label: 'Vertretungsregeln verwalten' },
  CLIENTS: { id: 23, group: 'settings', label: 'Firmen und Unfallversicherungsträger verwalten' },
  OFFLINE_MODE: { id: 24, group: 'settings', label: 'Offline-Modus verwenden' },

  // ── employees 100–199 ─────────────────────────────────────────────────────────────────────────
  EMPLOYEES_BASIC_READONLY: { id: 100, group: 'employees', label: 'Mitarbeiter-Stammdaten lesen' },
  EMPLOYEES_READONLY: { id: 101, group: 'employees', label: 'Erweiterte Mitarbeiterdaten lesen' },
  EMPLOYEES_CREATE: { id: 102, group: 'employees', label: 'Mitarbeiter anlegen' },
  EMPLOYEES_EDIT: { id: 103, group: 'employees', label: 'Mitarbeiterdaten bearbeiten' },
  EMPLOYEES_DELETE: { id: 104, group: 'employees', label: 'Mitarbeiter löschen' },
  EMPLOYEES_COPY: { id: 105, group: 'employees', label: 'Zuordnungen von Mitarbeitern kopieren' },
  EMPLOYEES_ROLES: { id: 106, group: 'employees', label: 'Rollen von Mitarbeitern zuordnen' },
  EMPLOYEES_PERMISSIONS: { id: 107, group: 'employees', label: 'Einzelrechte von Mitarbeitern bearbeiten' },
  EMPLOYEES_RESET_PASSWORD: { id: 108, group: 'employees', label: 'Passwörter von Mitarbeitern zurücksetzen' },
  EMPLOYEES_SHOW_INACTIVE: { id: 109, group: 'employees', label: 'Inaktive Mitarbeiter anzeigen' },
  EMPLOYEES_CHIPID: { id: 110, group: 'employees', label: 'Chip-ID von Mitarbeitern bearbeiten' },
  EMPLOYEES_LOG: { id: 111, group: 'employees', label: 'Änderungsprotokoll von Mitarbeitern anzeigen' },
  EMPLOYEES_IMPORT: { id: 112, group: 'employees', label: 'Mitarbeiter importieren und exportieren' },
  EMPLOYEES_HEALTH_DATA: { id: 113, group: 'employees', label: 'Krankenkassendaten von Mitarbeitern lesen und bearbeiten' },
  EMPLOYEES_PERSONAL_DATA: { id: 114, group: 'employees', label: 'Persönliche Daten von Mitarbeitern lesen und bearbeiten' },
  EMPLOYEES_ACTIVATE: { id: 115, group: 'employees', label: 'Mitarbeiter aktivieren und deaktivieren' },
  EMPLOYEES_DEPARTMENTS: { id: 116, group: 'employees', label: 'Abteilungen von Mitarbeitern zuordnen' },
  EMPLOYEES_LOCATIONS: { id: 117, group: 'employees', label: 'Orte von Mitarbeitern zuordnen' },
  EMPLOYEES_ACTIVITIES: { id: 118, group: 'employees', label: 'Eigenschaften von Mitarbeitern zuordnen' },
  EMPLOYEES_RESPONSIBILITIES: { id: 119, group: 'employees', label: 'Verantwortungsbereiche von Mitarbeitern bearbeiten' },
  EMPLOYEES_PORTALS: { id: 120, group: 'employees', label: 'Portalzuordnung von Mitarbeitern bearbeiten' },
  EMPLOYEES_PROFILES: { id: 121, group: 'employees', label: 'Unterweisungsprofile und Ausnahmeliste von Mitarbeitern bearbeiten' },
  EMPLOYEES_TEMP_WORKERS: { id: 122, group: 'employees', label: 'Externe Mitarbeiter und Leiharbeitnehmer verwalten' },
  EMPLOYEES_LOOKUP: { id: 123, group: 'employees', label: 'Mitarbeiterauskunft verwenden' },
  EMPLOYEES_SYNC: { id: 124, group: 'employees', label: 'Mitarbeiter mit Portalen synchronisieren' },
  ROLES_MANAGE: { id: 125, group: 'employees', label: 'Rollen verwalten' },

  // ── departments 200–299 ───────────────────────────────────────────────────────────────────────
  DEPARTMENTS: { id: 200, group: 'departments', label: 'Abteilungen lesen' },
  DEPARTMENTS_EDIT: { id: 201, group: 'departments', label: 'Abteilungen anlegen, bearbeiten und löschen' },
  DEPARTMENTS_MOVE: { id: 202, group: 'departments', label: 'Abteilungen verschieben' },
  DEPARTMENTS_ALL: { id: 203, group: 'departments', label: 'Alle Abteilungen sehen (nicht nur eigene)' },

  // ── locations 300–399 ─────────────────────────────────────────────────────────────────────────
  LOCATIONS: { id: 300, group: 'locations', label: 'Orte lesen' },
  LOCATIONS_EDIT: { id: 301, group: 'locations', label: 'Orte anlegen, bearbeiten und löschen' },
  LOCATIONS_MOVE: { id: 302, group: 'locations', label: 'Orte verschieben' },
  LOCATIONS_DETAILS: { id: 303, group: 'locations', label: 'Ortsdetails (Adresse, Notrufnummern) bearbeiten' },
  LOCATIONS_RESPONSIBILITIES: { id: 304, group: 'locations', label: 'Verantwortliche und Eskalationsstufen von Orten bearbeiten' },
  LOCATIONS_ALL: { id: 305, group: 'locations', label: 'Alle Orte sehen (ohne Ortsrechte)' },

  // ── activities 400–499 ────────────────────────────────────────────────────────────────────────
  ACTIVITIES: { id: 400, group: 'activities', label: 'Eigenschaften lesen' },
  ACTIVITIES_EDIT: { id: 401, group: 'activities', label: 'Eigenschaften anlegen, bearbeiten und löschen' },
  ACTIVITIES_MOVE: { id: 402, group: 'activities', label: 'Eigenschaften verschieben' },
  ACTIVITIES_ROLE_TREE: { id: 403, group: 'activities', label: 'Rollen-Basisbaum festlegen' },

  // ── actions 500–599 ───────────────────────────────────────────────────────────────────────────
  ACTIONS: { id: 500, group: 'actions', label: 'Maßnahmen lesen' },
  ACTIONS_OWN: { id: 501, group: 'actions', label: 'Eigene Aufgaben und Maßnahmen bearbeiten' },
  ACTIONS_AREA: { id: 502, group: 'actions', label: 'Maßnahmen des eigenen Verantwortungsbereichs bearbeiten' },
  ACTIONS_ALL: { id: 503, group: 'actions', label: 'Maßnahmen aller Bereiche lesen' },
  ACTIONS_CREATE: { id: 504, group: 'actions', label: 'Maßnahmen anlegen' },
  ACTIONS_EDIT: { id: 505, group: 'actions', label: 'Maßnahmen bearbeiten' },
  ACTIONS_DELETE: { id: 506, group: 'actions', label: 'Maßnahmen löschen' },
  ACTIONS_COMPLETE: { id: 507, group: 'actions', label: 'Maßnahmen als erledigt kennzeichnen' },
  ACTIONS_REPORT_PROBLEM: { id: 508, group: 'actions', label: 'Probleme zu Maßnahmen melden' },
  ACTIONS_RESOLVE_PROBLEM: { id: 509, group: 'actions', label: 'Gemeldete Probleme zu Maßnahmen als gelöst kennzeichnen' },

  // ── hazardAnalysis 600–699 ────────────────────────────────────────────────────────────────────
  HAZARDANALYSIS_READONLY: { id: 600, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen lesen' },
  HAZARDANALYSIS_READONLY_RELEASED: { id: 601, group: 'hazardAnalysis', label: 'Freigegebene Gefährdungsbeurteilungen lesen' },
  HAZARDANALYSIS_ADD: { id: 602, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen anlegen' },
  HAZARDANALYSIS_EDIT: { id: 603, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen bearbeiten' },
  HAZARDANALYSIS_CLONE: { id: 604, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen kopieren' },
  HAZARDANALYSIS_DELETE: { id: 605, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen löschen' },
  HAZARDANALYSIS_FILTER: { id: 606, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen filtern und auswerten' },
  HAZARDANALYSIS_RELEASE: { id: 607, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen freigeben' },
  HAZARDANALYSIS_PRINT: { id: 608, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen drucken' },
  HAZARDANALYSIS_ACTIVATE: { id: 609, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen aktivieren und deaktivieren' },
  HAZARDANALYSIS_VERSION: { id: 610, group: 'hazardAnalysis', label: 'Neue Versionen von Gefährdungsbeurteilungen erstellen' },
  HAZARDANALYSIS_DRAFTS: { id: 611, group: 'hazardAnalysis', label: 'Vorlagen (GBM) bearbeiten' },
  HAZARDANALYSIS_INHERITANCE: { id: 612, group: 'hazardAnalysis', label: 'Vererbung von Gefährdungsbeurteilungen verwalten' },
  HAZARDANALYSIS_IMPORT: { id: 613, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen importieren und exportieren' },
  HAZARDANALYSIS_HAZARDS: { id: 614, group: 'hazardAnalysis', label: 'Gefährdungen und Maßnahmen bearbeiten' },
  HAZARDANALYSIS_RISK_MATRIX: { id: 615, group: 'hazardAnalysis', label: 'Risikomatrix (NOHL) bearbeiten' },
  HAZARDANALYSIS_FACTOR_MENU: { id: 616, group: 'hazardAnalysis', label: 'Faktorenmenüs bearbeiten' },
  HAZARDANALYSIS_DOCUMENT_CHECK: { id: 617, group: 'hazardAnalysis', label: 'Dokumentenprüfung von Gefährdungsbeurteilungen durchführen' },
  HAZARDANALYSIS_ALL_LOCATIONS: { id: 618, group: 'hazardAnalysis', label: 'Gefährdungsbeurteilungen aller Orte lesen' },
  HAZARDANALYSISSTATUS_EDIT: { id: 619, group: 'hazardAnalysis', label: 'Einstufungskriterien bearbeiten' },
  HAZARDANALYSISSTATUS_LOG: { id: 620, group: 'hazardAnalysis', label: 'Änderungsprotokoll der Einstufungskriterien anzeigen' },

  // ── hazardBricks 700–799 ──────────────────────────────────────────────────────────────────────
  HAZARDBRICKS: { id: 700, group: 'hazardBricks', label: 'Gefährdungsbausteine lesen' },
  HAZARDBRICKS_EDIT: { id: 701, group: 'hazardBricks', label: 'Gefährdungsbausteine bearbeiten' },
  HAZARDBRICKS_CREATE: { id: 702, group: 'hazardBricks', label: 'Gefährdungsbausteine anlegen' },
  HAZARDBRICKS_DELETE: { id: 703, group: 'hazardBricks', label: 'Gefährdungsbausteine löschen' },
  HAZARDBRICKS_ACTIONS: { id: 704, group: 'hazardBricks', label: 'Maßnahmen und Leitfäden von Gefährdungsbausteinen bearbeiten' },
  HAZARDBRICKS_VERIFICATION_CODES: { id: 705, group: 'hazardBricks', label: 'Prüfcodes von Gefährdungsbausteinen bearbeiten' },
  HAZARDBRICKS_IMPORT: { id: 706, group: 'hazardBricks', label: 'Gefährdungsbausteine importieren und exportieren' },

  // ── audits 800–899 ────────────────────────────────────────────────────────────────────────────
  AUDIT_AUDITS: { id: 800, group: 'audits', label: 'Freigabevorgänge lesen' },
  AUDIT_AUDITS_CREATE: { id: 801, group: 'audits', label: 'Freigabevorgänge anlegen' },
  AUDIT_AUDITS_EDIT: { id: 802, group: 'audits', label: 'Freigabevorgänge bearbeiten' },
  AUDIT_AUDITS_DELETE: { id: 803, group: 'audits', label: 'Freigabevorgänge löschen' },
  AUDIT_AUDITS_RELEASE: { id: 804, group: 'audits', label: 'Freigabevorgänge abschließen und freigeben' },
  AUDIT_AUDITS_ALL: { id: 805, group: 'audits', label: 'Freigabevorgänge aller Bereiche lesen' },

  // ── checklists 900–999 ────────────────────────────────────────────────────────────────────────
  AUDIT_CHECKLISTS: { id: 900, group: 'checklists', label: 'Checklisten lesen' },
  AUDIT_CHECKLISTS_CREATE: { id: 901, group: 'checklists', label: 'Checklisten anlegen' },
  AUDIT_CHECKLISTS_EDIT: { id: 902, group: 'checklists', label: 'Checklisten bearbeiten' },
  AUDIT_CHECKLISTS_DELETE: { id: 903, group: 'checklists', label: 'Checklisten löschen' },
  AUDIT_CHECKLISTS_CLONE: { id: 904, group: 'checklists', label: 'Checklisten kopieren' },
  AUDIT_CHECKLISTS_IMPORT: { id: 905, group: 'checklists', label: 'Checklisten importieren und exportieren' },
  AUDIT_CHECKLISTS_VARIABLES: { id: 906, group: 'checklists', label: 'Checklisten-Variablen verwalten' },
  AUDIT_CHECKLISTS_WORKFLOW: { id: 907, group: 'checklists', label: 'Workflow und Benachrichtigungen von Checklisten bearbeiten' },
  AUDIT_CHECKLISTS_LOCK: { id: 908, group: 'checklists', label: 'Checklisten-Elemente sperren und entsperren' },
  AUDIT_CHECKLISTS_RIGHTS: { id: 909, group: 'checklists', label: 'Sichtbarkeits- und Bearbeitungsrechte von Checklisten verwalten' },
  AUDIT_CHECKLISTS_COLLECTIONTREE_LIST: { id: 910, group: 'checklists', label: 'Fragebogen lesen' },
  AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL: { id: 911, group: 'checklists', label: 'Fragebogentypen verwalten' },
  AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT: { id: 912, group: 'checklists', label: 'Fragebogen ausfüllen und bearbeiten' },
  AUDIT_CHECKLISTS_COLLECTIONTREE_DELETE: { id: 913, group: 'checklists', label: 'Fragebogen löschen' },
  AUDIT_CHECKLISTS_COMMENTS: { id: 914, group: 'checklists', label: 'Kommentare zu Checklisten verfassen' },

  // ── healthcare 1000–1099 ──────────────────────────────────────────────────────────────────────
  ACCIDENT_REPORTS: { id: 1000, group: 'healthcare', label: 'Unfallmeldungen lesen' },
  ACCIDENT_REPORTS_CREATE: { id: 1001, group: 'healthcare', label: 'Unfallmeldungen erfassen' },
  ACCIDENT_REPORTS_EDIT: { id: 1002, group: 'healthcare', label: 'Unfallmeldungen bearbeiten und stornieren' },
  ACCIDENT_REPORTS_DELETE: { id: 1003, group: 'healthcare', label: 'Unfallmeldungen löschen' },
  ACCIDENT_REPORTS_ALL: { id: 1004, group: 'healthcare', label: 'Unfallmeldungen aller Bereiche lesen' },
  ACCIDENT_REPORTS_STATISTICS: { id: 1005, group: 'healthcare', label: 'Unfallstatistik anzeigen' },
  ACCIDENT_REPORTS_NOTICE: { id: 1006, group: 'healthcare', label: 'Unfallanzeige (U1000) drucken und versenden' },
  FIRST_AID_BOOK: { id: 1007, group: 'healthcare', label: 'Einträge ins Verbandbuch erfassen' },
  FIRST_AID_BOOK_ALL: { id: 1008, group: 'healthcare', label: 'Verbandbucheinträge aller Mitarbeiter lesen' },
  INJURY_CATEGORIES: { id: 1009, group: 'healthcare', label: 'Verletzungskategorien verwalten' },
  PRECAUTION: { id: 1010, group: 'healthcare', label: 'Arbeitsmedizinische Vorsorge lesen' },
  PRECAUTION_EDIT: { id: 1011, group: 'healthcare', label: 'Arbeitsmedizinische Vorsorge bearbeiten und synchronisieren' },
  PRECAUTION_ASSESSMENTS: { id: 1012, group: 'healthcare', label: 'Arbeitsmedizinische Beurteilungen lesen und bearbeiten' },
  PRECAUTION_MASTER_DATA: { id: 1013, group: 'healthcare', label: 'Durchführende Stellen, Rechtsgrundlagen und Anlässe verwalten' },
  PRECAUTION_APPROVE: { id: 1014, group: 'healthcare', label: 'Angebotsvorsorge genehmigen' },
  WORKS_DOCTOR: { id: 1015, group: 'healthcare', label: 'Betriebsarzt-Zugang verwenden' },
  ACCIDENT_REPORTS_HEALTH_DATA: { id: 1016, group: 'healthcare', label: 'Gesundheitsdaten in Unfallmeldungen und im Verbandbuch lesen' },

  // ── appointments 1100–1199 ────────────────────────────────────────────────────────────────────
  APPOINTMENTS: { id: 1100, group: 'appointments', label: 'Termine lesen' },
  APPOINTMENTS_CREATE: { id: 1101, group: 'appointments', label: 'Termine anlegen' },
  APPOINTMENTS_EDIT: { id: 1102, group: 'appointments', label: 'Termine bearbeiten' },
  APPOINTMENTS_DELETE: { id: 1103, group: 'appointments', label: 'Termine löschen' },
  APPOINTMENTS_BOOK: { id: 1104, group: 'appointments', label: 'Termine für Mitarbeiter buchen und stornieren' },
  APPOINTMENTS_BOOK_OWN: { id: 1105, group: 'appointments', label: 'Eigene Termine buchen' },
  APPOINTMENTS_TIME_WINDOWS: { id: 1106, group: 'appointments', label: 'Zeitfenster verwalten und Tage sperren' },
  APPOINTMENTS_ALL: { id: 1107, group: 'appointments', label: 'Termine aller Mitarbeiter lesen' },
  APPOINTMENTS_NON_PARTICIPATION: { id: 1108, group: 'appointments', label: 'Gründe für Nichtteilnahme verwalten' },
  APPOINTMENTS_REGISTRATIONS: { id: 1109, group: 'appointments', label: 'Registrierungen verwalten' },

  // ── topics (Unterweisungen) 1200–1299 ─────────────────────────────────────────────────────────
  TOPICS: { id: 1200, group: 'topics', label: 'Unterweisungen lesen' },
  TOPICS_CREATE: { id: 1201, group: 'topics', label: 'Unterweisungen anlegen' },
  TOPICS_EDIT: { id: 1202, group: 'topics', label: 'Unterweisungen bearbeiten' },
  TOPICS_DELETE: { id: 1203, group: 'topics', label: 'Unterweisungen löschen' },
  TOPICS_RELEASE: { id: 1204, group: 'topics', label: 'Unterweisungen freigeben und sperren' },
  TOPICS_IMPORT: { id: 1205, group: 'topics', label: 'Unterweisungen importieren und exportieren' },
  TOPICS_QUESTIONS: { id: 1206, group: 'topics', label: 'Fragen zu Unterweisungen bearbeiten' },
  TOPICS_ASSIGN: { id: 1207, group: 'topics', label: 'Unterweisungen einzeln zuweisen' },
  TOPICS_PROFILES: { id: 1208, group: 'topics', label: 'Unterweisungsprofile und Matrix verwalten' },
  TOPICS_EVALUATE: { id: 1209, group: 'topics', label: 'Unterweisungen auswerten' },
  TOPICS_EVALUATE_EXTERNAL: { id: 1210, group: 'topics', label: 'Unterweisungen externer Mitarbeiter auswerten' },
  TOPICS_EVALUATE_INACTIVE: { id: 1211, group: 'topics', label: 'Unterweisungen inaktiver Mitarbeiter auswerten' },
  TOPICS_GROUP_FEEDBACK: { id: 1212, group: 'topics', label: 'Gruppenrückmeldungen erfassen' },
  TOPICS_FEEDBACK: { id: 1213, group: 'topics', label: 'Rückmeldungen zu Unterweisungen lesen' },
  TOPICS_OWN: { id: 1214, group: 'topics', label: 'Eigene Unterweisungen durchführen' },
  TOPICS_RESET: { id: 1215, group: 'topics', label: 'Unterweisungen zurücksetzen und neu terminieren' },
  TOPICS_SCORM: { id: 1216, group: 'topics', label: 'SCORM-Pakete verwalten' },
  TOPICS_EXTERNAL: { id: 1217, group: 'topics', label: 'Externe Unterweisungen am Terminal durchführen' },
  TOPICS_CERTIFICATES: { id: 1218, group: 'topics', label: 'Teilnahmebescheinigungen drucken' },
  TOPICS_EFFECTIVENESS: { id: 1219, group: 'topics', label: 'Wirksamkeit von Unterweisungen bewerten' },

  // ── compliance 1300–1399 ──────────────────────────────────────────────────────────────────────
  COMPLIANCE: { id: 1300, group: 'compliance', label: 'Compliance-Management lesen' },
  COMPLIANCE_CLAIMS: { id: 1301, group: 'compliance', label: 'Eigene Anforderungen verwalten' },
  COMPLIANCE_LAWS: { id: 1302, group: 'compliance', label: 'Rechtsvorschriften verwalten' },
  COMPLIANCE_REVIEWS: { id: 1303, group: 'compliance', label: 'Bewertungen von Rechtsvorschriften durchführen' },
  COMPLIANCE_COMMITMENTS: { id: 1304, group: 'compliance', label: 'Verpflichtungen verwalten' },
  COMPLIANCE_IMPORT: { id: 1305, group: 'compliance', label: 'Rechtskataster importieren' },
  COMPLIANCE_DELETE: { id: 1306, group: 'compliance', label: 'Compliance-Einträge löschen' },

  // ── portals 1400–1499 ─────────────────────────────────────────────────────────────────────────
  PORTALS: { id: 1400, group: 'portals', label: 'Portale lesen' },
  PORTALS_EDIT: { id: 1401, group: 'portals', label: 'Portale und Kundenstammdaten bearbeiten' },
  PORTALS_CREATE: { id: 1402, group: 'portals', label: 'Portale anlegen und löschen' },
  PORTALS_CAPTURE: { id: 1403, group: 'portals', label: 'Leistungen erfassen' },
  PORTALS_QUOTAS: { id: 1404, group: 'portals', label: 'Kontingentübersicht anzeigen' },
  PORTALS_QUOTA_TRANSFER: { id: 1405, group: 'portals', label: 'Kontingente übertragen' },
  PORTALS_ALL: { id: 1406, group: 'portals', label: 'Daten aller Portale sehen' },

  // ── biohazard 1500–1599 ───────────────────────────────────────────────────────────────────────
  BIOHAZARD: { id: 1500, group: 'biohazard', label: 'Biostoffe lesen' },
  BIOHAZARD_CREATE: { id: 1501, group: 'biohazard', label: 'Biostoffe anlegen' },
  BIOHAZARD_EDIT: { id: 1502, group: 'biohazard', label: 'Biostoffe bearbeiten' },
  BIOHAZARD_DELETE: { id: 1503, group: 'biohazard', label: 'Biostoffe löschen' },
  BIOHAZARD_ASSESSMENT: { id: 1504, group: 'biohazard', label: 'Gefährdungsbeurteilung für Biostoffe (TRBA 500) bearbeiten' },
  BIOHAZARD_GVO: { id: 1505, group: 'biohazard', label: 'GVO-Formulare bearbeiten' },
  BIOHAZARD_RELEASE: { id: 1506, group: 'biohazard', label: 'Biostoffe freigeben' },

  // ── hazmat 1600–1699 ──────────────────────────────────────────────────────────────────────────
  HAZMAT: { id: 1600, group: 'hazmat', label: 'Gefahrstoffe lesen' },
  HAZMAT_READONLY_RELEASED: { id: 1601, group: 'hazmat', label: 'Freigegebene Gefahrstoffe lesen' },
  HAZMAT_CREATE: { id: 1602, group: 'hazmat', label: 'Gefahrstoffe anlegen' },
  HAZMAT_EDIT: { id: 1603, group: 'hazmat', label: 'Gefahrstoffe bearbeiten' },
  HAZMAT_DELETE: { id: 1604, group: 'hazmat', label: 'Gefahrstoffe löschen' },
  HAZMAT_ACTIVATE: { id: 1605, group: 'hazmat', label: 'Gefahrstoffe aktivieren und deaktivieren' },
  HAZMAT_RELEASE: { id: 1606, group: 'hazmat', label: 'Gefahrstoffe freigeben' },
  HAZMAT_VERSION: { id: 1607, group: 'hazmat', label: 'Neue Versionen von Gefahrstoffen erstellen' },
  HAZMAT_SDS: { id: 1608, group: 'hazmat', label: 'Sicherheitsdatenblätter verwalten' },
  HAZMAT_SDS_RELEASE: { id: 1609, group: 'hazmat', label: 'Sicherheitsdatenblätter freigeben' },
  HAZMAT_SUBSTITUTION: { id: 1610, group: 'hazmat', label: 'Substitutionsprüfungen durchführen' },
  HAZMAT_MASTER_DATA: { id: 1611, group: 'hazmat', label: 'Hersteller, Inhaltsstoffe, Gefahrensymbole und Sperrlisten verwalten' },
  HAZMAT_IMPORT: { id: 1612, group: 'hazmat', label: 'Gefahrstoffe importieren und exportieren' },
  HAZMAT_REQUEST: { id: 1613, group: 'hazmat', label: 'Gefahrstoffe beantragen' },
  HAZMAT_REGISTER: { id: 1614, group: 'hazmat', label: 'Gefahrstoffverzeichnis drucken' },

  // ── reports 1700–1799 ─────────────────────────────────────────────────────────────────────────
  REPORTS: { id: 1700, group: 'reports', label: 'Reports erstellen' },
  REPORTS_MANAGE: { id: 1701, group: 'reports', label: 'Reports verwalten (Report-Manager)' },
  REPORTS_TEMPLATES: { id: 1702, group: 'reports', label: 'Reportvorlagen verwalten' },
  REPORTS_SQL: { id: 1703, group: 'reports', label: 'SQL-Anweisungen von Reports bearbeiten' },
  REPORTS_IMPORT: { id: 1704, group: 'reports', label: 'Reports importieren und exportieren' },

  // ── mailSettings 1800–1899 ────────────────────────────────────────────────────────────────────
  MAIL_SETTINGS: { id: 1800, group: 'mailSettings', label: 'Mail-Einstellungen anzeigen' },
  MAIL_SETTINGS_EDIT: { id: 1801, group: 'mailSettings', label: 'Mail-Einstellungen bearbeiten' },
  MAIL_TEMPLATES: { id: 1802, group: 'mailSettings', label: 'E-Mail-Vorlagen bearbeiten' },
  MAIL_BROADCAST: { id: 1803, group: 'mailSettings', label: 'Rundmails versenden' },
  MAIL_LOG: { id: 1804, group: 'mailSettings', label: 'E-Mail-Versandprotokoll anzeigen' },

  // ── taskSchedule 1900–1999 ────────────────────────────────────────────────────────────────────
  TASK_SCHEDULE_VIEW: { id: 1900, group: 'taskSchedule', label: 'Aufgabenplanung anzeigen' },
  TASK_SCHEDULE_EDIT: { id: 1901, group: 'taskSchedule', label: 'Aufgabenplanung bearbeiten' },
  TASK_SCHEDULE_RUN: { id: 1902, group: 'taskSchedule', label: 'Geplante Aufgaben sofort ausführen' },
  TASK_SCHEDULE_IMPORT_SETTINGS: { id: 1903, group: 'taskSchedule', label: 'Importeinstellungen der Aufgabenplanung bearbeiten' },

  // ── documents 2000–2099 ───────────────────────────────────────────────────────────────────────
  DOCUMENTS: { id: 2000, group: 'documents', label: 'Dokumente lesen' },
  DOCUMENTS_CREATE: { id: 2001, group: 'documents', label: 'Dokumente anlegen und hochladen' },
  DOCUMENTS_EDIT: { id: 2002, group: 'documents', label: 'Dokumente bearbeiten' },
  DOCUMENTS_DELETE: { id: 2003, group: 'documents', label: 'Dokumente löschen' },
  DOCUMENTS_RELEASE: { id: 2004, group: 'documents', label: 'Dokumente freigeben' },
  DOCUMENTS_CHECK: { id: 2005, group: 'documents', label: 'Dokumentenprüfungen durchführen' },
  DOCUMENTS_CONFIDENTIAL: { id: 2006, group: 'documents', label: 'Vertrauliche Dokumente lesen' },
  DOCUMENTS_TEMPLATES: { id: 2007, group: 'documents', label: 'Dokumentvorlagen und Ordner verwalten' },

  // ── objects 2100–2199 ─────────────────────────────────────────────────────────────────────────
  OBJECTS: { id: 2100, group: 'objects', label: 'Objekte und Arbeitsmittel lesen' },
  OBJECTS_CREATE: { id: 2101, group: 'objects', label: 'Objekte und Arbeitsmittel anlegen' },
  OBJECTS_EDIT: { id: 2102, group: 'objects', label: 'Objekte und Arbeitsmittel bearbeiten' },
  OBJECTS_DELETE: { id: 2103, group: 'objects', label: 'Objekte und Arbeitsmittel löschen' },
  OBJECTS_MOVE: { id: 2104, group: 'objects', label: 'Objekte und Arbeitsmittel verschieben' },
  OBJECTS_INACTIVATE: { id: 2105, group: 'objects', label: 'Objekte und Arbeitsmittel inaktiv setzen' },
  OBJECTS_CATEGORIES: { id: 2106, group: 'objects', label: 'Objektkategorien, Wartungsarten und Prüfarten verwalten' },
  OBJECTS_INSPECTIONS: { id: 2107, group: 'objects', label: 'Prüfungen lesen' },
  OBJECTS_INSPECTIONS_EDIT: { id: 2108, group: 'objects', label: 'Prüfungen durchführen und bearbeiten' },

  // ── operatingInstructions 2200–2299 ───────────────────────────────────────────────────────────
  OPERATING_INSTRUCTIONS: { id: 2200, group: 'operatingInstructions', label: 'Betriebsanweisungen lesen' },
  OPERATING_INSTRUCTIONS_CREATE: { id: 2201, group: 'operatingInstructions', label: 'Betriebsanweisungen anlegen' },
  OPERATING_INSTRUCTIONS_EDIT: { id: 2202, group: 'operatingInstructions', label: 'Betriebsanweisungen bearbeiten' },
  OPERATING_INSTRUCTIONS_DELETE: { id: 2203, group: 'operatingInstructions', label: 'Betriebsanweisungen löschen' },
  OPERATING_INSTRUCTIONS_COPY: { id: 2204, group: 'operatingInstructions', label: 'Betriebsanweisungen kopieren und umwandeln' },
  OPERATING_INSTRUCTIONS_RELEASE: { id: 2205, group: 'operatingInstructions', label: 'Betriebsanweisungen freigeben und Freigabe entziehen' },
  OPERATING_INSTRUCTIONS_ACTIVATE: { id: 2206, group: 'operatingInstructions', label: 'Betriebsanweisungen aktivieren und deaktivieren' },

  // ── emkg 2300–2399 ────────────────────────────────────────────────────────────────────────────
  EMKG: { id: 2300, group: 'emkg', label: 'EMKG-Bewertungen lesen' },
  EMKG_CREATE: { id: 2301, group: 'emkg', label: 'EMKG-Bewertungen anlegen' },
  EMKG_EDIT: { id: 2302, group: 'emkg', label: 'EMKG-Bewertungen bearbeiten' },
  EMKG_DELETE: { id: 2303, group: 'emkg', label: 'EMKG-Bewertungen löschen' },
  EMKG_RELEASE: { id: 2304, group: 'emkg', label: 'EMKG-Bewertungen freigeben' },
  EMKG_ACTIVATE: { id: 2305, group: 'emkg', label: 'EMKG-Bewertungen aktivieren und deaktivieren' },
  EMKG_ALL_LOCATIONS: { id: 2306, group: 'emkg', label: 'EMKG-Bewertungen aller Orte bearbeiten' },

  // ── storage 2400–2499 ─────────────────────────────────────────────────────────────────────────
  CONTAINERS: { id: 2400, group: 'storage', label: 'Gebinde lesen' },
  CONTAINERS_CREATE: { id: 2401, group: 'storage', label: 'Gebinde einlagern' },
  CONTAINERS_TRANSFER: { id: 2402, group: 'storage', label: 'Gebinde umlagern' },
  CONTAINERS_REMOVE: { id: 2403, group: 'storage', label: 'Gebinde auslagern und wiederherstellen' },
  CONTAINERS_INVENTORY: { id: 2404, group: 'storage', label: 'Inventur durchführen' },
  CONTAINERS_LABEL: { id: 2405, group: 'storage', label: 'Gebindeetiketten drucken' },
  CONTAINERS_STORE_ANYWAY: { id: 2406, group: 'storage', label: 'Gebinde trotz Lagerverbot einlagern' },
  STORAGE_LOCATIONS: { id: 2407, group: 'storage', label: 'Lagerorte lesen' },
  STORAGE_LOCATIONS_EDIT: { id: 2408, group: 'storage', label: 'Lagerorte und Lagerpläne bearbeiten' },
  STORAGE_MASTER_DATA: { id: 2409, group: 'storage', label: 'Produktgruppen und Verpackungseinheiten verwalten' },
  STORAGE_REPORTS: { id: 2410, group: 'storage', label: 'Bestandsberichte lesen' },
  STORAGE_REPORTS_MANAGE: { id: 2411, group: 'storage', label: 'Bestandsberichte exportieren und löschen' },

  // ── shop 2500–2599 ────────────────────────────────────────────────────────────────────────────
  SHOP: { id: 2500, group: 'shop', label: 'Shop anzeigen' },
  SHOP_ORDER: { id: 2501, group: 'shop', label: 'Im Shop bestellen' },
  SHOP_ORDERS: { id: 2502, group: 'shop', label: 'Bestellungen lesen und importieren' },
  SHOP_UPLOAD: { id: 2503, group: 'shop', label: 'Gefahrstoffe in den Shop hochladen' },

  // ── dashboard 2600–2699 ───────────────────────────────────────────────────────────────────────
  DASHBOARD: { id: 2600, group: 'dashboard', label: 'Dashboard anzeigen' },
  DASHBOARD_EDIT: { id: 2601, group: 'dashboard', label: 'Eigene Dashboards anpassen' },
  DASHBOARD_MANAGE: { id: 2602, group: 'dashboard', label: 'Dashboards, Kategorien und Widgets für alle verwalten' },

  // ── visitors 2700–2799 ────────────────────────────────────────────────────────────────────────
  VISITORS: { id: 2700, group: 'visitors', label: 'Besucher lesen' },
  VISITORS_EDIT: { id: 2701, group: 'visitors', label: 'Besucher verwalten' },
  VISITORS_TERMINAL: { id: 2702, group: 'visitors', label: 'Besucher- und Schlüsselleser-Terminal betreiben' },

  // ── tempAgencies 2800–2899 ────────────────────────────────────────────────────────────────────
  TEMP_AGENCIES: { id: 2800, group: 'tempAgencies', label: 'Zeitarbeitsfirmen lesen' },
  TEMP_AGENCIES_EDIT: { id: 2801, group: 'tempAgencies', label: 'Zeitarbeitsfirmen und Ansprechpartner bearbeiten' },
} as const satisfies Record<string, CatalogueEntry>;

type Catalogue = typeof catalogue;

/** A permission constant name, e.g. 'EMPLOYEES_BASIC_READONLY'. */
export type PermissionName = keyof Catalogue;

/** The numeric id of a catalogued permission (union of literals). */
export type PermissionId = Catalogue[PermissionName]['id'];

export type PermissionDefinition = {
  readonly id: PermissionId;
  readonly name: PermissionName;
  readonly group: PermissionGroup;
  readonly label: string;
};

export const SUPERUSER_ID = 12;

/** Every catalogued permission, sorted by id. */
export const permissionList: readonly PermissionDefinition[] = (
  Object.entries(catalogue) as [PermissionName, Catalogue[PermissionName]][]
)
  .map(
    ([name, entry]): PermissionDefinition => ({ id: entry.id, name, group: entry.group, label: entry.label }),
  )
  .sort((a, b) => a.id - b.id);

/** Name → numeric id; `P.EMPLOYEES_BASIC_READONLY` is typed as its literal id. */
export const P = Object.fromEntries(permissionList.map((p) => [p.name, p.id])) as {
  readonly [K in PermissionName]: Catalogue[K]['id'];
};

const byId = new Map<number, PermissionDefinition>();
for (const permission of permissionList) {
  if (byId.has(permission.id)) {
    throw new Error(`Duplicate permission id ${permission.id} (${permission.name})`);
  }
  byId.set(permission.id, permission);
}

export function permissionById(id: number): PermissionDefinition | undefined {
  return byId.get(id);
}

export function isPermissionId(value: unknown): value is PermissionId {
  return typeof value === 'number' && byId.has(value);
}

/** Groups in display order with their German labels (role editor). */
export const permissionGroupList: readonly { readonly key: PermissionGroup; readonly label: string }[] = (
  Object.keys(permissionGroups) as PermissionGroup[]
).map((key) => ({ key, label: permissionGroups[key] }));

/** The permissions of one group, sorted by id. */
export function permissionsInGroup(group: PermissionGroup): readonly PermissionDefinition[] {
  return permissionList.filter((p) => p.group === group);
}

/**
 * Composite constants: several ids of which any one suffices (use with `hasAnyPermission`).
 * SUPERUSER is not listed; the check functions grant it everything.
 */
export const COMPOSITE = {
  /** Menu 'Gefährdungsbeurteilungsmodul' and the hazard analysis list. */
  HAZARDANALYSIS_LIST: [P.HAZARDANALYSIS_READONLY, P.HAZARDANALYSIS_READONLY_RELEASED],
  /** Menu 'Einstufungskriterien bearbeiten'. */
  HAZARDANALYSISSTATUS_ANY: [P.HAZARDANALYSISSTATUS_EDIT, P.HAZARDANALYSISSTATUS_LOG],
  /** Any change to a hazard analysis (editor opens in write mode). */
  HAZARDANALYSIS_WRITE: [
    P.HAZARDANALYSIS_ADD,
    P.HAZARDANALYSIS_EDIT,
    P.HAZARDANALYSIS_CLONE,
    P.HAZARDANALYSIS_DELETE,
    P.HAZARDANALYSIS_RELEASE,
    P.HAZARDANALYSIS_HAZARDS,
  ],
  /** Creating or changing employee master data. */
  EMPLOYEES_WRITE: [P.EMPLOYEES_CREATE, P.EMPLOYEES_EDIT, P.EMPLOYEES_DELETE, P.EMPLOYEES_IMPORT],
  /** Changing what an employee is assigned to (roles, departments, locations, activities, responsibilities). */
  EMPLOYEES_ASSIGNMENTS: [
    P.EMPLOYEES_ROLES,
    P.EMPLOYEES_DEPARTMENTS,
    P.EMPLOYEES_LOCATIONS,
    P.EMPLOYEES_ACTIVITIES,
    P.EMPLOYEES_RESPONSIBILITIES,
  ],
  /** Rights administration: roles page and per-employee rights. */
  RIGHTS_ADMINISTRATION: [P.ROLES_MANAGE, P.EMPLOYEES_ROLES, P.EMPLOYEES_PERMISSIONS],
  /** Reading any of the organisation trees (pickers for departments, locations, activities). */
  ORGANISATION_READ: [P.DEPARTMENTS, P.LOCATIONS, P.ACTIVITIES],
  /** Questionnaires list or questionnaire types. */
  QUESTIONNAIRES_ANY: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST, P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL],
  /** Checklists, questionnaires or approval processes. */
  CHECKLISTS_ANY: [P.AUDIT_CHECKLISTS, P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST, P.AUDIT_AUDITS],
  /** Seeing actions in any scope. */
  ACTIONS_ANY: [P.ACTIONS, P.ACTIONS_OWN, P.ACTIONS_AREA, P.ACTIONS_ALL],
  /** Reading hazardous substances (all or released only). */
  HAZMAT_READ: [P.HAZMAT, P.HAZMAT_READONLY_RELEASED],
  /** Any substance module: hazardous, biological, EMKG. */
  SUBSTANCES_ANY: [P.HAZMAT, P.HAZMAT_READONLY_RELEASED, P.BIOHAZARD, P.EMKG],
  /** Containers or storage locations. */
  STORAGE_ANY: [P.CONTAINERS, P.STORAGE_LOCATIONS],
  /** Accident reports or the first-aid book. */
  ACCIDENT_REPORTS_ANY: [P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_CREATE, P.FIRST_AID_BOOK],
  /** Evaluations of instructions in any scope. */
  TOPICS_EVALUATION: [P.TOPICS_EVALUATE, P.TOPICS_EVALUATE_EXTERNAL, P.TOPICS_EVALUATE_INACTIVE],
  /** Maintaining instructions. */
  TOPICS_ADMINISTRATION: [P.TOPICS_CREATE, P.TOPICS_EDIT, P.TOPICS_RELEASE, P.TOPICS_QUESTIONS],
  /** Objects or their inspections. */
  OBJECTS_ANY: [P.OBJECTS, P.OBJECTS_INSPECTIONS],
  /** Running or managing reports. */
  REPORTS_ANY: [P.REPORTS, P.REPORTS_MANAGE],
  /** Mail settings page or e-mail templates. */
  MAIL_ANY: [P.MAIL_SETTINGS, P.MAIL_SETTINGS_EDIT, P.MAIL_TEMPLATES],
  /** Task scheduling page. */
  TASK_SCHEDULE_ANY: [P.TASK_SCHEDULE_VIEW, P.TASK_SCHEDULE_EDIT],
  /** The settings screen (reading or any settings tab). */
  SETTINGS_ANY: [
    P.SETTINGS_READONLY,
    P.SETTINGS_GENERAL,
    P.SETTINGS_SECURITY,
    P.SETTINGS_LICENSE,
    P.SETTINGS_PORTAL,
    P.SETTINGS_SYSTEM,
    P.SETTINGS_LANGUAGE,
    P.SETTINGS_DOCUMENTS,
    P.SETTINGS_COMPLIANCE,
    P.SETTINGS_EQUIPMENT,
    P.SETTINGS_HAZARDANALYSIS,
    P.SETTINGS_HAZMAT,
    P.SETTINGS_HEALTHCARE,
    P.SETTINGS_TOPICS,
    P.SETTINGS_TASKS,
  ],
} as const satisfies Record<string, readonly PermissionId[]>;

export type CompositeName = keyof typeof COMPOSITE;

type HeldPermissions = ReadonlySet<number> | readonly number[];

function holds(held: HeldPermissions, id: number): boolean {
  return Array.isArray(held)
    ? (held as readonly number[]).includes(id)
    : (held as ReadonlySet<number>).has(id);
}

/**
 * True if `held` contains SUPERUSER (12) or at least one id of `required`.
 * An empty `required` list is always false (deny by default: an empty "any of" is a
 * misconfiguration, not a grant), even for the superuser.
 */
export function hasAnyPermission(held: HeldPermissions, required: readonly number[]): boolean {
  if (required.length === 0) return false;
  if (holds(held, SUPERUSER_ID)) return true;
  return required.some((id) => holds(held, id));
}

/**
 * True if `held` contains SUPERUSER (12) or every id of `required`.
 * An empty `required` list is true (nothing is demanded).
 */
export function hasAllPermissions(held: HeldPermissions, required: readonly number[]): boolean {
  if (holds(held, SUPERUSER_ID)) return true;
  return required.every((id) => holds(held, id));
}

export type RolePreset = {
  readonly name: string;
  readonly description: string;
  readonly permissions: readonly PermissionId[];
};

const mitarbeiterPermissions = [
  P.DASHBOARD,
  P.TOPICS_OWN,
  P.APPOINTMENTS_BOOK_OWN,
  P.ACTIONS_OWN,
  P.ACTIONS_REPORT_PROBLEM,
  P.HAZARDANALYSIS_READONLY_RELEASED,
  P.HAZMAT_READONLY_RELEASED,
  P.OPERATING_INSTRUCTIONS,
  P.FIRST_AID_BOOK,
] as const;

/** Demo roles created by the seed data. */
export const rolePresets = {
  sicherheitsfachkraft: {
    name: 'Sicherheitsfachkraft',
    description:
      'Fachkraft für Arbeitssicherheit: liest und bearbeitet die Arbeitsschutz-Module, führt Gefährdungsbeurteilungen vollständig und erstellt Reports. Keine Rollen-, Mail- oder Systemverwaltung.',
    permissions: [
      P.DASHBOARD,
      P.DASHBOARD_EDIT,
      P.EMPLOYEES_BASIC_READONLY,
      P.EMPLOYEES_READONLY,
      P.EMPLOYEES_SHOW_INACTIVE,
      P.EMPLOYEES_LOOKUP,
      P.DEPARTMENTS,
      P.DEPARTMENTS_ALL,
      P.LOCATIONS,
      P.LOCATIONS_ALL,
      P.ACTIVITIES,
      P.ACTIONS,
      P.ACTIONS_OWN,
      P.ACTIONS_AREA,
      P.ACTIONS_ALL,
      P.ACTIONS_CREATE,
      P.ACTIONS_EDIT,
      P.ACTIONS_COMPLETE,
      P.ACTIONS_REPORT_PROBLEM,
      P.ACTIONS_RESOLVE_PROBLEM,
      P.HAZARDANALYSIS_READONLY,
      P.HAZARDANALYSIS_READONLY_RELEASED,
      P.HAZARDANALYSIS_ADD,
      P.HAZARDANALYSIS_EDIT,
      P.HAZARDANALYSIS_CLONE,
      P.HAZARDANALYSIS_DELETE,
      P.HAZARDANALYSIS_FILTER,
      P.HAZARDANALYSIS_RELEASE,
      P.HAZARDANALYSIS_PRINT,
      P.HAZARDANALYSIS_ACTIVATE,
      P.HAZARDANALYSIS_VERSION,
      P.HAZARDANALYSIS_DRAFTS,
      P.HAZARDANALYSIS_INHERITANCE,
      P.HAZARDANALYSIS_IMPORT,
      P.HAZARDANALYSIS_HAZARDS,
      P.HAZARDANALYSIS_RISK_MATRIX,
      P.HAZARDANALYSIS_FACTOR_MENU,
      P.HAZARDANALYSIS_DOCUMENT_CHECK,
      P.HAZARDANALYSIS_ALL_LOCATIONS,
      P.HAZARDANALYSISSTATUS_EDIT,
      P.HAZARDANALYSISSTATUS_LOG,
      P.HAZARDBRICKS,
      P.HAZARDBRICKS_EDIT,
      P.HAZARDBRICKS_CREATE,
      P.HAZARDBRICKS_ACTIONS,
      P.HAZARDBRICKS_VERIFICATION_CODES,
      P.AUDIT_AUDITS,
      P.AUDIT_AUDITS_CREATE,
      P.AUDIT_AUDITS_EDIT,
      P.AUDIT_AUDITS_RELEASE,
      P.AUDIT_AUDITS_ALL,
      P.AUDIT_CHECKLISTS,
      P.AUDIT_CHECKLISTS_CREATE,
      P.AUDIT_CHECKLISTS_EDIT,
      P.AUDIT_CHECKLISTS_CLONE,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT,
      P.AUDIT_CHECKLISTS_COMMENTS,
      P.ACCIDENT_REPORTS,
      P.ACCIDENT_REPORTS_CREATE,
      P.ACCIDENT_REPORTS_EDIT,
      P.ACCIDENT_REPORTS_ALL,
      P.ACCIDENT_REPORTS_HEALTH_DATA,
      P.ACCIDENT_REPORTS_STATISTICS,
      P.ACCIDENT_REPORTS_NOTICE,
      P.FIRST_AID_BOOK,
      P.FIRST_AID_BOOK_ALL,
      P.PRECAUTION,
      P.APPOINTMENTS,
      P.APPOINTMENTS_BOOK_OWN,
      P.TOPICS,
      P.TOPICS_OWN,
      P.TOPICS_EVALUATE,
      P.TOPICS_EVALUATE_EXTERNAL,
      P.TOPICS_FEEDBACK,
      P.TOPICS_EFFECTIVENESS,
      P.COMPLIANCE,
      P.COMPLIANCE_CLAIMS,
      P.COMPLIANCE_REVIEWS,
      P.COMPLIANCE_COMMITMENTS,
      P.BIOHAZARD,
      P.BIOHAZARD_CREATE,
      P.BIOHAZARD_EDIT,
      P.BIOHAZARD_ASSESSMENT,
      P.BIOHAZARD_GVO,
      P.HAZMAT,
      P.HAZMAT_READONLY_RELEASED,
      P.HAZMAT_CREATE,
      P.HAZMAT_EDIT,
      P.HAZMAT_ACTIVATE,
      P.HAZMAT_RELEASE,
      P.HAZMAT_VERSION,
      P.HAZMAT_SDS,
      P.HAZMAT_SDS_RELEASE,
      P.HAZMAT_SUBSTITUTION,
      P.HAZMAT_REGISTER,
      P.EMKG,
      P.EMKG_CREATE,
      P.EMKG_EDIT,
      P.EMKG_RELEASE,
      P.EMKG_ACTIVATE,
      P.EMKG_ALL_LOCATIONS,
      P.CONTAINERS,
      P.STORAGE_LOCATIONS,
      P.STORAGE_LOCATIONS_EDIT,
      P.STORAGE_REPORTS,
      P.OPERATING_INSTRUCTIONS,
      P.OPERATING_INSTRUCTIONS_CREATE,
      P.OPERATING_INSTRUCTIONS_EDIT,
      P.OPERATING_INSTRUCTIONS_COPY,
      P.OPERATING_INSTRUCTIONS_RELEASE,
      P.OPERATING_INSTRUCTIONS_ACTIVATE,
      P.OBJECTS,
      P.OBJECTS_CREATE,
      P.OBJECTS_EDIT,
      P.OBJECTS_MOVE,
      P.OBJECTS_INSPECTIONS,
      P.OBJECTS_INSPECTIONS_EDIT,
      P.DOCUMENTS,
      P.DOCUMENTS_CREATE,
      P.DOCUMENTS_EDIT,
      P.DOCUMENTS_RELEASE,
      P.DOCUMENTS_CHECK,
      P.REPORTS,
    ],
  },
  fuehrungskraft: {
    name: 'Führungskraft',
    description:
      'Vorgesetzte Person: liest Mitarbeiter und Gefährdungsbeurteilungen, bearbeitet Maßnahmen des eigenen Bereichs, wertet Unterweisungen aus und erstellt Reports.',
    permissions: [
      ...mitarbeiterPermissions,
      P.EMPLOYEES_BASIC_READONLY,
      P.EMPLOYEES_LOOKUP,
      P.DEPARTMENTS,
      P.LOCATIONS,
      P.HAZARDANALYSIS_READONLY,
      P.HAZARDANALYSIS_PRINT,
      P.ACTIONS,
      P.ACTIONS_AREA,
      P.ACTIONS_CREATE,
      P.ACTIONS_COMPLETE,
      P.ACTIONS_RESOLVE_PROBLEM,
      P.TOPICS,
      P.TOPICS_EVALUATE,
      P.TOPICS_GROUP_FEEDBACK,
      P.TOPICS_FEEDBACK,
      P.APPOINTMENTS,
      P.APPOINTMENTS_BOOK,
      P.ACCIDENT_REPORTS,
      P.ACCIDENT_REPORTS_CREATE,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST,
      P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT,
      P.REPORTS,
    ],
  },
  mitarbeiter: {
    name: 'Mitarbeiter',
    description:
      'Grundrechte für alle Beschäftigten: eigene Unterweisungen, Termine und Aufgaben, Dashboard sowie freigegebene Gefährdungsbeurteilungen, Gefahrstoffe und Betriebsanweisungen lesen.',
    permissions: mitarbeiterPermissions,
  },
  administrator: {
    name: 'Administrator',
    description: 'Alle Rechte in allen Modulen.',
    permissions: [P.SUPERUSER],
  },
} as const satisfies Record<string, RolePreset>;

export type RolePresetKey = keyof typeof rolePresets;
