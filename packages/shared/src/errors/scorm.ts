/** SCORM packages as the content of an instruction topic, and their launch (decision 068). */
import type { ErrorDefinition } from './definition.ts';

export const scormErrors = {
  SCORM_PACKAGE_TOO_LARGE: {
    status: 413,
    message: 'Das SCORM-Paket ist größer als 200 MB. Bitte verkleinern Sie das Paket.',
  },
  SCORM_PACKAGE_NOT_ZIP: {
    status: 400,
    message: 'Ein SCORM-Paket muss eine ZIP-Datei sein. Bitte wählen Sie die ZIP-Datei des Pakets aus.',
  },
  SCORM_PACKAGE_DAMAGED: {
    status: 400,
    message: 'Die ZIP-Datei lässt sich nicht lesen (beschädigt). Bitte exportieren Sie das Paket erneut.',
  },
  SCORM_PACKAGE_UNSAFE: {
    status: 400,
    message:
      'Das Paket wurde abgelehnt: Es enthält zu viele oder zu stark gepackte Dateien (ZIP-Bombe), Verknüpfungen oder Pfade außerhalb des Paketordners.',
  },
  SCORM_MANIFEST_MISSING: {
    status: 400,
    message:
      'Im Paket fehlt die Datei „imsmanifest.xml“ im obersten Ordner. Bitte wählen Sie ein SCORM-1.2- oder SCORM-2004-Paket.',
  },
  SCORM_MANIFEST_INVALID: {
    status: 400,
    message: 'Die Datei „imsmanifest.xml“ ist kein gültiges SCORM-Manifest.',
  },
  SCORM_VERSION_UNSUPPORTED: {
    status: 400,
    message: 'Nur Pakete nach SCORM 1.2 oder SCORM 2004 werden unterstützt.',
  },
  SCORM_LAUNCH_MISSING: {
    status: 400,
    message: 'Das Manifest nennt keine startbare Lerneinheit (SCO), oder deren Startdatei fehlt im Paket.',
  },
  SCORM_TOPIC_HAS_QUESTIONS: {
    status: 409,
    message:
      'Diese Unterweisung hat Fragen. Ein SCORM-Paket ist der ganze Inhalt einer Unterweisung: Bitte löschen Sie zuerst die Fragen oder legen Sie eine eigene Unterweisung an.',
  },
  SCORM_TOPIC_IS_PACKAGE: {
    status: 409,
    message:
      'Der Inhalt dieser Unterweisung ist ein SCORM-Paket; Fragen stellt das Paket selbst. Bitte entfernen Sie zuerst das Paket, um eigene Fragen anzulegen.',
  },
  SCORM_NOT_A_PACKAGE_TOPIC: {
    status: 409,
    message: 'Diese Unterweisung hat kein SCORM-Paket.',
  },
  SCORM_LAUNCH_EXPIRED: {
    status: 404,
    message: 'Der Aufruf des Lernpakets ist abgelaufen. Bitte öffnen Sie die Unterweisung erneut.',
  },
  SCORM_DATA_INVALID: {
    status: 400,
    message: 'Die Lerndaten des Pakets sind ungültig oder zu groß und wurden nicht gespeichert.',
  },
} as const satisfies Record<string, ErrorDefinition>;
