import type { Executor } from '#db/client.ts';
import { factorMenusRepository } from './factor-menus.repository.ts';

type BaseFactor = [number: string, title: string, legalBasis: string];
type BaseRegister = {
  number: string;
  title: string;
  multiple?: boolean;
  factors: BaseFactor[];
};

export const STANDARD_FACTOR_MENU_NAME = 'Standardmenü (GDA-Leitlinie)';
const SOURCE_GDA =
  'GDA-Leitlinie „Gefährdungsbeurteilung und Dokumentation“; BAuA, Handbuch Gefährdungsbeurteilung';

/**
 * The standard factor menu (decision 019): the 11 Gefährdungsfaktoren of the GDA-Leitlinie
 * „Gefährdungsbeurteilung und Dokumentation“ and the BAuA Handbuch Gefährdungsbeurteilung with their
 * usual factors and legal bases.
 */
export const STANDARD_FACTOR_MENU: BaseRegister[] = [
  {
    number: '1',
    title: 'Mechanische Gefährdungen',
    factors: [
      ['1.1', 'Ungeschützt bewegte Maschinenteile', 'BetrSichV; TRBS 2111; Maschinenrichtlinie 2006/42/EG'],
      ['1.2', 'Teile mit gefährlichen Oberflächen', 'BetrSichV; TRBS 2111; ArbStättV'],
      [
        '1.3',
        'Bewegte Transportmittel, bewegte Arbeitsmittel',
        'BetrSichV; TRBS 2111 Teil 1; DGUV Vorschrift 68',
      ],
      ['1.4', 'Unkontrolliert bewegte Teile', 'BetrSichV; TRBS 2111'],
      ['1.5', 'Sturz, Ausrutschen, Stolpern, Umknicken', 'ArbStättV; ASR A1.5/1,2; ASR A1.8'],
      ['1.6', 'Absturz', 'ArbStättV; ASR A2.1; BetrSichV; TRBS 2121'],
    ],
  },
  {
    number: '2',
    title: 'Elektrische Gefährdungen',
    factors: [
      ['2.1', 'Elektrischer Schlag', 'BetrSichV; TRBS 1201; DGUV Vorschrift 3'],
      ['2.2', 'Lichtbögen', 'BetrSichV; DGUV Vorschrift 3; DGUV Information 203-077'],
      ['2.3', 'Elektrostatische Aufladungen', 'BetrSichV; TRGS 727'],
    ],
  },
  {
    number: '3',
    title: 'Gefahrstoffe',
    multiple: true,
    factors: [
      [
        '3.1',
        'Hautkontakt mit Gefahrstoffen (Feststoffe, Flüssigkeiten, Feuchtarbeit)',
        'GefStoffV; TRGS 401',
      ],
      [
        '3.2',
        'Einatmen von Gefahrstoffen (Gase, Dämpfe, Nebel, Stäube, Rauche)',
        'GefStoffV; TRGS 402; TRGS 900',
      ],
      ['3.3', 'Verschlucken von Gefahrstoffen', 'GefStoffV; TRGS 500'],
      [
        '3.4',
        'Physikalisch-chemische Gefährdungen (z. B. Brand- und Explosionsgefährdungen, unkontrollierte chemische Reaktionen)',
        'GefStoffV; TRGS 800; TRGS 510',
      ],
    ],
  },
  {
    number: '4',
    title: 'Biologische Arbeitsstoffe',
    multiple: true,
    factors: [
      [
        '4.1',
        'Infektionsgefährdung durch pathogene Mikroorganismen (z. B. Bakterien, Viren, Pilze)',
        'BioStoffV; TRBA 400; TRBA 250',
      ],
      [
        '4.2',
        'Sensibilisierende und toxische Wirkungen von Mikroorganismen',
        'BioStoffV; TRBA 400; TRBA 406',
      ],
    ],
  },
  {
    number: '5',
    title: 'Brand- und Explosionsgefährdungen',
    factors: [
      ['5.1', 'Brennbare Feststoffe, Flüssigkeiten, Gase', 'ArbStättV; ASR A2.2; GefStoffV; TRGS 800'],
      ['5.2', 'Explosionsfähige Atmosphäre', 'GefStoffV; TRGS 720–725; BetrSichV'],
      ['5.3', 'Explosivstoffe', 'SprengG; GefStoffV; TRGS 720'],
    ],
  },
  {
    number: '6',
    title: 'Thermische Gefährdungen',
    factors: [
      ['6.1', 'Heiße Medien, Oberflächen', 'BetrSichV; TRBS 2111; DIN EN ISO 13732-1'],
      ['6.2', 'Kalte Medien, Oberflächen', 'BetrSichV; DIN EN ISO 13732-3'],
    ],
  },
  {
    number: '7',
    title: 'Gefährdung durch spezielle physikalische Einwirkungen',
    multiple: true,
    factors: [
      ['7.1', 'Lärm', 'LärmVibrationsArbSchV; TRLV Lärm'],
      ['7.2', 'Ultraschall, Infraschall', 'ArbSchG; DGUV Information 203-009'],
      ['7.3', 'Ganzkörpervibrationen', 'LärmVibrationsArbSchV; TRLV Vibrationen'],
      ['7.4', 'Hand-Arm-Vibrationen', 'LärmVibrationsArbSchV; TRLV Vibrationen'],
      [
        '7.5',
        'Optische Strahlung (z. B. infrarote Strahlung, ultraviolette Strahlung, Laserstrahlung)',
        'OStrV; TROS IOS; TROS Laserstrahlung',
      ],
      [
        '7.6',
        'Ionisierende Strahlung (z. B. Röntgenstrahlung, Gammastrahlung, Teilchenstrahlung)',
        'StrlSchG; StrlSchV',
      ],
      ['7.7', 'Elektromagnetische Felder', 'EMFV; TREMF NF; TREMF HF'],
      ['7.8', 'Unter- oder Überdruck', 'DruckLV; BetrSichV'],
    ],
  },
  {
    number: '8',
    title: 'Gefährdungen durch Arbeitsumgebungsbedingungen',
    multiple: true,
    factors: [
      ['8.1', 'Klima (z. B. Hitze, Kälte, unzureichende Lüftung)', 'ArbStättV; ASR A3.5; ASR A3.6'],
      ['8.2', 'Beleuchtung, Licht', 'ArbStättV; ASR A3.4'],
      [
        '8.3',
        'Ersticken (z. B. durch sauerstoffreduzierte Atmosphäre), Ertrinken',
        'GefStoffV; DGUV Regel 113-004',
      ],
      [
        '8.4',
        'Unzureichende Flucht- und Verkehrswege, unzureichende Sicherheits- und Gesundheitsschutzkennzeichnung',
        'ArbStättV; ASR A1.3; ASR A1.8; ASR A2.3',
      ],
      [
        '8.5',
        'Unzureichende Bewegungsfläche am Arbeitsplatz, ungünstige Anordnung des Arbeitsplatzes',
        'ArbStättV; ASR A1.2; ASR V3',
      ],
      ['8.6', 'Unzureichende Pausen-, Sanitärräume', 'ArbStättV; ASR A4.1; ASR A4.2'],
    ],
  },
  {
    number: '9',
    title: 'Physische Belastung/Arbeitsschwere',
    multiple: true,
    factors: [
      ['9.1', 'Schwere dynamische Arbeit (z. B. manuelle Handhabung von Lasten)', 'LasthandhabV; ArbMedVV'],
      [
        '9.2',
        'Einseitige dynamische Arbeit, Körperbewegung (z. B. häufig wiederholte Bewegungen)',
        'ArbSchG; ArbMedVV',
      ],
      ['9.3', 'Haltungsarbeit (Zwangshaltung), Haltearbeit', 'ArbSchG; ArbStättV'],
      ['9.4', 'Kombination aus statischer und dynamischer Arbeit', 'ArbSchG; LasthandhabV'],
    ],
  },
  {
    number: '10',
    title: 'Psychische Faktoren',
    multiple: true,
    factors: [
      [
        '10.1',
        'Arbeitsinhalt/Arbeitsaufgabe (z. B. Vollständigkeit, Handlungsspielraum, Verantwortung, emotionale Inanspruchnahme)',
        'ArbSchG § 5 Abs. 3 Nr. 6; GDA-Empfehlungen zur psychischen Belastung',
      ],
      [
        '10.2',
        'Arbeitsorganisation (z. B. Arbeitszeit, Arbeitsablauf, Kommunikation/Kooperation)',
        'ArbSchG § 5 Abs. 3 Nr. 4 und 6; ArbZG',
      ],
      [
        '10.3',
        'Soziale Beziehungen (z. B. zu Kolleginnen und Kollegen, zu Vorgesetzten)',
        'ArbSchG § 5 Abs. 3 Nr. 6',
      ],
      [
        '10.4',
        'Arbeitsumgebung (z. B. Lärm, Beleuchtung, Raumklima als psychische Belastung)',
        'ArbSchG; ArbStättV',
      ],
      [
        '10.5',
        'Neue Arbeitsformen (z. B. räumliche Mobilität, atypische Arbeitszeiten, Erreichbarkeit)',
        'ArbSchG; ArbZG',
      ],
    ],
  },
  {
    number: '11',
    title: 'Sonstige Gefährdungen',
    multiple: true,
    factors: [
      ['11.1', 'Durch Menschen (z. B. Überfall, Gewalt, Bedrohung)', 'ArbSchG; DGUV Information 206-017'],
      ['11.2', 'Durch Tiere (z. B. Biss, Tritt, Stich)', 'ArbSchG; BioStoffV'],
      [
        '11.3',
        'Durch Pflanzen und pflanzliche Produkte (z. B. sensibilisierende und toxische Wirkungen)',
        'ArbSchG; GefStoffV',
      ],
      ['11.4', 'Sonstige, nicht in den Registern 1–10 erfasste Gefährdungen', 'ArbSchG §§ 5, 6'],
    ],
  },
];

/**
 * Creates the standard menu when there is none (runs on every start). An existing standard menu is left
 * as it is: hazards point at its factor ids.
 */
export async function ensureStandardFactorMenu(ex: Executor): Promise<void> {
  if (await factorMenusRepository.findStandard(ex)) return;
  const menuId = await factorMenusRepository.insertIfAbsent(ex, {
    name: STANDARD_FACTOR_MENU_NAME,
    description:
      'Die 11 Gefährdungsfaktoren der GDA-Leitlinie „Gefährdungsbeurteilung und Dokumentation“ mit ihren üblichen Faktoren und Rechtsgrundlagen. Das Standardmenü kann nicht geändert werden; legen Sie mit „Kopieren“ ein eigenes Menü an.',
    isStandard: true,
    active: true,
  });
  if (menuId === undefined) return;
  for (const [position, register] of STANDARD_FACTOR_MENU.entries()) {
    await factorMenusRepository.insertRegisterWithFactors(
      ex,
      {
        menuId,
        position,
        number: register.number,
        title: register.title,
        dropdownOffered: true,
        dropdownExpanded: false,
        dropdownMultiple: register.multiple ?? false,
      },
      register.factors.map(([number, title, legalBasis], fPosition) => ({
        position: fPosition,
        number,
        title,
        legalBasis,
        source: SOURCE_GDA,
      })),
    );
  }
}
