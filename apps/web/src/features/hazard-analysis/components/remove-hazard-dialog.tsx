import type { Hazard, HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { hazardAnalysisKeys } from '../api/hazard-analysis-keys.ts';
import { useRemoveHazard } from '../api/remove-hazard.ts';

type Props = {
  analysis: HazardAnalysis;
  /** The hazard to remove (open while set). */
  hazard: Hazard | null;
  onClose: () => void;
  onRemoved: (analysis: HazardAnalysis) => void;
};

/**
 * Confirms removing a hazard and names how many actions go with it (decision 021: its open actions are
 * deleted; done actions refuse the removal — the server's German reason shows in the dialog).
 */
export function RemoveHazardDialog({ analysis, hazard, onClose, onRemoved }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useRemoveHazard(analysis.id);
  const hazardId = hazard?.id ?? null;
  // Actions may have been added or deleted in the hazard dialog meanwhile: fetch the current counts.
  useEffect(() => {
    if (hazardId !== null)
      void queryClient.invalidateQueries({ queryKey: hazardAnalysisKeys.detail(analysis.id) });
  }, [hazardId, analysis.id, queryClient]);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={hazard !== null}
      title={t('hazardAnalysis.removeHazard')}
      text={
        hazard ? (
          <>
            {t('hazardAnalysis.removeHazardText', { title: hazard.title })}
            {hazard.actionCount > 0 && (
              <>
                {' '}
                <strong data-testid="remove-hazard-actions">
                  {t('hazardAnalysis.removeHazardActions', { count: hazard.actionCount })}
                </strong>
              </>
            )}
          </>
        ) : null
      }
      confirmLabel={t('hazardAnalysis.removeHazardConfirm')}
      error={remove.error}
      pending={remove.isPending}
      onClose={close}
      onConfirm={() => {
        if (!hazard) return;
        remove.mutate(
          { hazardId: hazard.id, version: analysis.version },
          {
            onSuccess: (a) => {
              remove.reset();
              onRemoved(a);
            },
          },
        );
      }}
    />
  );
}
