/** Documents (decision 016). */
import type { ErrorDefinition } from './definition.ts';

export const documentsErrors = {
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
} as const satisfies Record<string, ErrorDefinition>;

/**
 * Texts of this domain that name a value or say more than the code's default message; the server passes
 * them as `new AppError(code, { message })` or as a field message in `details`.
 */
export const documentsMessages = {
  fieldVersionBeforeFile: 'Die Version des Datensatzes fehlt (Feld „version“ vor der Datei).',
  responsibleNotFound: 'Die verantwortliche Person wurde nicht gefunden.',
  fieldResponsibleFromPortal: 'Bitte wählen Sie eine Person aus Ihrem Portal.',
  templatesNeedRight:
    'Dokumentvorlagen dürfen nur Personen mit dem Recht „Dokumentvorlagen und Ordner verwalten“ bearbeiten.',
  fileTypeNotAllowed: (extension: string) =>
    `Der Dateityp „.${extension || '?'}“ ist nicht erlaubt. Erlaubt sind PDF, PNG, JPG, GIF, DOC, DOCX, PPT und PPTX bis 50 MB.`,
  fileContentMismatch: (extension: string) =>
    `Der Inhalt der Datei passt nicht zur Endung „.${extension}“. Erlaubt sind PDF, PNG, JPG, GIF, DOC, DOCX, PPT und PPTX bis 50 MB.`,
  officeDamaged: 'Die Office-Datei ist beschädigt und kann nicht gelesen werden.',
  officeTooManyEntries: 'Die Office-Datei enthält zu viele Einträge.',
  officeNestedArchive: 'Die Office-Datei enthält ein weiteres Archiv und wird abgelehnt.',
  officeMacros: 'Die Office-Datei enthält Makros und wird abgelehnt.',
  officeTooLargeUnpacked: 'Die Office-Datei ist entpackt zu groß (möglicherweise eine „Zip-Bombe“).',
  officeCompressionRatio:
    'Die Office-Datei ist ungewöhnlich stark komprimiert (möglicherweise eine „Zip-Bombe“).',
  officeNotWordOrPowerPoint:
    'Der Inhalt der Datei passt nicht zur Endung. Bitte laden Sie eine echte Word- oder PowerPoint-Datei hoch.',
} as const;
