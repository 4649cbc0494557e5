import { ACTION_TYPE_LABELS, type ActionType } from '@schutzwerk/shared/actions/actions.schema.ts';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { type NohlBand, type NohlCriteria, nohlClassify } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { COMPOSITE } from '@schutzwerk/shared/permissions.ts';
import { systemSettings } from '@schutzwerk/shared/settings/system.settings.ts';
import type { Db, Executor } from '#db/client.ts';
import type { HazardAnalysisService } from '#modules/hazard-analysis/index.ts';
import { formatPrintDate } from '#modules/reports/index.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { AppError } from '#platform/errors.ts';
import {
  type AssessmentPrint,
  type PrintAction,
  type PrintSignature,
  renderAssessmentPdf,
} from './hazard-analysis-print.render.ts';
import type { HazardAnalysisPrintRepository } from './hazard-analysis-print.repository.ts';

/** ISO date (yyyy-mm-dd) → dd.mm.yyyy; empty for null. */
export function germanDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

const personName = (p: { lastName: string; firstName: string } | null) =>
  p ? [p.lastName, p.firstName].filter((x) => x.trim() !== '').join(', ') : '';

const berlinDate = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const germanDateOf = (date: Date) => berlinDate.format(date);

function fileSafe(name: string): string {
  const printable = [...name].map((c) => (c.charCodeAt(0) < 32 ? '_' : c)).join('');
  return (
    printable
      .replace(/[\\/:*?"<>|]+/g, '_')
      .trim()
      .slice(0, 120) || 'Gefaehrdungsbeurteilung'
  );
}

export type HazardAnalysisPrintService = ReturnType<typeof createHazardAnalysisPrintService>;

/**
 * Printing one hazard assessment (decision 022): the working copy with the criteria in force and the
 * hazards' actions, or a frozen version from its snapshot (the criteria frozen with it; actions are not
 * frozen, so a version prints without them). Reading goes through the hazard analysis service, so the
 * location scope and released-only reading apply exactly as when viewing.
 */
export function createHazardAnalysisPrintService(deps: {
  db: Db;
  repository: HazardAnalysisPrintRepository;
  hazardAnalysis: Pick<HazardAnalysisService, 'get' | 'getVersion'>;
  criteria: (ex: Executor) => Promise<NohlCriteria>;
  settings: Pick<SettingsService, 'read'>;
  logo: () => Promise<Buffer | null>;
  now?: () => Date;
}) {
  function assertMayPrint(actor: Actor) {
    // The route admits HAZARDANALYSIS_PRINT; printing is reading too.
    if (!actorHasAny(actor, ...COMPOSITE.HAZARDANALYSIS_LIST)) throw new AppError('NO_PERMISSION');
  }

  async function creation(analysisId: number): Promise<PrintSignature> {
    const row = await deps.repository.creation(deps.db, analysisId);
    if (!row) return { name: '', date: '' };
    return {
      name: row.last_name ? personName({ lastName: row.last_name, firstName: row.first_name ?? '' }) : '',
      date: germanDateOf(new Date(row.at)),
    };
  }

  /** The actions of these hazards (actions table, source_type 'hazard'), by hazard id. */
  async function actionsOf(portalId: number, hazardIds: number[]): Promise<Map<number, PrintAction[]>> {
    const map = new Map<number, PrintAction[]>();
    if (hazardIds.length === 0) return map;
    const rows = await deps.repository.actionsOfHazards(deps.db, portalId, hazardIds);
    for (const r of rows) {
      const list = map.get(Number(r.source_id)) ?? [];
      list.push({
        designation: r.designation,
        type: r.type ? (ACTION_TYPE_LABELS[r.type as ActionType] ?? r.type) : '',
        responsible: personName(r.r_last ? { lastName: r.r_last, firstName: r.r_first ?? '' } : null),
        executor:
          r.external_executor ??
          personName(r.x_last ? { lastName: r.x_last, firstName: r.x_first ?? '' } : null),
        dueDate: germanDate(r.due_date),
        done: r.done,
      });
      map.set(Number(r.source_id), list);
    }
    return map;
  }

  async function render(data: AssessmentPrint, fileStem: string) {
    const printedAt = deps.now?.() ?? new Date();
    const companyName = (await deps.settings.read(systemSettings)).companyName;
    const file = await renderAssessmentPdf(data, { companyName, printedAt, logo: await deps.logo() });
    const stamp = formatPrintDate(printedAt).replace(/[.: ]/g, (c) =>
      c === ' ' ? '_' : c === ':' ? '' : '-',
    );
    return { file, fileName: `${fileSafe(fileStem)}_${stamp}.pdf`, contentType: 'application/pdf' };
  }

  const band = (b: string | null): NohlBand | null =>
    b === 'green' || b === 'yellow' || b === 'red' ? b : null;

  return {
    /** The working copy (/hazardanalysis/{id}). */
    async printAssessment(actor: Actor, id: number) {
      assertMayPrint(actor);
      const analysis: HazardAnalysis = await deps.hazardAnalysis.get(actor, id);
      const criteria = await deps.criteria(deps.db);
      const actions = await actionsOf(
        actor.portalId,
        analysis.hazards.map((h) => h.id),
      );
      const status = [
        analysis.isTemplate ? 'Vorlage' : analysis.release.released ? 'Freigegeben' : 'In Bearbeitung',
        analysis.active ? '' : 'inaktiv',
      ]
        .filter(Boolean)
        .join(', ');
      const responsible = personName(analysis.release.responsible);
      const data: AssessmentPrint = {
        bezeichnung: analysis.bezeichnung,
        header: [
          { label: 'Bezeichnung', value: analysis.bezeichnung },
          { label: 'Status', value: status },
          { label: 'Ort', value: analysis.location?.name ?? '' },
          { label: 'Version', value: String(analysis.versionNumber) },
          { label: 'Abteilung', value: analysis.department?.name ?? '' },
          { label: 'Freigabe am', value: germanDate(analysis.release.releaseDate) },
          { label: 'Tätigkeit', value: analysis.activity?.name ?? '' },
          { label: 'Freigabe durch', value: responsible },
          { label: 'Nächste Prüfung', value: germanDate(analysis.release.nextCheckDate) },
        ],
        hazards: analysis.hazards.map((h) => ({
          title: h.title,
          brickIdentifier: h.brickIdentifier,
          factors: h.factorLabels,
          cause: h.cause,
          protectionGoal: h.protectionGoal,
          responsible: personName(h.responsible),
          comment: h.comment,
          ratingBefore: h.ratingBefore,
          ratingAfter: h.ratingAfter,
          before: nohlClassify(criteria, h.ratingBefore),
          after: nohlClassify(criteria, h.ratingAfter),
          actions: actions.get(h.id) ?? [],
        })),
        criteria,
        signatures: {
          created: await creation(analysis.id),
          checked: { name: '', date: '' },
          released: analysis.release.released
            ? { name: responsible, date: germanDate(analysis.release.releaseDate) }
            : { name: '', date: '' },
        },
      };
      return render(data, `Gefährdungsbeurteilung_${analysis.bezeichnung}`);
    },

    /** A frozen version (/hazardanalysis/ref/{versionId}) from its snapshot. */
    async printVersion(actor: Actor, versionId: number) {
      assertMayPrint(actor);
      const v = await deps.hazardAnalysis.getVersion(actor, versionId);
      const data: AssessmentPrint = {
        bezeichnung: v.bezeichnung,
        header: [
          { label: 'Bezeichnung', value: v.bezeichnung },
          { label: 'Status', value: `Freigegeben (Version ${v.versionNumber}, eingefroren)` },
          { label: 'Ort', value: v.locationName ?? '' },
          { label: 'Version', value: String(v.versionNumber) },
          { label: 'Abteilung', value: v.departmentName ?? '' },
          { label: 'Freigabe am', value: germanDate(v.releaseDate) },
          { label: 'Tätigkeit', value: v.activityName ?? '' },
          { label: 'Freigabe durch', value: v.responsibleName },
          { label: 'Nächste Prüfung', value: germanDate(v.nextCheckDate) },
        ],
        hazards: v.hazards.map((h) => {
          const bb = band(h.bandBefore);
          const ba = band(h.bandAfter);
          return {
            title: h.title,
            brickIdentifier: h.brickIdentifier,
            factors: h.factorLabels,
            cause: h.cause,
            protectionGoal: h.protectionGoal,
            responsible: h.responsibleName,
            comment: h.comment,
            ratingBefore: h.ratingBefore,
            ratingAfter: h.ratingAfter,
            before: h.scoreBefore !== null && bb ? { score: h.scoreBefore, band: bb } : null,
            after: h.scoreAfter !== null && ba ? { score: h.scoreAfter, band: ba } : null,
          };
        }),
        criteria: v.criteria,
        signatures: {
          created: await creation(v.analysisId),
          checked: { name: '', date: '' },
          released: { name: v.responsibleName, date: germanDate(v.releaseDate) },
        },
      };
      return render(data, `Gefährdungsbeurteilung_${v.bezeichnung}_Version_${v.versionNumber}`);
    },
  };
}
