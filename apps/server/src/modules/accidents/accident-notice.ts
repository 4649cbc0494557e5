import type { AccidentNotice, NoticeField } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { catalogueLabel } from '@schutzwerk/shared/accidents/catalogues.ts';
import type { Executor } from '#db/client.ts';
import { openPdf } from '#modules/reports/index.ts';
import { berlinDay, formatBerlinDateTime, noticeDeadline } from './accident-dates.ts';
import type { AccidentRecord, AccidentsRepository } from './accidents.repository.ts';

/**
 * The accident notice (Unfallanzeige, UVAV 2024 §§ 3, 4; decision 051): every field of the regulation with its
 * paragraph number, built from the report, the injured employee, the location and the company name. The same
 * structure is the JSON export and the PDF. An external person's personal data come from the report (decision 056);
 * children, pupils and students (insured group 'education') get the fields of § 4 (3) instead of § 4 (2).
 */

const yesNo = (v: boolean) => (v ? 'ja' : 'nein');
const germanDay = (day: string | null | undefined) => {
  if (!day) return '';
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
};
const joinAddress = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
const GENDERS: Record<string, string> = { m: 'männlich', w: 'weiblich', d: 'divers' };

export async function buildNotice(
  ex: Executor,
  repository: AccidentsRepository,
  input: {
    row: AccidentRecord;
    companyName: string;
    notifierId: number;
    now: Date;
    /** The company-wide defaults (settings „Unfallmeldungen“) for what the report leaves empty. */
    defaults?: { insurer: string; companyNumber: string };
  },
): Promise<AccidentNotice> {
  const { row, companyName, notifierId, now } = input;
  const insurer = row.insurer || input.defaults?.insurer || '';
  const companyNumber = row.companyNumber || input.defaults?.companyNumber || '';
  const person = row.employeeId === null ? undefined : await repository.noticePerson(ex, row.employeeId);
  const notifier = await repository.notifier(ex, row.noticeSentBy ?? notifierId);
  const location = await repository.locationAddress(ex, row.locationId);
  const children = await repository.children(ex, row.id);
  const department =
    row.departmentId === null
      ? (person?.departmentName ?? '')
      : ((await repository.departmentName(ex, row.departmentId, row.portalId)) ?? '');
  const name = person ? `${person.lastName}, ${person.firstName}` : row.externalName;
  // An external person's notice data are kept on the report (decision 056).
  const insured = person
    ? {
        birthday: person.birthday,
        street: person.street,
        zip: person.zip,
        city: person.city,
        gender: person.gender,
        healthInsurance: joinAddress(
          person.healthInsuranceName,
          person.healthInsuranceStreet,
          `${person.healthInsuranceZip ?? ''} ${person.healthInsuranceCity ?? ''}`,
        ),
        citizenship: person.citizenship,
        phone: person.phone,
      }
    : {
        birthday: row.externalBirthday,
        street: row.externalStreet,
        zip: row.externalPostalCode,
        city: row.externalCity,
        gender: row.externalGender,
        healthInsurance: row.externalHealthInsurance,
        citizenship: row.externalCitizenship,
        phone: row.externalPhone,
      };
  const injuries = children.injuries
    .map((i) => `${catalogueLabel('injuryType', i.injuryType)} – ${catalogueLabel('bodyPart', i.bodyPart)}`)
    .join('; ');
  const firstAiders = children.firstAiders.map((f) => f.name).filter(Boolean);
  const f = (ref: string, key: string, label: string, value: string, required = false): NoticeField => ({
    ref,
    key,
    label,
    value,
    required,
  });
  const sections: AccidentNotice['sections'] = [
    {
      title: 'Allgemeine Daten (§ 3 UVAV)',
      fields: [
        f('3(1)1', 'insurer', 'Unfallversicherungsträger (Empfänger)', insurer, true),
        f('3(1)2a', 'insuredName', 'Name, Vorname der versicherten Person', name, true),
        f('3(1)2b', 'insuredBirthday', 'Geburtsdatum', germanDay(insured.birthday), true),
        f(
          '3(1)2c',
          'insuredAddress',
          'Anschrift',
          joinAddress(insured.street, `${insured.zip ?? ''} ${insured.city ?? ''}`),
          true,
        ),
        f('3(1)2d', 'insuredGender', 'Geschlecht', GENDERS[insured.gender ?? ''] ?? '', true),
        f('3(1)2e', 'insuredHealthInsurance', 'Krankenkasse', insured.healthInsurance ?? '', true),
        f('3(1)2f', 'insuredCitizenship', 'Staatsangehörigkeit', insured.citizenship ?? '', true),
        f(
          '3(1)2g',
          'legalRepresentative',
          'Gesetzlich vertretungsberechtigte Personen (Name, Anschrift)',
          row.legalRepresentative,
        ),
        f(
          '3(1)3',
          'notifierName',
          'Anzeigende Person',
          notifier ? `${notifier.lastName}, ${notifier.firstName}` : '',
          true,
        ),
        f('3(1)4', 'noticeDate', 'Datum der Anzeige', germanDay(berlinDay(row.noticeSentAt ?? now)), true),
        f(
          '3(2)1',
          'insuredPhone',
          'Telefon der versicherten Person (mit Einverständnis)',
          row.phoneConsent ? (insured.phone ?? '') : '',
        ),
        f(
          '3(2)2',
          'legalRepresentativePhone',
          'Telefon der vertretungsberechtigten Personen (mit Einverständnis)',
          '',
        ),
        f('3(2)3', 'notifierPhone', 'Telefon der anzeigenden Person', notifier?.phone ?? ''),
      ],
    },
    {
      title: 'Angaben zum Unfall (§ 4 Abs. 1 UVAV)',
      fields: [
        f('4(1)1', 'companyNumber', 'Unternehmensnummer', companyNumber, true),
        f('4(1)2', 'accidentAt', 'Unfallzeitpunkt', formatBerlinDateTime(row.accidentAt), true),
        f(
          '4(1)3',
          'accidentPlace',
          'Unfallort mit Postleitzahl',
          joinAddress(location?.name, location?.street, `${location?.zip ?? ''} ${location?.city ?? ''}`),
          true,
        ),
        f('4(1)4', 'fatal', 'Tod der versicherten Person', yesNo(row.fatal), true),
        f('4(1)5', 'description', 'Ausführliche Schilderung des Unfallhergangs', row.description, true),
        f(
          '4(1)6',
          'injuries',
          'Art der Verletzung und verletzte Körperteile',
          [injuries, row.injuryDescription].filter(Boolean).join('. '),
          true,
        ),
        f(
          '4(1)7',
          'witnesses',
          'Zeuginnen und Zeugen',
          children.witnesses
            .map((w) => joinAddress(w.name, w.street, `${w.postalCode} ${w.city}`))
            .join('; '),
        ),
        f(
          '4(1)8',
          'doctor',
          'Erstbehandelnde Ärztin / erstbehandelnder Arzt oder Krankenhaus (Name, Anschrift)',
          [row.doctor, row.hospital].filter(Boolean).join('; '),
        ),
      ],
    },
    row.insuredGroup === 'education'
      ? educationSection(row, f)
      : {
          title: 'Angaben zur Beschäftigung (§ 4 Abs. 2 UVAV)',
          fields: [
            f(
              '4(2)1',
              'company',
              'Unternehmen (Name, Anschrift)',
              // An external person was employed by their own company.
              person ? joinAddress(companyName, row.companyAddress) : row.externalCompany,
              true,
            ),
            f(
              '4(2)2',
              'site',
              'Betriebsstätte des Unfalls (Name, Anschrift)',
              joinAddress(location?.name, location?.street, `${location?.zip ?? ''} ${location?.city ?? ''}`),
              true,
            ),
            f(
              '4(2)3',
              'employment',
              'Tätig seit, Tätigkeit, Unternehmensteil',
              [
                person?.hireDate ? `seit ${germanDay(person.hireDate)}` : '',
                person?.workingTasks ?? '',
                department,
              ]
                .filter(Boolean)
                .join(' · '),
            ),
            f('4(2)4a', 'tempWorker', 'Leiharbeiterin/Leiharbeiter', yesNo(person?.isTempWorker ?? false)),
            f('4(2)4b', 'apprentice', 'Auszubildende/Auszubildender', yesNo(row.apprentice)),
            f('4(2)4c', 'marginalEmployment', 'Geringfügige Beschäftigung', yesNo(row.marginalEmployment)),
            f(
              '4(2)4d',
              'entrepreneur',
              'Unternehmer/in, Gesellschafter/in, Geschäftsführer/in',
              yesNo(row.entrepreneur),
            ),
            f(
              '4(2)4e',
              'familyMember',
              'Mit dem Unternehmer verheiratet, verpartnert, verwandt oder Familienangehörige/r',
              yesNo(row.familyMember),
            ),
            f(
              '4(2)5',
              'wageContinuation',
              'Anspruch auf Entgeltfortzahlung (Dauer)',
              row.wageContinuationWeeks === null
                ? ''
                : row.wageContinuationWeeks === 0
                  ? 'nein'
                  : `ja, ${row.wageContinuationWeeks} Wochen`,
            ),
            f('4(2)6', 'homeOffice', 'Unfall während einer Homeoffice-Tätigkeit', yesNo(row.homeOffice)),
            f(
              '4(2)7',
              'workingTime',
              'Arbeitszeit am Unfalltag (Beginn – Ende)',
              row.workingTimeStart || row.workingTimeEnd
                ? `${row.workingTimeStart || '?'} – ${row.workingTimeEnd || '?'} Uhr`
                : '',
            ),
            f(
              '4(2)8',
              'workStopped',
              'Tätigkeit aufgrund des Unfalls beendet',
              row.workStoppedAt ? `ja, am ${formatBerlinDateTime(row.workStoppedAt)}` : 'nein',
            ),
            f(
              '4(2)9',
              'workResumed',
              'Tätigkeit wiederaufgenommen',
              row.workResumedAt ? `ja, am ${formatBerlinDateTime(row.workResumedAt)}` : 'nein',
            ),
            f(
              '4(2)9a',
              'violentEvent',
              'Gewaltereignis (z. B. körperlicher oder sexueller Übergriff)',
              yesNo(row.violentEvent),
            ),
            f(
              '4(2)10',
              'worksCouncilMember',
              'Betriebsrats- oder Personalratsmitglied, das vor Absendung Kenntnis genommen hat',
              row.worksCouncilMember,
            ),
          ],
        },
  ];
  return {
    format: 'schutzwerk.unfallanzeige',
    formatVersion: 1,
    regulation: 'UVAV 2024',
    reportId: row.id,
    deadline: noticeDeadline(row.accidentAt),
    sentAt: row.noticeSentAt?.toISOString() ?? null,
    firstAiders,
    sections,
  };
}

type FieldOf = (ref: string, key: string, label: string, value: string, required?: boolean) => NoticeField;

/**
 * § 4 (3) UVAV: children in day care, pupils and students (§ 2 (1) 8 SGB VII) — the institution and its carrier
 * instead of the employer, the visit instead of the work (decision 056).
 */
function educationSection(row: AccidentRecord, f: FieldOf): AccidentNotice['sections'][number] {
  return {
    title: 'Angaben zur Einrichtung (§ 4 Abs. 3 UVAV)',
    fields: [
      f('4(3)1', 'institution', 'Besuchte Einrichtung (Name, Anschrift)', row.institution, true),
      f(
        '4(3)2',
        'institutionCarrier',
        'Träger der Einrichtung (Bezeichnung, Anschrift)',
        row.institutionCarrier,
        true,
      ),
      f('4(3)3', 'distanceLearning', 'Unfall während des Distanzunterrichts', yesNo(row.distanceLearning)),
      f(
        '4(3)4',
        'visitEnded',
        'Besuch der Einrichtung aufgrund des Unfalls beendet',
        row.workStoppedAt ? `ja, am ${formatBerlinDateTime(row.workStoppedAt)}` : 'nein',
      ),
      f(
        '4(3)4a',
        'violentEvent',
        'Gewaltereignis (z. B. körperlicher oder sexueller Übergriff)',
        yesNo(row.violentEvent),
      ),
      f(
        '4(3)5',
        'visitResumed',
        'Besuch der Einrichtung wiederaufgenommen',
        row.workResumedAt ? `ja, am ${formatBerlinDateTime(row.workResumedAt)}` : 'nein',
      ),
      f(
        '4(3)6',
        'visitTime',
        'Regulärer Beginn und reguläres Ende des Besuchs am Unfalltag',
        row.workingTimeStart || row.workingTimeEnd
          ? `${row.workingTimeStart || '?'} – ${row.workingTimeEnd || '?'} Uhr`
          : '',
      ),
    ],
  };
}

/** The fields a notice needs before it may be sent (required and empty). */
export function missingFields(notice: AccidentNotice): NoticeField[] {
  return notice.sections.flatMap((s) =>
    s.fields.filter((field) => field.required && field.value.trim() === ''),
  );
}

/**
 * The notice as PDF in the familiar layout of the insurers' form: numbered boxes in a two-column grid, long
 * texts across the full width, the signature line at the end; on the report engine's frame (decision 022).
 */
export async function renderNoticePdf(
  notice: AccidentNotice,
  frame: { companyName: string; printedAt: Date; logo: Buffer | null },
): Promise<Buffer> {
  const pdf = openPdf({ title: 'Unfallanzeige', ...frame });
  const { doc, left, width, bottom } = pdf;
  let y = pdf.top + 2;
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#333333')
    .text(
      `Anzeige nach § 193 SGB VII und UVAV 2024 · Frist: ${germanDay(notice.deadline)} · Meldung Nr. ${notice.reportId}`,
      left,
      y,
      { width },
    );
  y = doc.y + 6;
  const wide = new Set([
    'description',
    'injuries',
    'witnesses',
    'doctor',
    'employment',
    'insuredHealthInsurance',
    'institution',
    'institutionCarrier',
  ]);
  const half = (width - 6) / 2;
  const boxHeight = (field: NoticeField, w: number) => {
    doc.font('bold').fontSize(7);
    const labelH = doc.heightOfString(`${field.ref}  ${field.label}`, { width: w - 8 });
    doc.font('regular').fontSize(9);
    const valueH = doc.heightOfString(field.value || '–', { width: w - 8 });
    return labelH + valueH + 10;
  };
  const drawBox = (field: NoticeField, x: number, top: number, w: number, h: number) => {
    doc.lineWidth(0.6).strokeColor('#444444').rect(x, top, w, h).stroke();
    doc
      .font('bold')
      .fontSize(7)
      .fillColor('#444444')
      .text(`${field.ref}  ${field.label}`, x + 4, top + 3, { width: w - 8 });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#000000')
      .text(field.value || '–', x + 4, doc.y + 2, { width: w - 8 });
  };
  const ensure = (h: number) => {
    if (y + h > bottom()) {
      doc.addPage();
      y = doc.page.margins.top;
    }
  };
  for (const section of notice.sections) {
    ensure(40);
    doc.font('bold').fontSize(10).fillColor('#000000').text(section.title, left, y, { width });
    y = doc.y + 4;
    let pending: NoticeField | null = null;
    const flushPair = (a: NoticeField, b: NoticeField | null) => {
      const h = Math.max(boxHeight(a, half), b ? boxHeight(b, half) : 0);
      ensure(h);
      drawBox(a, left, y, half, h);
      if (b) drawBox(b, left + half + 6, y, half, h);
      y += h + 4;
    };
    for (const field of section.fields) {
      if (wide.has(field.key)) {
        if (pending) {
          flushPair(pending, null);
          pending = null;
        }
        const h = boxHeight(field, width);
        ensure(h);
        drawBox(field, left, y, width, h);
        y += h + 4;
      } else if (pending) {
        flushPair(pending, field);
        pending = null;
      } else pending = field;
    }
    if (pending) flushPair(pending, null);
    y += 4;
  }
  ensure(50);
  y += 20;
  doc.lineWidth(0.6).strokeColor('#000000');
  doc
    .moveTo(left, y)
    .lineTo(left + half - 20, y)
    .stroke();
  doc
    .moveTo(left + half + 20, y)
    .lineTo(left + width, y)
    .stroke();
  doc.font('regular').fontSize(8).fillColor('#333333');
  doc.text('Datum, Unterschrift Unternehmen', left, y + 3, { width: half - 20 });
  doc.text('Betriebsrat / Personalrat', left + half + 20, y + 3, { width: half - 20 });
  return pdf.finish();
}
