/**
 * The error catalogue: every code the client knows (spec shell §8) plus the codes this
 * implementation needs (CONFLICT, CSRF_INVALID, …).
 *
 * Every error answer uses one envelope: HTTP status plus `{ error: { code, message, details? } }`
 * (see `ApiErrorBody`). `message` is the German text shown to the user (formal "Sie", a full
 * sentence, with a remedy where one exists); the web may override it per code through i18n.
 *
 * Statuses: 400 invalid input or a request the server cannot act on, 401 not signed in or bad
 * credentials (the web sends the user to /login), 403 signed in but not allowed, 404 not found,
 * 409 conflicts with the current state (stale version, in use, already exists), 413/415/429 as
 * usual, 500 server faults (never with internal details).
 *
 * Codes are part of the API contract: never rename or remove one that has shipped.
 */
export const errorCatalogue = {
  // ── general (spec) ────────────────────────────────────────────────────────────────────────────
  UNKNOWN: {
    status: 500,
    message: 'Es ist ein unbekannter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  },
  INVALID_REQUEST: {
    status: 400,
    message: 'Die Anfrage ist ungültig. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  },
  DATATABLE: {
    status: 400,
    message: 'Die Liste konnte nicht geladen werden. Bitte prüfen Sie Suche, Sortierung und Filter.',
  },
  INPUT_VALIDATION_ERROR: { status: 400, message: 'Bitte prüfen Sie Ihre Eingaben.' },
  NOT_FOUND: {
    status: 404,
    message: 'Der Datensatz wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
  },

  // ── authentication and access (spec) ──────────────────────────────────────────────────────────
  NOT_AUTHENTICATED: { status: 401, message: 'Bitte melden Sie sich an.' },
  NO_PERMISSION: { status: 403, message: 'Keine Berechtigung.' },
  USERNAME_NOT_FOUND: {
    status: 404,
    message: 'Der Benutzername ist nicht bekannt. Bitte prüfen Sie Ihre Eingabe.',
  },
  WRONG_PASSWORD: {
    status: 400,
    message: 'Das Passwort ist falsch. Bitte geben Sie es erneut ein.',
  },
  USER_INACTIVE: {
    status: 403,
    message: 'Ihr Benutzerkonto ist deaktiviert. Bitte wenden Sie sich an Ihre Administration.',
  },
  EMPLOYEE_NOT_FOUND: {
    status: 404,
    message: 'Der Mitarbeiter wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
  },
  ASSIGNMENT_EXISTS: {
    status: 409,
    message: 'Diese Zuordnung besteht bereits.',
  },
  OFFLINE_HASH_NOT_FOUND: {
    status: 404,
    message:
      'Die Offline-Daten wurden nicht gefunden. Bitte synchronisieren Sie erneut, solange Sie online sind.',
  },

  // ── product update (spec) ─────────────────────────────────────────────────────────────────────
  UPDATE_NO_VERSION_INFO_ON_CHANNEL: {
    status: 404,
    message: 'Für den gewählten Update-Kanal liegen keine Versionsinformationen vor.',
  },
  UPDATE_DOWNLOAD_IN_PROGRESS: {
    status: 409,
    message: 'Ein Update wird bereits heruntergeladen. Bitte warten Sie, bis der Download abgeschlossen ist.',
  },
  UPDATE_INSTALLATION_FAILED: {
    status: 500,
    message: 'Die Installation des Updates ist fehlgeschlagen. Bitte wenden Sie sich an den Support.',
  },
  UPDATE_INSTALLATION_FILE_MISSING: {
    status: 500,
    message: 'Die Installationsdatei des Updates fehlt. Bitte laden Sie das Update erneut herunter.',
  },
  UPDATE_NO_INFO: {
    status: 404,
    message: 'Es liegen keine Update-Informationen vor.',
  },

  // ── portals (spec) ────────────────────────────────────────────────────────────────────────────
  PORTAL_NOT_WHITELISTED: {
    status: 403,
    message:
      'Dieses Portal ist für den Zugriff nicht freigegeben. Bitte wenden Sie sich an Ihre Administration.',
  },
  PORTAL_BLACKLISTED: {
    status: 403,
    message: 'Der Zugriff auf dieses Portal ist gesperrt. Bitte wenden Sie sich an Ihre Administration.',
  },

  // ── checklists and questionnaires (spec) ──────────────────────────────────────────────────────
  COLLECTION_NOT_FOUND: {
    status: 404,
    message: 'Die Checklisten-Sammlung wurde nicht gefunden.',
  },
  CHECKLISTS_NOT_FOUND: {
    status: 404,
    message: 'Die Checkliste wurde nicht gefunden.',
  },
  CELLS_NOT_FOUND: {
    status: 404,
    message: 'Die Zellen der Checkliste wurden nicht gefunden.',
  },
  UNDEFINED_COLLECTION_MODULE: {
    status: 400,
    message: 'Für die Checklisten-Sammlung ist kein Modul festgelegt. Bitte wählen Sie ein Modul aus.',
  },
  CHECKLISTS_NO_SQL_QUERY: {
    status: 400,
    message: 'Für die Checkliste ist keine SQL-Abfrage hinterlegt. Bitte ergänzen Sie die Abfrage.',
  },
  CHECKLISTS_BAD_SQL_QUERY: {
    status: 400,
    message: 'Die SQL-Abfrage der Checkliste ist fehlerhaft. Bitte korrigieren Sie die Abfrage.',
  },
  CHECKLIST_COLLECTION_TREE_NOT_FOUND: {
    status: 404,
    message: 'Der Fragebogen wurde nicht gefunden.',
  },
  CHECKLIST_COLLECTION_TREE_MISSING_COLLECTIONID: {
    status: 400,
    message:
      'Für den Fragebogen ist keine Checklisten-Sammlung angegeben. Bitte wählen Sie eine Sammlung aus.',
  },
  CHECKLIST_COLLECTION_TREE_MISSING_DESCRIPTION: {
    status: 400,
    message: 'Für den Fragebogen ist keine Bezeichnung angegeben. Bitte geben Sie eine Bezeichnung ein.',
  },
  CHECKLIST_COMMENT_UNKNOWN: {
    status: 500,
    message:
      'Der Kommentar konnte wegen eines unbekannten Fehlers nicht angelegt werden. Bitte versuchen Sie es erneut.',
  },
  CHECKLIST_COMMENT_TREE_VERSION: {
    status: 409,
    message:
      'Der Fragebogen wurde inzwischen geändert. Bitte laden Sie ihn neu und legen Sie den Kommentar erneut an.',
  },
  CHECKLIST_COMMENT_TREE_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil der Fragebogen fehlt.',
  },
  CHECKLIST_COMMENT_COLLECTION_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil die Checklisten-Sammlung fehlt.',
  },
  CHECKLIST_COMMENT_CHECKLIST_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil die Checkliste fehlt.',
  },
  CHECKLIST_COMMENT_HAZARDBRICK_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil der Gefährdungsbaustein fehlt.',
  },
  CHECKLIST_COMMENT_HAZARDBRICK_GUID: {
    status: 400,
    message:
      'Der Kommentar konnte nicht angelegt werden, weil die Kennung des Gefährdungsbausteins ungültig ist.',
  },
  CHECKLIST_COMMENT_AUDIT_MISSING: {
    status: 400,
    message: 'Der Kommentar konnte nicht angelegt werden, weil der Freigabevorgang fehlt.',
  },
  CHECKLIST_COMMENT_COMMENT_MISSING: {
    status: 400,
    message: 'Bitte geben Sie einen Kommentar ein.',
  },
  QUESTIONNAIRE_ROUTE_NOT_FOUND: {
    status: 404,
    message: 'Der Ablauf des Fragebogens wurde nicht gefunden.',
  },
  QUESTIONNAIRE_UNKNOWN_MODE: {
    status: 400,
    message:
      'Die Ansicht des Fragebogens ist unbekannt. Bitte öffnen Sie den Fragebogen erneut aus der Liste.',
  },
  QUESTIONNAIRE_QUERY_FAILED: {
    status: 500,
    message: 'Der Fragebogen konnte nicht geladen werden. Bitte versuchen Sie es später erneut.',
  },
  QUESTIONNAIRE_UPDATE_FAILED: {
    status: 500,
    message: 'Der Fragebogen konnte nicht gespeichert werden. Bitte versuchen Sie es später erneut.',
  },

  // ── table definitions (spec; server configuration faults) ─────────────────────────────────────
  MISSING_TABLE_TABLE_DEFINITION: {
    status: 500,
    message: 'Die Tabellendefinition fehlt. Bitte wenden Sie sich an den Support.',
  },
  MISSING_TABLE_COLUMN_DEFINITION: {
    status: 500,
    message: 'Die Spaltendefinition der Tabelle fehlt. Bitte wenden Sie sich an den Support.',
  },
  MISSING_PRIMARY_KEY_TABLE_DEFINITION: {
    status: 500,
    message: 'In der Tabellendefinition fehlt der Primärschlüssel. Bitte wenden Sie sich an den Support.',
  },

  // ── dashboard (spec) ──────────────────────────────────────────────────────────────────────────
  DASHBOARD_NOT_FOUND: { status: 404, message: 'Das Dashboard wurde nicht gefunden.' },
  DASHBOARD_ALREADY_FORKED_BY_USER: {
    status: 409,
    message: 'Sie haben dieses Dashboard bereits übernommen. Bitte bearbeiten Sie Ihre vorhandene Kopie.',
  },
  DASHBOARD_IS_A_FORK: {
    status: 409,
    message: 'Dieses Dashboard ist bereits eine Kopie und kann nicht erneut übernommen werden.',
  },
  DASHBOARD_NOT_OWNED_BY_USER: {
    status: 403,
    message: 'Dieses Dashboard gehört einer anderen Person und kann von Ihnen nicht geändert werden.',
  },
  DASHBOARD_HAS_CATEGORY_MAPPINGS: {
    status: 409,
    message: 'Dem Dashboard sind noch Kategorien zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
  DASHBOARD_MAPPING_ALREADY_EXISTS: {
    status: 409,
    message: 'Diese Zuordnung zum Dashboard besteht bereits.',
  },
  CATEGORY_NOT_FOUND: { status: 404, message: 'Die Kategorie wurde nicht gefunden.' },
  CATEGORY_ALREADY_FORKED_BY_USER: {
    status: 409,
    message: 'Sie haben diese Kategorie bereits übernommen. Bitte bearbeiten Sie Ihre vorhandene Kopie.',
  },
  CATEGORY_IS_A_FORK: {
    status: 409,
    message: 'Diese Kategorie ist bereits eine Kopie und kann nicht erneut übernommen werden.',
  },
  CATEGORY_NOT_OWNED_BY_USER: {
    status: 403,
    message: 'Diese Kategorie gehört einer anderen Person und kann von Ihnen nicht geändert werden.',
  },
  CATEGORY_HAS_DASHBOARD_MAPPINGS: {
    status: 409,
    message: 'Die Kategorie ist noch Dashboards zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
  CATEGORY_HAS_WIDGET_MAPPINGS: {
    status: 409,
    message: 'Der Kategorie sind noch Widgets zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },
  WIDGET_NOT_FOUND: { status: 404, message: 'Das Widget wurde nicht gefunden.' },
  WIDGET_ALREADY_FORKED_BY_USER: {
    status: 409,
    message: 'Sie haben dieses Widget bereits übernommen. Bitte bearbeiten Sie Ihre vorhandene Kopie.',
  },
  WIDGET_IS_A_FORK: {
    status: 409,
    message: 'Dieses Widget ist bereits eine Kopie und kann nicht erneut übernommen werden.',
  },
  WIDGET_HAS_CATEGORY_MAPPINGS: {
    status: 409,
    message: 'Das Widget ist noch Kategorien zugeordnet. Bitte entfernen Sie zuerst diese Zuordnungen.',
  },

  // ── activity tree (spec) ──────────────────────────────────────────────────────────────────────
  ACTIVITY_IS_A_ROLE: {
    status: 409,
    message:
      'Diese Eigenschaft ist eine Rolle. Rollen können keine Untereinträge haben und hier nicht verwendet werden.',
  },
  ACTIVITY_IS_NOT_A_ROLE: {
    status: 409,
    message: 'Diese Eigenschaft ist keine Rolle. Bitte wählen Sie eine Rolle aus.',
  },
  PARENT_IS_RECURSIVE: {
    status: 400,
    message:
      'Ein Eintrag kann nicht sich selbst oder einem seiner Untereinträge untergeordnet werden. Bitte wählen Sie ein anderes Ziel.',
  },

  // ── hazard analysis delete results (spec; NOT_FOUND above also serves here) ────────────────────
  ROUTE_FOUND: {
    status: 409,
    message:
      'Die Gefährdungsbeurteilung ist mit einem Fragebogen verknüpft und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
  },
  VERSION_FOUND: {
    status: 409,
    message:
      'Von der Gefährdungsbeurteilung existieren Versionen; sie kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
  },
  FOREIGN_ENTRY: {
    status: 409,
    message:
      'Die Gefährdungsbeurteilung ist mit anderen Einträgen verknüpft (z. B. Maßnahmen, Gefahrstoffen, Objekten oder Unterweisungen) und kann nicht gelöscht werden. Bitte setzen Sie sie stattdessen inaktiv.',
  },

  // ── own codes ─────────────────────────────────────────────────────────────────────────────────
  /** Optimistic locking: the update carried a stale `version`. */
  CONFLICT: {
    status: 409,
    message:
      'Der Datensatz wurde inzwischen von einer anderen Person geändert. Bitte laden Sie ihn neu; Ihre Eingaben bleiben erhalten.',
  },
  CSRF_INVALID: {
    status: 403,
    message:
      'Die Sicherheitsprüfung der Anfrage ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  },
  LAST_ADMINISTRATOR: {
    status: 409,
    message:
      'Diese Änderung würde dem letzten aktiven Mitarbeiter das Recht „Administrator (alle Rechte)“ nehmen. Mindestens ein aktiver Administrator muss erhalten bleiben.',
  },
  ROLE_NAME_EXISTS: {
    status: 409,
    message: 'Eine Rolle mit diesem Namen gibt es bereits. Bitte wählen Sie einen anderen Namen.',
  },
  ROLE_IN_USE: {
    status: 409,
    message:
      'Die Rolle ist noch Mitarbeitern zugeordnet und kann daher nicht gelöscht werden. Bitte entfernen Sie zuerst alle Zuordnungen.',
  },
  /** Login failure; the text is quoted from the spec. Same answer for unknown user and wrong password. */
  INVALID_CREDENTIALS: { status: 401, message: 'Kein aktiver Benutzer oder Kennwort falsch!' },
  SESSION_EXPIRED: {
    status: 401,
    message: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  },
  PASSWORD_WRONG: {
    status: 400,
    message: 'Das aktuelle Passwort ist falsch. Bitte geben Sie es erneut ein.',
  },
  PASSWORD_SAME: {
    status: 400,
    message: 'Das neue Passwort muss sich vom aktuellen Passwort unterscheiden.',
  },
  PASSWORD_POLICY_VIOLATION: {
    status: 400,
    message:
      'Das neue Passwort erfüllt die Passwortrichtlinie nicht. Bitte beachten Sie die angezeigten Anforderungen.',
  },
  DUPLICATE: {
    status: 409,
    message: 'Ein vergleichbarer Datensatz ist bereits vorhanden.',
  },
  IN_USE: {
    status: 409,
    message:
      'Der Datensatz wird noch verwendet und kann derzeit nicht gelöscht werden. Bitte entfernen Sie zuerst die Verknüpfungen.',
  },
  // employees (issue 3)
  MAIN_PORTAL_EMPLOYEE: {
    status: 403,
    message:
      'Dieser Mitarbeiter gehört zum Hauptportal und kann nur dort bearbeitet werden. Aus einem Kundenportal ist er nur lesbar.',
  },
  NOT_RESPONSIBLE: {
    status: 403,
    message:
      'Sie können nur Abteilungen, Orte und Verantwortungsbereiche zuordnen oder entfernen, für die Sie selbst verantwortlich sind.',
  },
  OWN_RESPONSIBILITIES: {
    status: 403,
    message:
      'Ihre eigenen Verantwortungsbereiche können Sie nicht selbst ändern. Bitte wenden Sie sich an Ihre Sicherheitsfachkraft oder Ihren Administrator.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'Die Datei ist zu groß. Bitte laden Sie eine Datei mit höchstens 50 MB hoch.',
  },
  UNSUPPORTED_FILE_TYPE: {
    status: 415,
    message: 'Dieser Dateityp ist nicht erlaubt. Bitte laden Sie eine Datei eines zulässigen Typs hoch.',
  },
  INTERNAL: {
    status: 500,
    message: 'Es ist ein interner Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  },

  // activities (issue 3)
  ACTIVITY_IS_SYSTEM: {
    status: 409,
    message:
      'Diese Eigenschaft ist ein Systemeintrag. Systemeinträge können keine Untereinträge haben und nicht gelöscht werden.',
  },
  ACTIVITY_HAS_CHILDREN: {
    status: 409,
    message:
      'Die Eigenschaft hat noch Untereinträge und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Untereinträge.',
  },
  ACTIVITY_IN_USE: {
    status: 409,
    message:
      'Die Eigenschaft ist noch Mitarbeitern zugeordnet und kann nicht gelöscht werden. Bitte entfernen Sie zuerst die Zuordnungen.',
  },
  ACTIVITY_IS_ROLE_BASE: {
    status: 409,
    message:
      'Der Rollen-Basisknoten kann nicht gelöscht werden. Änderungen am Rollen-Basisbaum sind nur über den Support möglich.',
  },
  ACTIVITY_ROLE_BASE_ALREADY_SET: {
    status: 409,
    message:
      'Der Rollen-Basisbaum ist bereits festgelegt und kann nur einmal gesetzt werden. Änderungen sind nur über den Support möglich.',
  },
  ACTIVITY_NAME_EXISTS: {
    status: 409,
    message:
      'Auf dieser Ebene gibt es bereits eine Eigenschaft mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  ACTIVITY_DESIGNATION_EXISTS: {
    status: 409,
    message:
      'Diese Bezeichnung ist bereits einer anderen Eigenschaft zugeordnet. Jede Bezeichnung darf im Portal nur einmal vorkommen.',
  },
  // organisation (issue 3) ────────────────────────────────────────────────────────────────────────
  /** Deleting a location or department that still has entries below it. */
  TREE_NODE_HAS_CHILDREN: {
    status: 409,
    message:
      'Der Eintrag hat noch Untereinträge und kann nicht gelöscht werden. Bitte löschen oder verschieben Sie zuerst die Untereinträge.',
  },
  /** Deleting a location or department that employees are still assigned to. */
  TREE_NODE_IN_USE: {
    status: 409,
    message:
      'Dem Eintrag sind noch Mitarbeiter zugeordnet; er kann nicht gelöscht werden. Bitte ordnen Sie die Mitarbeiter zuerst einem anderen Eintrag zu.',
  },
  /** Two siblings with the same name (after create, rename or move). */
  TREE_NAME_EXISTS: {
    status: 409,
    message:
      'Auf dieser Ebene gibt es bereits einen Eintrag mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  /** A list filter on a field group of the record the caller may not read (decision 027). */
  EMPLOYEE_FILTER_NOT_PERMITTED: {
    status: 403,
    message:
      'Nach diesem Merkmal dürfen Sie nicht filtern: Es gehört zu den Mitarbeiterdaten, die Sie nicht lesen dürfen.',
  },
  // employee import (issue 3)
  EMPLOYEE_IMPORT_FILE_TOO_LARGE: {
    status: 413,
    message: 'Die Importdatei ist zu groß. Bitte laden Sie eine CSV-Datei mit höchstens 20 MB hoch.',
  },
  EMPLOYEE_IMPORT_INVALID_FILE: {
    status: 400,
    message: 'Die Datei kann nicht als CSV-Datei gelesen werden. Bitte prüfen Sie Datei und Trennzeichen.',
  },
  EMPLOYEE_IMPORT_EMPTY_FILE: {
    status: 400,
    message: 'Die Datei enthält keine Datenzeilen. Bitte wählen Sie eine andere Datei.',
  },
  EMPLOYEE_IMPORT_NOT_FOUND: {
    status: 404,
    message: 'Bitte führen Sie zuerst Schritt 1 aus: Datei auswählen und die Vorschau laden.',
  },
  EMPLOYEE_IMPORT_REQUIRED_COLUMNS: {
    status: 400,
    message: 'Bitte ordnen Sie die Pflichtspalten zu: Personalnummer, Nachname, Vorname und Passwort.',
  },
  EMPLOYEE_IMPORT_PORTAL_REQUIRED: {
    status: 400,
    message: 'Bitte wählen Sie ein Zielportal aus.',
  },
  EMPLOYEE_IMPORT_HAS_BAD_ROWS: {
    status: 409,
    message:
      'Die Datei enthält fehlerhafte Zeilen. Bitte korrigieren Sie die Datei oder bestätigen Sie, dass diese Zeilen übersprungen werden.',
  },
  EMPLOYEE_IMPORT_LICENCE_EXCEEDED: {
    status: 409,
    message:
      'Die zulässige Anzahl an Mitarbeitern ist überschritten (Code 910). Es wurden keine Daten importiert.',
  },
  EMPLOYEE_IMPORT_ALREADY_STARTED: {
    status: 409,
    message:
      'Dieser Import wurde bereits gestartet. Bitte laden Sie die Datei für einen neuen Import erneut hoch.',
  },
  EMPLOYEE_IMPORT_FAILED: {
    status: 500,
    message: 'Der Import ist fehlgeschlagen. Es wurden keine Daten geändert. Bitte versuchen Sie es erneut.',
  },
  // ── settings (issue 4) ──
  SETTINGS_MAIN_PORTAL_ONLY: {
    status: 403,
    message:
      'Diese Einstellungen gelten für die ganze Installation und können nur im Hauptportal geändert werden.',
  },
  SETTINGS_SECRET_NOT_BOUND: {
    status: 409,
    message:
      'Das gespeicherte Passwort wurde für andere Verbindungsdaten (Server, Port, Verschlüsselung oder Benutzer) eingegeben und wird deshalb nicht verwendet. Bitte geben Sie es in den Einstellungen erneut ein.',
  },

  // ── single sign-on (issue 4, decision 011) ────────────────────────────────────────────────────
  SSO_NOT_CONFIGURED: {
    status: 404,
    message:
      'Die Anmeldung über Single Sign-on ist nicht eingerichtet. Bitte melden Sie sich mit Benutzername und Passwort an.',
  },
  SSO_PROVIDER_UNAVAILABLE: {
    status: 502,
    message:
      'Der Identitätsanbieter ist nicht erreichbar. Bitte versuchen Sie es später erneut oder melden Sie sich mit Benutzername und Passwort an.',
  },
  SSO_LOGIN_EXPIRED: {
    status: 400,
    message:
      'Die Anmeldung über Single Sign-on ist abgelaufen oder wurde bereits verwendet. Bitte starten Sie die Anmeldung erneut.',
  },
  SSO_FAILED: {
    status: 400,
    message:
      'Die Anmeldung über Single Sign-on ist fehlgeschlagen: Die Antwort des Identitätsanbieters ist ungültig. Bitte versuchen Sie es erneut.',
  },
  SSO_UNKNOWN_USER: {
    status: 403,
    message:
      'Zu Ihrem Firmenkonto gibt es keinen Benutzer in Schutzwerk. Bitte wenden Sie sich an Ihre Administration.',
  },
  SSO_USER_AMBIGUOUS: {
    status: 409,
    message:
      'Ihr Firmenkonto passt zu mehreren Benutzern in Schutzwerk und kann nicht eindeutig zugeordnet werden. Bitte wenden Sie sich an Ihre Administration.',
  },
  // ── mail (issue 4) ──
  MAIL_TEMPLATE_NOT_FOUND: {
    status: 409,
    message:
      'Vorlage nicht gefunden (0x803): Für diesen Zweck gibt es keine E-Mail-Vorlage. Bitte legen Sie unter Mail-Einstellungen › Vorlagen eine an.',
  },
  MAIL_OUTBOX_NOT_FAILED: {
    status: 409,
    message: 'Nur fehlgeschlagene E-Mails können erneut gesendet werden. Bitte laden Sie die Liste neu.',
  },
  MAIL_INVALID_RECIPIENT: {
    status: 400,
    message: 'Die Empfängeradresse ist keine gültige E-Mail-Adresse.',
  },
  // ── password policy, first login, lost password (issue 4) ──
  PASSWORD_CHANGE_REQUIRED: {
    status: 403,
    message: 'Bitte vergeben Sie zuerst ein neues Passwort.',
  },
  PASSWORD_MISMATCH: { status: 400, message: 'Die Passwörter stimmen nicht überein!' },
  FIRST_LOGIN_NOT_REQUIRED: {
    status: 409,
    message: 'Ihre Anmeldedaten sind bereits vollständig. Bitte laden Sie die Seite neu.',
  },
  LOST_PASSWORD_TOO_MANY: {
    status: 429,
    message:
      'Zu viele Anfragen für ein neues Passwort. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  },

  // ── scheduled tasks (Aufgabenplanung) ─────────────────────────────────────────────────────────
  SCHEDULER_TASK_NOT_FOUND: {
    status: 404,
    message: 'Die geplante Aufgabe wurde nicht gefunden. Bitte laden Sie die Seite neu.',
  },
  SCHEDULER_TASK_RUNNING: {
    status: 409,
    message: 'Die Aufgabe läuft gerade. Bitte warten Sie, bis der laufende Durchlauf beendet ist.',
  },
  SCHEDULER_TASK_UNAVAILABLE: {
    status: 409,
    message:
      'Diese Aufgabe gibt es in der laufenden Programmversion nicht mehr. Sie kann weder ausgeführt noch geplant werden.',
  },
  SCHEDULER_INVALID_CRON: {
    status: 400,
    message:
      'Der Cron-Ausdruck ist ungültig. Bitte geben Sie fünf Felder an: Minute, Stunde, Tag, Monat und Wochentag (z. B. „*/5 * * * *“).',
  },
  // ── password reset by an administrator (issue 4) ──
  PASSWORD_RESET_OWN: {
    status: 400,
    message: 'Ihr eigenes Passwort ändern Sie über „Passwort ändern“.',
  },
  PASSWORD_RESET_INACTIVE: {
    status: 409,
    message:
      'Der Mitarbeiter ist inaktiv. Aktivieren Sie ihn zuerst, dann können Sie sein Passwort zurücksetzen.',
  },
  PASSWORD_RESET_NO_LOGIN: {
    status: 409,
    message: 'Der Mitarbeiter hat keinen Benutzernamen. Bitte tragen Sie zuerst einen Benutzernamen ein.',
  },
  PASSWORD_RESET_NO_MAIL: {
    status: 409,
    message:
      'Für den Mitarbeiter ist keine E-Mail-Adresse hinterlegt. Bitte übergeben Sie das Passwort persönlich.',
  },
  PASSWORD_RESET_MORE_RIGHTS: {
    status: 403,
    message:
      'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Sein Passwort können Sie nicht zurücksetzen.',
  },
  /** Decision 023: sign-in and reach fields of someone holding rights the actor lacks. */
  EMPLOYEE_MORE_RIGHTS: {
    status: 403,
    message:
      'Dieser Mitarbeiter hat Rechte, die Sie selbst nicht haben. Seine Anmeldedaten (Benutzername, E-Mail-Adresse, temporärer Benutzername, Chip-ID, Passwort, Aktiv) und seine Rollen können Sie nicht ändern.',
  },

  // ── documents (issue 5, decision 016) ─────────────────────────────────────────────────────────
  DOCUMENT_NO_FILE: {
    status: 400,
    message: 'Es wurde keine Datei hochgeladen. Bitte wählen Sie eine Datei aus.',
  },
  DOCUMENT_UPLOAD_FAILED: {
    status: 400,
    message: 'Das Hochladen der Datei ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
  DOCUMENT_FILE_REJECTED: {
    status: 415,
    message:
      'Falscher Dateityp oder Datei zu groß. Erlaubt sind PDF, PNG, JPG, GIF, DOC, DOCX, PPT und PPTX bis 50 MB.',
  },
  DOCUMENT_FILE_DELETE_FAILED: {
    status: 500,
    message:
      'Die hochgeladene Datei konnte nicht gelöscht werden. Bitte wenden Sie sich an Ihren Administrator.',
  },
  DOCUMENT_RELEASE_NEEDS_PDF: {
    status: 409,
    message: 'Für die Freigabe muss die aktuelle Version des Dokuments eine PDF-Datei sein.',
  },
  DOCUMENT_CHECK_INCOMPLETE: {
    status: 409,
    message: 'Für die Dokumentenprüfung braucht das Dokument eine verantwortliche Person und ein Prüfdatum.',
  },
  DOCUMENT_CONFIDENTIAL: {
    status: 403,
    message: 'Dieses Dokument ist vertraulich. Sie haben keine Berechtigung, es herunterzuladen.',
  },
  DOCUMENT_CONFIDENTIAL_FLAG: {
    status: 403,
    message:
      'Nur Personen mit dem Recht „Vertrauliche Dokumente lesen“ dürfen ein Dokument als vertraulich kennzeichnen oder die Kennzeichnung aufheben.',
  },

  // ── reports (decision 015) ────────────────────────────────────────────────────────────────────
  REPORT_NOT_FOUND: {
    status: 404,
    message: 'Der Report wurde nicht gefunden. Möglicherweise wurde er inzwischen gelöscht.',
  },
  REPORT_NAME_EXISTS: {
    status: 409,
    message: 'Es gibt bereits einen Report mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  REPORT_SQL_FORBIDDEN: {
    status: 400,
    message: 'Die SQL-Abfrage des Reports ist nicht erlaubt.',
  },
  REPORT_SQL_FAILED: {
    status: 400,
    message: 'Die SQL-Abfrage des Reports ist fehlgeschlagen. Bitte prüfen Sie Abfrage und Filterwerte.',
  },
  REPORT_TIMEOUT: {
    status: 400,
    message:
      'Der Report hat das SQL-Timeout überschritten und wurde abgebrochen. Bitte schränken Sie die Filter ein.',
  },
  REPORT_BUSY: {
    status: 429,
    message: 'Es laufen gerade zu viele Reports. Bitte versuchen Sie es in einigen Sekunden noch einmal.',
  },
  REPORT_TOO_LARGE: {
    status: 400,
    message: 'Der Report liefert zu viele Daten. Bitte schränken Sie die Filter ein.',
  },
  REPORT_FORMAT_NOT_ALLOWED: {
    status: 400,
    message: 'Dieses Ausgabeformat ist für den Report nicht vorgesehen.',
  },
  REPORT_FILE_INVALID: {
    status: 400,
    message: 'Die Datei ist keine gültige Report-Datei.',
  },
  REPORT_EXISTS: {
    status: 409,
    message:
      'Der Report existiert bereits. Bitte benennen Sie ihn um oder löschen Sie den vorhandenen Report.',
  },
  // hazard bricks (issue 6, decision 017)
  HAZARD_BRICK_IDENTIFIER_EXISTS: {
    status: 409,
    message: 'Diese Kennung ist bereits an einen anderen Gefährdungsbaustein vergeben.',
  },
  HAZARD_BRICK_IN_USE: {
    status: 409,
    message:
      'Der Gefährdungsbaustein wird in Gefährdungsbeurteilungen verwendet und kann nicht gelöscht werden.',
  },
  // hazard brick import/export (issue 6, decision 018)
  HAZARD_BRICK_FILE_INVALID: {
    status: 400,
    message: 'Die Datei ist keine gültige Exportdatei mit Gefährdungsbausteinen. Es wurde nichts importiert.',
  },
  HAZARD_BRICK_FILE_EMPTY: {
    status: 400,
    message: 'Die Datei enthält keine Gefährdungsbausteine. Es wurde nichts importiert.',
  },
  HAZARD_BRICK_IMPORT_EXISTS: {
    status: 409,
    message:
      'Gefährdungsbausteine mit diesen Kennungen gibt es bereits. Es wurde nichts importiert. Bitte ändern Sie die Kennungen in der Datei oder löschen Sie die vorhandenen Bausteine.',
  },
  // hazard assessments (issue 6, decision 021)
  HAZARD_ANALYSIS_INACTIVE: {
    status: 409,
    message:
      'Die Gefährdungsbeurteilung ist inaktiv und kann nicht geändert werden. Bitte aktivieren Sie sie zuerst.',
  },
  HAZARD_ANALYSIS_ALREADY_RELEASED: {
    status: 409,
    message: 'Dieser Stand der Gefährdungsbeurteilung ist bereits freigegeben.',
  },
  HAZARD_ANALYSIS_TEMPLATE_NO_RELEASE: {
    status: 400,
    message: 'Eine Vorlage wird nicht freigegeben. Legen Sie aus ihr eine Gefährdungsbeurteilung an.',
  },
  HAZARD_ANALYSIS_NO_HAZARDS: {
    status: 400,
    message: 'Eine Gefährdungsbeurteilung ohne Gefährdungen kann nicht freigegeben werden.',
  },
  HAZARD_ANALYSIS_INCOMPLETE: {
    status: 400,
    message: 'Bei freien Gefährdungen müssen Ursache und Schutzziel beschrieben sein.',
  },
  HAZARD_ANALYSIS_INHERITANCE_INVALID: {
    status: 409,
    message:
      'Die Vererbung ist so nicht möglich: Eine Gefährdungsbeurteilung erbt von höchstens einer Vorlage, und eine Vorlage erbt nicht selbst.',
  },
  HAZARD_INHERITED: {
    status: 409,
    message:
      'Titel, Ursache und Schutzziel einer geerbten Gefährdung werden in der Vorlage gepflegt. Hier können Sie Verantwortliche, Kommentar und Bewertung ändern.',
  },
  HAZARD_HAS_DONE_ACTIONS: {
    status: 409,
    message:
      'Die Gefährdung hat erledigte Maßnahmen. Erledigte Maßnahmen sind dokumentierte Nachweise; die Gefährdung kann deshalb nicht entfernt werden.',
  },
  HAZARD_NO_BRICK: {
    status: 400,
    message:
      'Die Gefährdung stammt aus keinem Gefährdungsbaustein; es gibt keine Maßnahmen zum Übernehmen. Legen Sie Maßnahmen mit „Maßnahme hinzufügen“ an.',
  },
  HAZARD_BRICK_ACTION_INVALID: {
    status: 400,
    message:
      'Die gewählte Maßnahme gehört nicht (mehr) zum Gefährdungsbaustein dieser Gefährdung. Bitte wählen Sie erneut.',
  },
  HAZARD_BRICK_ACTION_ADOPTED: {
    status: 409,
    message: 'Die Maßnahme wurde für diese Gefährdung bereits übernommen.',
  },
  HAZARD_ANALYSIS_TEMPLATE_NO_ACTIONS: {
    status: 400,
    message:
      'Vorlagen haben keine Maßnahmen. Übernehmen Sie die Maßnahmen in der Gefährdungsbeurteilung, die aus der Vorlage angelegt wird oder von ihr erbt.',
  },
  // NOHL classification criteria (issue 6, decision 018)
  NOHL_CRITERIA_MAIN_PORTAL_ONLY: {
    status: 403,
    message:
      'Die Einstufungskriterien gelten für die ganze Installation und können nur im Hauptportal geändert werden.',
  },
  // factor menus (issue 6, decision 019); the hazard analysis messages of spec §8
  FACTOR_MENU_MISSING: {
    status: 400,
    message: 'Bitte wählen Sie ein Faktorenmenü für die Gefährdungsbeurteilung aus.',
  },
  FACTOR_MENU_INVALID_ID: {
    status: 404,
    message: 'Das Faktorenmenü wurde nicht gefunden. Bitte wählen Sie ein vorhandenes Faktorenmenü.',
  },
  FACTOR_MENU_IN_EDITING: {
    status: 409,
    message:
      'Das Faktorenmenü ist nicht aktiv (in Bearbeitung) und kann keiner Gefährdungsbeurteilung zugeordnet werden.',
  },
  FACTOR_MENU_FACTOR_INVALID: {
    status: 400,
    message: 'Der gewählte Faktor gehört nicht zum Faktorenmenü der Gefährdungsbeurteilung.',
  },
  FACTOR_MENU_FACTOR_NOT_MULTIPLE: {
    status: 400,
    message:
      'In diesem Register des Faktorenmenüs kann nur ein Faktor gewählt werden („Mehrere Faktoren wählbar“ ist nicht eingestellt).',
  },
  FACTOR_MENU_REGISTER_NOT_OFFERED: {
    status: 400,
    message:
      'Das Register wird im Faktorenmenü nicht zur Auswahl angeboten; seine Faktoren können nicht neu gewählt werden.',
  },
  FACTOR_MENU_STANDARD_READONLY: {
    status: 409,
    message:
      'Das Standardmenü kann nicht gespeichert oder gelöscht werden. Legen Sie mit „Kopieren“ ein eigenes Faktorenmenü an.',
  },
  FACTOR_MENU_IN_USE: {
    status: 409,
    message: 'Das Faktorenmenü wird in Gefährdungsbeurteilungen verwendet und kann nicht geändert werden.',
  },
  FACTOR_MENU_NAME_EXISTS: {
    status: 409,
    message: 'Es gibt bereits ein Faktorenmenü mit diesem Namen. Bitte wählen Sie einen anderen Namen.',
  },
  FACTOR_MENU_IMPORT_DUPLICATE: {
    status: 409,
    message:
      'Ein Faktorenmenü mit diesem Namen ist bereits vorhanden. Benennen Sie das vorhandene Menü um oder löschen Sie es, bevor Sie die Datei importieren.',
  },
  FACTOR_MENU_IMPORT_EMPTY: {
    status: 400,
    message:
      'Die Datei enthält keine Daten. Ein Faktorenmenü braucht mindestens ein Register mit einem Faktor.',
  },
  FACTOR_MENU_IMPORT_INVALID: {
    status: 400,
    message: 'Die Datei ist kein gültiges Faktorenmenü (JSON-Export von Schutzwerk).',
  },
  // actions and tasks (issue 6, decision 020; spec modules.md §8 "Action reports")
  ACTION_NOT_FOUND: {
    status: 404,
    message: 'Die Maßnahme existiert nicht (mehr). Möglicherweise wurde sie inzwischen gelöscht.',
  },
  ACTION_EXTERNAL_EXECUTOR_NO_NAME: {
    status: 400,
    message: 'Der externe Ausführende hat keinen Namen. Bitte tragen Sie zuerst einen Namen ein.',
  },
  ACTION_PROBLEM_REASON_EMPTY: {
    status: 400,
    message: 'Bitte geben Sie einen Grund für das Problem an.',
  },
  ACTION_RESPONSIBLE_NO_EMAIL: {
    status: 409,
    message:
      'Die verantwortliche Person existiert nicht oder hat keine gültige E-Mail-Adresse. Das Problem konnte nicht gemeldet werden.',
  },
  ACTION_EXECUTOR_NOT_AUTHENTICATED: {
    status: 403,
    message:
      'Nur die angemeldete ausführende Person kann zu dieser Aufgabe ein Problem melden oder sie erledigen.',
  },
  ACTION_NOT_RESPONSIBLE: {
    status: 403,
    message: 'Keine Berechtigung: Nur die verantwortliche Person kann das Problem als gelöst kennzeichnen.',
  },
  ACTION_NO_OPEN_PROBLEM: {
    status: 409,
    message: 'Zu dieser Aufgabe ist kein offenes Problem gemeldet.',
  },
  TASK_NOT_OPEN: {
    status: 409,
    message: 'Die Aufgabe ist nicht mehr offen. Bitte laden Sie die Liste neu.',
  },
  TASK_NOT_FOUND: {
    status: 404,
    message: 'Die Aufgabe existiert nicht (mehr).',
  },
  ACTION_SOURCE_UNKNOWN: {
    status: 400,
    message: 'Die Herkunft der Maßnahme ist unbekannt.',
  },
} as const satisfies Record<string, { readonly status: number; readonly message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export type ErrorDefinition = { readonly status: number; readonly message: string };

/** All error codes, in catalogue order. */
export const ERROR_CODES: readonly ErrorCode[] = Object.keys(errorCatalogue) as ErrorCode[];

const errorCodeSet: ReadonlySet<string> = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodeSet.has(value);
}

/** The body of every error answer of the API. */
export type ApiErrorBody = { error: { code: ErrorCode; message: string; details?: unknown } };
