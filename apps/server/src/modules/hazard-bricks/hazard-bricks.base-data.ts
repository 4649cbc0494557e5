import type { Executor } from '#db/client.ts';
import { hazardBricksRepository } from './hazard-bricks.repository.ts';

type BaseBrick = {
  identifier: string;
  title: string;
  riskFrom: number;
  riskTo: number;
  free?: boolean;
  description: string;
  /** In STOP order: substitution, technical, organisational, personal. */
  actions: [string, string][];
  guidelines: [string, string][];
  codes: [string, string][];
};

/** The German starter catalogue (decision 017), one brick per common hazard, actions in STOP order. */
export const BASE_HAZARD_BRICKS: BaseBrick[] = [
  {
    identifier: 'M-01',
    title: 'Ungeschützt bewegte Maschinenteile',
    riskFrom: 3,
    riskTo: 7,
    description:
      'Erfassen, Einziehen, Quetschen oder Scheren an rotierenden oder linear bewegten Teilen von Maschinen (Wellen, Walzen, Riemen, Ketten, Werkzeuge).',
    actions: [
      [
        'S',
        'Prüfen, ob der Arbeitsschritt mit einer Maschine ohne offene Gefahrstellen ausgeführt werden kann.',
      ],
      [
        'T',
        'Gefahrstellen durch feststehende oder verriegelte trennende Schutzeinrichtungen sichern (DIN EN ISO 14120).',
      ],
      [
        'O',
        'Betriebsanweisung für die Maschine erstellen und Beschäftigte vor Aufnahme der Tätigkeit unterweisen.',
      ],
      [
        'P',
        'Eng anliegende Arbeitskleidung tragen; keine Handschuhe an rotierenden Werkzeugen, Haare zusammenbinden.',
      ],
    ],
    guidelines: [
      [
        'Schutzeinrichtungen an Maschinen',
        'Maschinenrichtlinie 2006/42/EG, BetrSichV §§ 5, 6 und Anhang 1; DGUV Information 209-001.',
      ],
    ],
    codes: [['PR-M01', 'Schutzeinrichtungen vorhanden, wirksam und nicht manipuliert']],
  },
  {
    identifier: 'M-02',
    title: 'Sturz auf der Ebene, Stolpern, Rutschen',
    riskFrom: 2,
    riskTo: 5,
    description:
      'Stolper-, Rutsch- und Sturzgefahr durch Unebenheiten, Verschmutzungen, Kabel und Glätte auf Verkehrswegen.',
    actions: [
      ['T', 'Rutschhemmende Bodenbeläge entsprechend ASR A1.5/1,2 verlegen und Stolperstellen beseitigen.'],
      ['O', 'Verkehrswege freihalten, Reinigungs- und Winterdienstplan festlegen.'],
      ['P', 'Sicherheitsschuhe mit rutschhemmender Sohle tragen.'],
    ],
    guidelines: [['Fußböden und Verkehrswege', 'ASR A1.5/1,2 Fußböden; ASR A1.8 Verkehrswege.']],
    codes: [['PR-M02', 'Verkehrswege frei, eben und trittsicher']],
  },
  {
    identifier: 'M-03',
    title: 'Absturz von hochgelegenen Arbeitsplätzen',
    riskFrom: 4,
    riskTo: 7,
    description: 'Absturz bei Arbeiten auf Podesten, Dächern, Leitern oder an Kanten ab 1 m Absturzhöhe.',
    actions: [
      ['S', 'Arbeiten vom Boden aus ermöglichen (z. B. Teleskopwerkzeuge, absenkbare Leuchten).'],
      ['T', 'Geländer bzw. Seitenschutz anbringen oder Hubarbeitsbühne statt Leiter einsetzen.'],
      ['O', 'Arbeiten mit Absturzgefahr nur mit Erlaubnisschein und zweiter Person durchführen.'],
      ['P', 'Persönliche Schutzausrüstung gegen Absturz benutzen; Unterweisung mit praktischer Übung.'],
    ],
    guidelines: [
      ['Schutz vor Absturz', 'ASR A2.1 Schutz vor Absturz und herabfallenden Gegenständen; TRBS 2121.'],
    ],
    codes: [
      ['PR-M03a', 'Absturzsicherungen vollständig und fest'],
      ['PR-M03b', 'PSA gegen Absturz geprüft (jährlich durch sachkundige Person)'],
    ],
  },
  {
    identifier: 'E-01',
    title: 'Elektrischer Schlag durch berührbare spannungsführende Teile',
    riskFrom: 4,
    riskTo: 7,
    description:
      'Körperdurchströmung durch beschädigte Isolierung, offene Verteiler oder defekte ortsveränderliche Betriebsmittel.',
    actions: [
      ['T', 'Fehlerstrom-Schutzeinrichtungen (RCD ≤ 30 mA) für Steckdosenstromkreise vorsehen.'],
      [
        'O',
        'Elektrische Anlagen und Betriebsmittel regelmäßig durch eine Elektrofachkraft prüfen lassen (DGUV Vorschrift 3).',
      ],
      ['O', 'Beschädigte Geräte sofort der Benutzung entziehen und kennzeichnen.'],
    ],
    guidelines: [
      ['Elektrische Anlagen und Betriebsmittel', 'DGUV Vorschrift 3; TRBS 1201; DIN VDE 0105-100.'],
    ],
    codes: [['PR-E01', 'Prüffristen elektrischer Betriebsmittel eingehalten (Prüfplakette)']],
  },
  {
    identifier: 'E-02',
    title: 'Arbeiten an oder in der Nähe unter Spannung stehender Teile',
    riskFrom: 5,
    riskTo: 7,
    description: 'Lichtbogen und Körperdurchströmung bei Arbeiten an elektrischen Anlagen.',
    actions: [
      [
        'T',
        'Die fünf Sicherheitsregeln anwenden: freischalten, gegen Wiedereinschalten sichern, Spannungsfreiheit feststellen, erden und kurzschließen, benachbarte Teile abdecken.',
      ],
      ['O', 'Arbeiten nur durch Elektrofachkräfte mit schriftlichem Arbeitsauftrag ausführen lassen.'],
      ['P', 'Störlichtbogen-Schutzausrüstung und isolierende Handschuhe benutzen.'],
    ],
    guidelines: [['Fünf Sicherheitsregeln', 'DIN VDE 0105-100 Abschnitt 6.2; DGUV Regel 103-011.']],
    codes: [['PR-E02', 'Freischaltprotokoll vollständig']],
  },
  {
    identifier: 'G-01',
    title: 'Hautkontakt mit Gefahrstoffen',
    riskFrom: 2,
    riskTo: 6,
    description:
      'Reizungen, Verätzungen, Sensibilisierung oder Hautresorption beim Umgang mit Reinigungs-, Kühl- und Lösemitteln.',
    actions: [
      ['S', 'Gefahrstoffe durch weniger gefährliche Stoffe ersetzen (Substitutionsprüfung dokumentieren).'],
      ['T', 'Geschlossene Dosier- und Umfüllsysteme einsetzen.'],
      ['O', 'Betriebsanweisung nach § 14 GefStoffV erstellen, Hautschutzplan aushängen.'],
      ['P', 'Geeignete Chemikalienschutzhandschuhe nach Sicherheitsdatenblatt tragen.'],
    ],
    guidelines: [
      ['Tätigkeiten mit Gefahrstoffen', 'GefStoffV; TRGS 400 Gefährdungsbeurteilung; TRGS 401 Hautkontakt.'],
      ['Substitution', 'TRGS 600 Substitution.'],
    ],
    codes: [['PR-G01', 'Gefahrstoffverzeichnis aktuell, Sicherheitsdatenblätter vorhanden']],
  },
  {
    identifier: 'G-02',
    title: 'Einatmen von Gefahrstoffen (Dämpfe, Stäube, Rauche)',
    riskFrom: 3,
    riskTo: 7,
    description:
      'Atemwegsreizungen und Vergiftungen durch Lösemitteldämpfe, Holz- oder Quarzstaub, Schweißrauche.',
    actions: [
      ['S', 'Staubarme oder lösemittelfreie Produkte und Verfahren wählen.'],
      ['T', 'Quellenabsaugung bzw. technische Lüftung installieren; Arbeitsplatzgrenzwerte überwachen.'],
      ['O', 'Expositionszeiten begrenzen und arbeitsmedizinische Vorsorge anbieten bzw. veranlassen.'],
      ['P', 'Atemschutz (z. B. FFP2/FFP3 oder Filter nach Stoff) bereitstellen und tragen.'],
    ],
    guidelines: [
      [
        'Arbeitsplatzgrenzwerte',
        'TRGS 900 Arbeitsplatzgrenzwerte; TRGS 402 Ermitteln und Beurteilen der Exposition.',
      ],
    ],
    codes: [['PR-G02', 'Absaugung wirksam (Messung oder Strömungsprüfung)']],
  },
  {
    identifier: 'B-01',
    title: 'Brandgefährdung durch brennbare Stoffe und Zündquellen',
    riskFrom: 3,
    riskTo: 7,
    description:
      'Entstehungsbrände durch brennbare Flüssigkeiten, Verpackungsmaterial, heiße Arbeiten oder defekte Geräte.',
    actions: [
      ['T', 'Feuerlöscher nach ASR A2.2 bereitstellen und Brandmeldeanlage instand halten.'],
      ['O', 'Brennbare Stoffe nur in zugelassenen Schränken lagern; Heißarbeiten nur mit Erlaubnisschein.'],
      [
        'O',
        'Brandschutzhelfer ausbilden (mindestens 5 % der Beschäftigten) und Räumungsübungen durchführen.',
      ],
    ],
    guidelines: [['Brandschutz', 'ASR A2.2 Maßnahmen gegen Brände; ASR A2.3 Fluchtwege und Notausgänge.']],
    codes: [
      ['PR-B01a', 'Feuerlöscher geprüft (alle 2 Jahre)'],
      ['PR-B01b', 'Flucht- und Rettungswege frei und gekennzeichnet'],
    ],
  },
  {
    identifier: 'B-02',
    title: 'Explosionsfähige Atmosphäre',
    riskFrom: 5,
    riskTo: 7,
    description:
      'Explosion durch Gas-, Dampf- oder Staub-Luft-Gemische in Lagern, Lackieranlagen oder Silos.',
    actions: [
      ['S', 'Brennbare Stoffe durch nicht brennbare ersetzen oder Mengen verringern.'],
      [
        'T',
        'Bildung explosionsfähiger Atmosphäre durch Lüftung verhindern; Geräte der passenden Kategorie einsetzen.',
      ],
      ['O', 'Explosionsschutzdokument erstellen und Ex-Zonen kennzeichnen.'],
    ],
    guidelines: [
      [
        'Explosionsschutz',
        'GefStoffV Anhang I Nr. 1; TRGS 720–725; DGUV Regel 113-001 (Explosionsschutz-Regeln).',
      ],
    ],
    codes: [['PR-B02', 'Explosionsschutzdokument aktuell']],
  },
  {
    identifier: 'T-01',
    title: 'Heiße oder kalte Oberflächen und Medien',
    riskFrom: 2,
    riskTo: 5,
    description:
      'Verbrennungen, Verbrühungen oder Kälteschäden an heißen Maschinenteilen, Dampf, Kältemitteln.',
    actions: [
      ['T', 'Heiße Oberflächen isolieren oder durch Abdeckungen unzugänglich machen.'],
      ['O', 'Gefahrstellen mit Warnzeichen W017 „Warnung vor heißer Oberfläche“ kennzeichnen.'],
      ['P', 'Hitze- bzw. Kälteschutzhandschuhe und Schutzkleidung tragen.'],
    ],
    guidelines: [
      [
        'Thermische Gefährdungen',
        'DIN EN ISO 13732-1 Temperaturen berührbarer Oberflächen; ASR A1.3 Sicherheitskennzeichnung.',
      ],
    ],
    codes: [['PR-T01', 'Isolierungen und Abdeckungen vollständig']],
  },
  {
    identifier: 'P-01',
    title: 'Lärm',
    riskFrom: 2,
    riskTo: 5,
    description:
      'Gehörschäden bei Tages-Lärmexpositionspegeln ab 80 dB(A) oder Spitzenschalldruckpegeln ab 135 dB(C).',
    actions: [
      ['S', 'Lärmarme Maschinen und Verfahren auswählen.'],
      ['T', 'Lärmquellen kapseln, Schallschutzwände und schallabsorbierende Decken einbauen.'],
      ['O', 'Lärmbereiche ab 85 dB(A) kennzeichnen; Lärmminderungsprogramm aufstellen, Vorsorge anbieten.'],
      ['P', 'Geeigneten Gehörschutz bereitstellen und tragen (ab 85 dB(A) Pflicht).'],
    ],
    guidelines: [['Lärm', 'LärmVibrationsArbSchV; TRLV Lärm Teil 1–3.']],
    codes: [['PR-P01', 'Lärmmessung vorhanden, Lärmbereiche gekennzeichnet']],
  },
  {
    identifier: 'P-02',
    title: 'Hand-Arm- und Ganzkörper-Vibrationen',
    riskFrom: 2,
    riskTo: 5,
    description: 'Durchblutungs-, Nerven- und Gelenkschäden durch vibrierende Handwerkzeuge oder Fahrzeuge.',
    actions: [
      ['S', 'Vibrationsarme Arbeitsverfahren wählen.'],
      ['T', 'Vibrationsgedämpfte Werkzeuge und Fahrersitze einsetzen und warten.'],
      ['O', 'Expositionsdauer begrenzen (Auslösewert Hand-Arm 2,5 m/s² A(8)); Vorsorge anbieten.'],
    ],
    guidelines: [['Vibrationen', 'LärmVibrationsArbSchV; TRLV Vibrationen.']],
    codes: [['PR-P02', 'Vibrationsexposition ermittelt']],
  },
  {
    identifier: 'PS-01',
    title: 'Psychische Belastung durch Arbeitsintensität und Zeitdruck',
    riskFrom: 2,
    riskTo: 5,
    description:
      'Hohe Arbeitsmenge, häufige Unterbrechungen und Termindruck mit Folgen wie Erschöpfung und Fehlhandlungen.',
    actions: [
      ['O', 'Arbeitsmenge und Personalbemessung überprüfen; Vertretungsregeln festlegen.'],
      ['O', 'Störungen reduzieren (Ruhezeiten, klare Prioritäten, störungsfreie Arbeitsphasen).'],
      ['O', 'Führungskräfte zu gesundheitsgerechter Führung schulen; Mitarbeitergespräche führen.'],
    ],
    guidelines: [
      [
        'Psychische Belastung',
        'ArbSchG § 5 Abs. 3 Nr. 6; GDA-Empfehlungen zur Umsetzung der Gefährdungsbeurteilung psychischer Belastung; DIN EN ISO 10075.',
      ],
    ],
    codes: [['PR-PS01', 'Beteiligung der Beschäftigten (Workshop oder Befragung) dokumentiert']],
  },
  {
    identifier: 'A-01',
    title: 'Bildschirmarbeitsplatz: ungünstige Körperhaltung und Blendung',
    riskFrom: 1,
    riskTo: 4,
    description:
      'Muskel-Skelett-Beschwerden und Augenbelastung durch schlecht eingestellte Bildschirmarbeitsplätze.',
    actions: [
      [
        'T',
        'Höhenverstellbare Tische und Stühle bereitstellen; Bildschirme blendfrei, im rechten Winkel zum Fenster aufstellen.',
      ],
      ['O', 'Arbeitsplätze gemeinsam mit den Beschäftigten einstellen; Mischarbeit und Pausen ermöglichen.'],
      ['O', 'Angebotsvorsorge Sehen am Bildschirmarbeitsplatz (ArbMedVV) anbieten.'],
    ],
    guidelines: [['Bildschirmarbeit', 'ArbStättV Anhang Nr. 6; DGUV Information 215-410.']],
    codes: [['PR-A01', 'Arbeitsplatz-Checkliste Bildschirmarbeit ausgefüllt']],
  },
  {
    identifier: 'A-02',
    title: 'Manuelle Handhabung von Lasten',
    riskFrom: 2,
    riskTo: 5,
    description: 'Rücken- und Gelenkbelastung beim Heben, Halten, Tragen, Ziehen und Schieben von Lasten.',
    actions: [
      ['T', 'Hebehilfen, Hubtische, Vakuumheber oder Transportwagen einsetzen.'],
      ['O', 'Lastgewichte reduzieren und Tätigkeiten mit der Leitmerkmalmethode (LMM) beurteilen.'],
      ['O', 'Beschäftigte in rückengerechtem Heben und Tragen unterweisen.'],
    ],
    guidelines: [['Lastenhandhabung', 'LasthandhabV; Leitmerkmalmethoden der BAuA (LMM-HHT, LMM-ZS).']],
    codes: [['PR-A02', 'LMM-Bewertung dokumentiert']],
  },
  {
    identifier: 'A-03',
    title: 'Unzureichende Beleuchtung',
    riskFrom: 1,
    riskTo: 4,
    description:
      'Fehlhandlungen und Stürze durch zu geringe Beleuchtungsstärke oder fehlende Sicherheitsbeleuchtung.',
    actions: [
      ['T', 'Beleuchtungsstärke nach ASR A3.4 herstellen; Sicherheitsbeleuchtung in Fluchtwegen.'],
      ['O', 'Leuchten regelmäßig reinigen und defekte Leuchtmittel umgehend ersetzen.'],
    ],
    guidelines: [['Beleuchtung', 'ASR A3.4 Beleuchtung und Sichtverbindung.']],
    codes: [['PR-A03', 'Beleuchtungsstärke gemessen']],
  },
  {
    identifier: 'F-01',
    title: 'Freie Gefährdung',
    riskFrom: 1,
    riskTo: 7,
    free: true,
    description:
      'Baustein für Gefährdungen, die der Katalog nicht abdeckt; Ursache und Schutzziel werden in der Beurteilung frei beschrieben.',
    actions: [['O', 'Maßnahmen in der Rangfolge S-T-O-P festlegen und in der Beurteilung beschreiben.']],
    guidelines: [
      [
        'Rangfolge der Schutzmaßnahmen',
        'ArbSchG § 4: Substitution vor technischen vor organisatorischen vor personenbezogenen Maßnahmen.',
      ],
    ],
    codes: [['PR-F01', 'Wirksamkeit der Maßnahmen geprüft']],
  },
];

/**
 * Fills an empty catalogue with the starter bricks; runs on every start. Only an empty catalogue is
 * filled, so bricks a customer deleted do not come back (the catalogue is installation-wide).
 */
export async function ensureBaseHazardBricks(ex: Executor): Promise<void> {
  if (!(await hazardBricksRepository.isEmpty(ex))) return;
  for (const brick of BASE_HAZARD_BRICKS) {
    const brickId = await hazardBricksRepository.insertIfAbsent(ex, {
      identifier: brick.identifier,
      title: brick.title,
      riskFrom: brick.riskFrom,
      riskTo: brick.riskTo,
      free: brick.free ?? false,
      description: brick.description,
    });
    if (brickId === undefined) continue;
    // Action identifiers: the letter of the STOP level and a running number per level (T1, O1, O2 …).
    const counter: Record<string, number> = {};
    await hazardBricksRepository.replaceActions(ex, brickId, {
      actions: brick.actions.map(([level, description]) => {
        counter[level] = (counter[level] ?? 0) + 1;
        return { identifier: `${level}${counter[level]}`, description };
      }),
      guidelines: brick.guidelines.map(([title, description]) => ({ title, description })),
    });
    await hazardBricksRepository.replaceCodes(
      ex,
      brickId,
      brick.codes.map(([code, description]) => ({ code, description })),
    );
  }
}
