/** External instructions at the public kiosk and their settings per location (decision 074). */
import type { ErrorDefinition } from './definition.ts';

export const externalInstructionsErrors = {
  EXTERNAL_NOT_OFFERED: {
    status: 404,
    message:
      'An diesem Standort werden keine Unterweisungen für Externe angeboten. Bitte wählen Sie einen anderen Standort oder wenden Sie sich an den Empfang.',
  },
  EXTERNAL_SESSION_INVALID: {
    status: 404,
    message: 'Ihre Unterweisung ist abgelaufen oder unbekannt. Bitte beginnen Sie die Unterweisung von vorn.',
  },
  EXTERNAL_TOO_MANY: {
    status: 429,
    message:
      'Zu viele Anfragen von diesem Gerät. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  },
  EXTERNAL_TOPIC_UNKNOWN: {
    status: 400,
    message:
      'Eines der gewählten Themen gibt es nicht (mehr). Bitte laden Sie die Seite neu und wählen Sie erneut.',
  },
  EXTERNAL_NOT_PASSED: {
    status: 409,
    message: 'Der Nachweis steht erst bereit, wenn alle Fragen richtig beantwortet sind.',
  },
  EXTERNAL_IMAGE_TYPE: {
    status: 415,
    message: 'Das Bild muss eine PNG-, JPEG- oder WebP-Datei sein.',
  },
  EXTERNAL_IMAGE_TOO_LARGE: {
    status: 413,
    message: 'Das Bild ist zu groß (höchstens 5 MB).',
  },
} as const satisfies Record<string, ErrorDefinition>;

export const externalInstructionsMessages = {
  right: 'Richtig!',
  wrongRestart:
    'Leider falsch. Für externe Personen beginnt die Unterweisung von vorn – mit dem ersten Thema und neuen Fragen.',
} as const;
