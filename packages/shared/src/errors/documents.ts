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
} as const satisfies Record<string, ErrorDefinition>;
