import type { Executor } from '#db/client.ts';
import { assignmentsRepository } from './assignments.repository.ts';
import { instructionsRepository } from './instructions.repository.ts';

type StarterQuestion = {
  text: string;
  /** The answers in order; `true` marks a right one. */
  answers: [string, boolean][];
  mandatory?: boolean;
};
type StarterTopic = {
  identifier: string;
  label: string;
  intervalDays: number;
  minutes: number;
  questions: StarterQuestion[];
};

/**
 * The German starter catalogue (decision 036): ten common yearly topics of § 12 ArbSchG / DGUV Vorschrift 1 § 4,
 * each with 3–6 questions of 3–5 answers. Filled into a portal without topics (the demo company); released,
 * mode 1 (all right).
 */
export const STARTER_TOPICS: readonly StarterTopic[] = [
  {
    identifier: 'U-01',
    label: 'Allgemeine Arbeitssicherheit',
    intervalDays: 365,
    minutes: 30,
    questions: [
      {
        text: 'Wer ist für die Sicherheit und den Gesundheitsschutz im Betrieb verantwortlich?',
        answers: [
          ['Der Arbeitgeber', true],
          ['Nur die Fachkraft für Arbeitssicherheit', false],
          ['Die Berufsgenossenschaft', false],
        ],
        mandatory: true,
      },
      {
        text: 'Was tun Sie, wenn Sie einen Mangel an einer Maschine bemerken?',
        answers: [
          ['Weiterarbeiten und am Monatsende melden', false],
          ['Die Maschine sichern und den Mangel sofort der Führungskraft melden', true],
          ['Den Mangel selbst beheben, auch ohne Qualifikation', false],
        ],
      },
      {
        text: 'Welche Pflichten haben Beschäftigte nach § 15 ArbSchG?',
        answers: [
          ['Für die eigene Sicherheit und die der anderen sorgen', true],
          ['Schutzeinrichtungen bestimmungsgemäß verwenden', true],
          ['Unterweisungen nur bei Interesse besuchen', false],
          ['Sicherheitsbeauftragte ernennen', false],
        ],
      },
      {
        text: 'Wo finden Sie die Betriebsanweisungen für Ihren Arbeitsplatz?',
        answers: [
          ['Am Arbeitsplatz oder im Dokumentenbereich', true],
          ['Nur bei der Geschäftsführung', false],
          ['Es gibt keine Betriebsanweisungen', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-02',
    label: 'Brandschutz und Verhalten im Brandfall',
    intervalDays: 365,
    minutes: 30,
    questions: [
      {
        text: 'Was ist im Brandfall als Erstes zu tun?',
        answers: [
          ['Brand melden (Notruf 112 oder Brandmelder)', true],
          ['Persönliche Gegenstände einsammeln', false],
          ['Den Aufzug benutzen', false],
        ],
        mandatory: true,
      },
      {
        text: 'Welche Feuerlöscher eignen sich für Brände an elektrischen Anlagen?',
        answers: [
          ['Kohlendioxid-Löscher (CO₂)', true],
          ['Wasserlöscher ohne Kennzeichnung', false],
          ['Eimer mit Wasser', false],
        ],
      },
      {
        text: 'Dürfen Brandschutztüren mit einem Keil offen gehalten werden?',
        answers: [
          ['Ja, wenn es warm ist', false],
          ['Nein, sie müssen selbstständig schließen können', true],
          ['Ja, während der Pausen', false],
        ],
      },
      {
        text: 'Wo treffen sich alle nach dem Verlassen des Gebäudes?',
        answers: [
          ['Am ausgeschilderten Sammelplatz', true],
          ['Am eigenen Auto', false],
          ['In der Kantine', false],
        ],
      },
      {
        text: 'Welche Regel gilt beim Löschen mit mehreren Feuerlöschern?',
        answers: [
          ['Nacheinander löschen', false],
          ['Gleichzeitig einsetzen, nicht nacheinander', true],
          ['Nur einen Feuerlöscher verwenden', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-03',
    label: 'Erste Hilfe',
    intervalDays: 365,
    minutes: 20,
    questions: [
      {
        text: 'Welche Notrufnummer gilt in Deutschland für Rettungsdienst und Feuerwehr?',
        answers: [
          ['110', false],
          ['112', true],
          ['116 117', false],
        ],
        mandatory: true,
      },
      {
        text: 'Wo wird jede Erste-Hilfe-Leistung dokumentiert?',
        answers: [
          ['Im Verbandbuch', true],
          ['Gar nicht', false],
          ['Nur im Unfallbericht bei Ausfall über drei Tage', false],
        ],
      },
      {
        text: 'Was gehört zu den ersten Maßnahmen bei einer bewusstlosen Person mit normaler Atmung?',
        answers: [
          ['Stabile Seitenlage', true],
          ['Notruf absetzen', true],
          ['Der Person etwas zu trinken geben', false],
          ['Die Person allein lassen', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-04',
    label: 'Bildschirmarbeit',
    intervalDays: 730,
    minutes: 20,
    questions: [
      {
        text: 'Wie sollte der Bildschirm zum Fenster aufgestellt sein?',
        answers: [
          ['Mit der Blickrichtung parallel zum Fenster', true],
          ['Mit dem Rücken zum Fenster', false],
          ['Mit Blick direkt ins Fenster', false],
        ],
      },
      {
        text: 'Was beugt Beschwerden bei langer Bildschirmarbeit vor?',
        answers: [
          ['Regelmäßige kurze Pausen und Wechsel der Tätigkeit', true],
          ['Durcharbeiten ohne Pause', false],
          ['Möglichst hohe Bildschirmhelligkeit', false],
        ],
      },
      {
        text: 'Welches Angebot muss der Arbeitgeber für Bildschirmarbeit machen?',
        answers: [
          ['Eine Angebotsvorsorge mit Untersuchung der Augen', true],
          ['Eine kostenlose Brille für alle', false],
          ['Keines', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-05',
    label: 'Heben und Tragen von Lasten',
    intervalDays: 365,
    minutes: 20,
    questions: [
      {
        text: 'Wie heben Sie eine Last richtig an?',
        answers: [
          ['Aus den Knien mit geradem Rücken', true],
          ['Mit rundem Rücken und gestreckten Beinen', false],
          ['Ruckartig mit Schwung', false],
        ],
        mandatory: true,
      },
      {
        text: 'Was tun Sie bei schweren oder sperrigen Lasten?',
        answers: [
          ['Hebehilfen nutzen oder zu zweit tragen', true],
          ['Die Last allein tragen, um Zeit zu sparen', false],
          ['Die Last ziehen und dabei den Oberkörper verdrehen', false],
        ],
      },
      {
        text: 'Warum sollte man eine Last nah am Körper tragen?',
        answers: [
          ['Die Belastung der Wirbelsäule ist geringer', true],
          ['Es sieht besser aus', false],
          ['Es hat keinen Einfluss', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-06',
    label: 'Umgang mit Gefahrstoffen',
    intervalDays: 365,
    minutes: 45,
    questions: [
      {
        text: 'Wo finden Sie die Schutzmaßnahmen für einen Gefahrstoff an Ihrem Arbeitsplatz?',
        answers: [
          ['In der Betriebsanweisung und im Sicherheitsdatenblatt', true],
          ['Auf der Rechnung des Lieferanten', false],
          ['Nirgends, man fragt die Kollegen', false],
        ],
        mandatory: true,
      },
      {
        text: 'Dürfen Gefahrstoffe in Getränkeflaschen abgefüllt werden?',
        answers: [
          ['Ja, wenn sie beschriftet sind', false],
          ['Nein, niemals', true],
          ['Ja, für kurze Zeit', false],
        ],
        mandatory: true,
      },
      {
        text: 'Was bedeutet das GHS-Piktogramm mit dem Totenkopf?',
        answers: [
          ['Akute Toxizität', true],
          ['Entzündbar', false],
          ['Umweltgefährlich', false],
          ['Gas unter Druck', false],
        ],
      },
      {
        text: 'Was ist nach Hautkontakt mit einem ätzenden Stoff zu tun?',
        answers: [
          ['Sofort mit viel Wasser spülen und Hilfe holen', true],
          ['Abwarten, ob Beschwerden auftreten', false],
          ['Mit einem Lappen abreiben', false],
        ],
      },
      {
        text: 'Wo dürfen Sie am Arbeitsplatz mit Gefahrstoffen essen und trinken?',
        answers: [
          ['Nur in den dafür vorgesehenen Pausenbereichen', true],
          ['Überall, wenn man Handschuhe trägt', false],
          ['Direkt am Arbeitsplatz', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-07',
    label: 'Leitern und Tritte',
    intervalDays: 365,
    minutes: 15,
    questions: [
      {
        text: 'Was prüfen Sie vor der Benutzung einer Leiter?',
        answers: [
          ['Sichtprüfung auf Schäden, Standfestigkeit und Prüfplakette', true],
          ['Nur die Farbe', false],
          ['Nichts, Leitern sind wartungsfrei', false],
        ],
        mandatory: true,
      },
      {
        text: 'Bis zu welcher Sprosse darf man auf einer Anlegeleiter höchstens stehen?',
        answers: [
          ['Bis zur obersten Sprosse', false],
          ['Bis zur viertobersten Sprosse', true],
          ['Bis zur zweitobersten Sprosse', false],
        ],
      },
      {
        text: 'In welchem Winkel wird eine Anlegeleiter angestellt?',
        answers: [
          ['65 bis 75 Grad', true],
          ['45 Grad', false],
          ['90 Grad', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-08',
    label: 'Persönliche Schutzausrüstung (PSA)',
    intervalDays: 365,
    minutes: 20,
    questions: [
      {
        text: 'Wann muss die persönliche Schutzausrüstung getragen werden?',
        answers: [
          ['Immer, wenn die Gefährdungsbeurteilung oder die Betriebsanweisung es verlangt', true],
          ['Nur wenn die Führungskraft zusieht', false],
          ['Nur im Winter', false],
        ],
        mandatory: true,
      },
      {
        text: 'Was tun Sie mit beschädigter Schutzausrüstung?',
        answers: [
          ['Nicht mehr benutzen und Ersatz anfordern', true],
          ['Weiter benutzen, bis sie ganz kaputt ist', false],
          ['Selbst mit Klebeband reparieren', false],
        ],
      },
      {
        text: 'Wer trägt die Kosten der persönlichen Schutzausrüstung?',
        answers: [
          ['Der Arbeitgeber', true],
          ['Die Beschäftigten', false],
          ['Die Krankenkasse', false],
        ],
      },
      {
        text: 'Welche Ausrüstung gehört zur PSA gegen Absturz?',
        answers: [
          ['Auffanggurt mit Verbindungsmittel', true],
          ['Warnweste', false],
          ['Gehörschutz', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-09',
    label: 'Elektrische Sicherheit',
    intervalDays: 365,
    minutes: 20,
    questions: [
      {
        text: 'Wer darf Arbeiten an elektrischen Anlagen ausführen?',
        answers: [
          ['Nur Elektrofachkräfte oder elektrotechnisch unterwiesene Personen unter Leitung', true],
          ['Jeder mit etwas Erfahrung', false],
          ['Auszubildende ohne Aufsicht', false],
        ],
        mandatory: true,
      },
      {
        text: 'Was tun Sie mit einem Gerät mit beschädigtem Kabel?',
        answers: [
          ['Nicht benutzen, kennzeichnen und melden', true],
          ['Mit Isolierband umwickeln und weiterarbeiten', false],
          ['Vorsichtig weiter benutzen', false],
        ],
      },
      {
        text: 'Wie lauten die ersten beiden der fünf Sicherheitsregeln?',
        answers: [
          ['Freischalten und gegen Wiedereinschalten sichern', true],
          ['Erden und kurzschließen', false],
          ['Abdecken und abschranken', false],
        ],
      },
    ],
  },
  {
    identifier: 'U-10',
    label: 'Lärm und Gehörschutz',
    intervalDays: 365,
    minutes: 15,
    questions: [
      {
        text: 'Ab welchem Tages-Lärmexpositionspegel muss Gehörschutz getragen werden?',
        answers: [
          ['Ab 85 dB(A)', true],
          ['Ab 60 dB(A)', false],
          ['Ab 100 dB(A)', false],
        ],
        mandatory: true,
      },
      {
        text: 'Wie setzen Sie Gehörschutzstöpsel richtig ein?',
        answers: [
          ['Zusammenrollen, Ohr nach oben ziehen, einsetzen und aufquellen lassen', true],
          ['Nur lose in die Ohrmuschel legen', false],
          ['Mit schmutzigen Händen tief hineindrücken', false],
        ],
      },
      {
        text: 'Welche Folge hat dauerhafte Lärmbelastung ohne Schutz?',
        answers: [
          ['Bleibende Lärmschwerhörigkeit', true],
          ['Keine, das Ohr gewöhnt sich', false],
          ['Besseres Hörvermögen', false],
        ],
      },
    ],
  },
];

/** Fills a portal that has no topics yet with the starter catalogue (released, with questions). */
export async function ensureStarterTopics(ex: Executor, portalId: number): Promise<number> {
  if (await instructionsRepository.portalHasTopics(ex, portalId)) return 0;
  for (const topic of STARTER_TOPICS) {
    const row = await instructionsRepository.insertTopic(ex, {
      portalId,
      identifier: topic.identifier,
      label: topic.label,
      intervalDays: topic.intervalDays,
      minutes: topic.minutes,
      durationDays: topic.intervalDays,
      mode: 1,
      released: true,
    });
    await instructionsRepository.insertQuestions(
      ex,
      topic.questions.map((q, i) => ({
        topicId: row.id,
        number: i + 1,
        text: q.text,
        answers: q.answers.map(([text, right]) => ({ text, right })),
        mandatory: q.mandatory ?? false,
      })),
    );
  }
  return STARTER_TOPICS.length;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo data: the demo accounts have some starter topics to complete (one overdue), so "Meine Unterweisungen" and
 * a topic's assignments show something. Needs the starter catalogue in the portal.
 */
export async function seedDemoAssignments(ex: Executor, portalId: number, employeeIds: readonly number[]) {
  const plan: [string, number][] = [
    ['U-01', -3],
    ['U-02', 14],
    ['U-06', 60],
  ];
  for (const [identifier, offset] of plan) {
    const topic = await instructionsRepository.topicByIdentifier(ex, portalId, identifier);
    if (!topic) continue;
    await assignmentsRepository.insertMany(
      ex,
      employeeIds.map((employeeId) => ({
        portalId,
        employeeId,
        topicId: topic.id,
        dueDate: day(offset),
        originalDueDate: day(offset),
        durationDays: topic.durationDays,
      })),
    );
  }
}
