/** The employee's run-through of an instruction, its feedback and certificate (decision 041). */
import type { ErrorDefinition } from './definition.ts';

export const instructionRunErrors = {
  RUN_CANNOT_START: {
    status: 409,
    message:
      'Die Unterweisung kann nicht gestartet werden: Sie ist gesperrt oder inaktiv. Bitte wenden Sie sich an Ihre Ansprechperson für Unterweisungen.',
  },
  RUN_NOT_YET_EXECUTABLE: {
    status: 409,
    message:
      'Die Unterweisung kann noch nicht durchgeführt werden. Bitte versuchen Sie es näher am Fälligkeitstermin.',
  },
  RUN_NO_QUESTIONS: {
    status: 409,
    message:
      'Zu dieser Unterweisung sind keine Fragen hinterlegt. Bitte wenden Sie sich an Ihre Ansprechperson für Unterweisungen.',
  },
  RUN_WRONG_TYPE: {
    status: 409,
    message: 'Falscher Unterweisungstyp: Dieses Element ist keine Unterweisung mit Fragen.',
  },
  RUN_NOT_STARTED: {
    status: 409,
    message: 'Die Unterweisung ist nicht begonnen. Bitte starten Sie sie unter „Meine Unterweisungen“.',
  },
  RUN_BLOCKED: {
    status: 409,
    message:
      'Sie haben heute bereits zweimal falsch geantwortet. Sie können die Unterweisung ab morgen fortsetzen.',
  },
  RUN_OUT_OF_STEP: {
    status: 409,
    message:
      'Diese Frage ist nicht mehr an der Reihe (die Unterweisung wurde z. B. in einem anderen Fenster fortgesetzt). Die aktuelle Frage wird geladen.',
  },
  RUN_ANSWER_INVALID: {
    status: 400,
    message: 'Diese Antwort gibt es bei der Frage nicht. Bitte wählen Sie eine der angezeigten Antworten.',
  },
  RUN_QUESTION_PENDING: {
    status: 409,
    message:
      'Bitte beantworten Sie zuerst die Frage zu dieser Folie. Danach geht es mit der nächsten Folie weiter.',
  },
  RUN_SLIDE_INVALID: {
    status: 400,
    message: 'Diese Folie gibt es in der Präsentation nicht. Die Präsentation wird neu geladen.',
  },
  FEEDBACK_MESSAGE_REQUIRED: {
    status: 400,
    message: 'Bitte geben Sie eine Nachricht ein (0x000).',
  },
  FEEDBACK_NOT_SAVED: {
    status: 500,
    message:
      'Ihre Rückmeldung konnte nicht gespeichert werden (0x501). Bitte wenden Sie sich an Ihre Administration.',
  },
  CERTIFICATE_NOT_AVAILABLE: {
    status: 409,
    message:
      'Für diese Unterweisung gibt es keine Teilnahmebescheinigung: Sie wurde nicht mit den Fragen abgeschlossen.',
  },
} as const satisfies Record<string, ErrorDefinition>;

export const instructionRunMessages = {
  right: 'Richtig!',
  wrong: 'Leider falsch. Bitte lesen Sie die Frage noch einmal und antworten Sie erneut.',
  wrongExternal: 'Leider falsch. Die Unterweisung beginnt von vorn mit neuen Fragen.',
  scoreMissed: (score: number, min: number) =>
    `Sie haben ${score} von mindestens ${min} Punkten erreicht. Die Unterweisung beginnt von vorn mit neuen Fragen.`,
  notYetExecutable: (from: string) => `Die Unterweisung kann erst ab dem ${from} durchgeführt werden.`,
  blockedUntil: (day: string) =>
    `Sie haben heute bereits zweimal falsch geantwortet. Sie können die Unterweisung ab dem ${day} fortsetzen.`,
  fieldFeedbackRequired: 'Bitte geben Sie eine Nachricht ein.',
} as const;
