import Button from '@mui/material/Button';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { isApiError } from '#lib/api-client.ts';
import { useDeleteHazardAnalysis } from '../api/delete-hazard-analysis.ts';

/** The deletion refusals after which inactivation is offered instead (spec: hazard assessment states). */
const INACTIVATE_INSTEAD = new Set(['ROUTE_FOUND', 'VERSION_FOUND', 'FOREIGN_ENTRY']);

type Props = {
  analysis: HazardAnalysis;
  open: boolean;
  /** Whether 'Deaktivieren' may be offered when deleting is refused. */
  canActivate: boolean;
  onClose: () => void;
  onDeactivateInstead: () => void;
  onDeleted: () => void;
};

/** 'Löschen' of an assessment; refused for one with versions or links, it offers 'Deaktivieren'. */
export function DeleteAnalysisDialog({
  analysis,
  open,
  canActivate,
  onClose,
  onDeactivateInstead,
  onDeleted,
}: Props) {
  const { t } = useTranslation();
  const remove = useDeleteHazardAnalysis(analysis.id);
  return (
    <ConfirmDialog
      open={open}
      title={t('hazardAnalysis.deleteTitle')}
      text={t('hazardAnalysis.deleteText', { name: analysis.bezeichnung })}
      confirmLabel={t('hazardAnalysis.delete')}
      error={remove.error}
      pending={remove.isPending}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      extraActions={
        isApiError(remove.error) &&
        INACTIVATE_INSTEAD.has(remove.error.code) &&
        analysis.active &&
        canActivate ? (
          <Button
            onClick={() => {
              remove.reset();
              onDeactivateInstead();
            }}
          >
            {t('hazardAnalysis.deactivate')}
          </Button>
        ) : null
      }
      onConfirm={() => remove.mutate(analysis.version, { onSuccess: onDeleted })}
    />
  );
}
