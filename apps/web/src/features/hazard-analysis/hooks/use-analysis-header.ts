import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import type { TreeChoice } from '#components/picker-field/tree-picker-field.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useUpdateHazardAnalysis } from '../api/update-hazard-analysis.ts';

/** The master data of an assessment as the editor's form holds them. */
export type AnalysisHeader = {
  bezeichnung: string;
  location: TreeChoice | null;
  department: TreeChoice | null;
  activity: { id: number; name: string } | null;
  attachSetting: number;
  factorMenuId: number | null;
};

const headerOf = (a: HazardAnalysis): AnalysisHeader => ({
  bezeichnung: a.bezeichnung,
  location: a.location,
  department: a.department,
  activity: a.activity,
  attachSetting: a.attachSetting,
  factorMenuId: a.factorMenuId,
});

/**
 * The master data form of the editor: the versioned draft (409 and 'Neu laden'), saving it, and the
 * question before a change of the factor menu clears hazards' factors (`onConfirmFactorMenu`).
 */
export function useAnalysisHeader({
  initial,
  analysis,
  fetchLatest,
  onConfirmFactorMenu,
}: {
  initial: HazardAnalysis;
  /** The cached record (follows every write). */
  analysis: HazardAnalysis;
  fetchLatest: () => Promise<HazardAnalysis>;
  onConfirmFactorMenu: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const header = useVersionedDraft<HazardAnalysis, AnalysisHeader>({
    record: initial,
    draftOf: headerOf,
    fetchLatest,
  });
  const updateHeader = useUpdateHazardAnalysis(initial.id);
  const errors = fieldErrors(updateHeader.error);

  /** Hazards whose factor a change of the factor menu would clear (the server clears them). */
  const factorsCleared =
    header.draft.factorMenuId !== analysis.factorMenuId
      ? analysis.hazards.filter((h) => h.factorIds.length > 0).length
      : 0;

  const save = (confirmed = false) => {
    if (updateHeader.isPending) return;
    if (factorsCleared > 0 && !confirmed) {
      onConfirmFactorMenu();
      return;
    }
    dismissNotification();
    const d = header.draft;
    updateHeader.mutate(
      {
        version: analysis.version,
        bezeichnung: d.bezeichnung,
        locationId: d.location?.id ?? null,
        departmentId: d.department?.id ?? null,
        activityId: d.activity?.id ?? null,
        attachSetting: d.attachSetting,
        ...(d.factorMenuId !== header.base.factorMenuId ? { factorMenuId: d.factorMenuId } : {}),
      },
      {
        onSuccess: (a) => {
          // What the user changed while the save ran stays (the next save sends it).
          header.saved(a, d);
          notify(t('hazardAnalysis.saved'));
        },
        onError: header.saveFailed,
      },
    );
  };

  /** A failure that is neither a conflict nor about single fields: shown above the form. */
  const error =
    updateHeader.error && !header.conflict && Object.keys(errors).length === 0
      ? errorMessage(updateHeader.error, t)
      : null;

  return { header, save, saving: updateHeader.isPending, errors, error, factorsCleared };
}
