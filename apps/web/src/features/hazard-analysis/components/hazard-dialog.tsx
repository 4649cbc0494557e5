import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { Hazard, HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { NohlRating } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { ActionsPanel } from '#features/actions/index.ts';
import { useFactorMenu } from '#features/factor-menus/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useUpdateHazard } from '../api/update-hazard.ts';
import { AdoptBrickActions } from './adopt-brick-actions.tsx';
import { FactorField, sameFactorIds } from './factor-field.tsx';
import { HazardSubstances } from './hazard-substances.tsx';
import { RatingField } from './risk.tsx';

type Draft = {
  title: string;
  cause: string;
  protectionGoal: string;
  comment: string;
  responsible: EmployeePickerRow | null;
  ratingBefore: NohlRating | null;
  ratingAfter: NohlRating | null;
  factorIds: number[];
};

const draftOf = (h: Hazard): Draft => ({
  title: h.title,
  cause: h.cause,
  protectionGoal: h.protectionGoal,
  comment: h.comment,
  responsible: h.responsible ? { ...h.responsible, departmentName: null } : null,
  ratingBefore: h.ratingBefore,
  ratingAfter: h.ratingAfter,
  factorIds: h.factorIds,
});

/** A picked employee compares by id when a draft is rebased after a conflict. */
const rebaseOptions = {
  comparable: (field: string, value: unknown) =>
    field === 'responsible' ? ((value as EmployeePickerRow | null)?.id ?? null) : value,
};

type Props = {
  analysis: HazardAnalysis;
  hazard: Hazard;
  readOnly: boolean;
  onClose: () => void;
  onSaved: (a: HazardAnalysis) => void;
  /** Loads the newest stored assessment after a conflict (the typed values stay). */
  onReload: () => Promise<HazardAnalysis>;
  /** A change made from the dialog without closing it (adopted brick actions: new assessment version). */
  onChanged?: (a: HazardAnalysis) => void;
};

/**
 * 'Gefährdung bearbeiten': texts, the factor of the assessment's factor menu, responsible (required),
 * comment, NOHL rating before and after actions, and the hazard's actions (read-only where the hazard
 * cannot be changed). After a conflict, 'Neu laden' shows the newest hazard with the user's own changes on
 * top (fields the user did not touch take the newer values).
 */
export function HazardDialog({ analysis, hazard, readOnly, onClose, onSaved, onReload, onChanged }: Props) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const notify = useNotify();
  /** Remounts the actions list after adopting brick actions, so it shows the new ones. */
  const [actionsKey, setActionsKey] = useState(0);
  const brickId = hazard.brickId;
  const update = useUpdateHazard(analysis.id);
  /** The stored hazard the draft is based on (the version that goes with a save is the assessment's). */
  const record = useVersionedDraft({
    record: hazard,
    draftOf,
    // The newest assessment; a hazard gone meanwhile leaves the draft on the hazard it had.
    fetchLatest: async (stored: Hazard) =>
      (await onReload()).hazards.find((h) => h.id === stored.id) ?? stored,
    rebase: rebaseOptions,
  });
  const { base, draft, set, conflict } = record;
  const menu = useFactorMenu(analysis.factorMenuId ?? 0, analysis.factorMenuId !== null);
  const errors = fieldErrors(update.error);
  const general =
    update.error && !conflict && Object.keys(errors).length === 0 ? errorMessage(update.error, t) : null;
  const ratingError = Object.entries(errors).find(([k]) => k.startsWith('rating'))?.[1];
  const textsLocked = readOnly || hazard.inherited;

  const save = () =>
    update.mutate(
      {
        hazardId: hazard.id,
        version: analysis.version,
        title: draft.title,
        cause: draft.cause,
        protectionGoal: draft.protectionGoal,
        comment: draft.comment,
        responsibleId: (draft.responsible?.id ?? null) as number,
        ratingBefore: draft.ratingBefore,
        ratingAfter: draft.ratingAfter,
        // Only changed factors are sent, so factors someone else set meanwhile are not overwritten.
        ...(sameFactorIds(draft.factorIds, base.factorIds) ? {} : { factorIds: draft.factorIds }),
      },
      {
        onSuccess: (a) => onSaved(a),
        onError: record.saveFailed,
      },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="hazard-dialog-title">
      <DialogTitle id="hazard-dialog-title">
        {t('hazardAnalysis.editHazard')}
        {hazard.brickIdentifier && <Chip size="small" sx={{ ml: 1 }} label={hazard.brickIdentifier} />}
        {hazard.brickFree && (
          <Chip size="small" color="info" sx={{ ml: 1 }} label={t('hazardAnalysis.free')} />
        )}
        {hazard.inherited && <Chip size="small" sx={{ ml: 1 }} label={t('hazardAnalysis.inherited')} />}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {conflict && (
            <ConflictAlert
              message={t('hazardAnalysis.conflict')}
              reloading={record.reloading}
              onReload={async () => {
                await record.reloadLatest();
                update.reset();
              }}
            />
          )}
          {general && <Alert severity="error">{general}</Alert>}
          <TextField
            required
            label={t('hazardAnalysis.hazardTitle')}
            value={draft.title}
            onChange={(e) => set({ title: e.target.value })}
            error={Boolean(errors.title)}
            helperText={errors.title}
            disabled={textsLocked}
          />
          <TextField
            label={t('hazardAnalysis.cause')}
            value={draft.cause}
            onChange={(e) => set({ cause: e.target.value })}
            error={Boolean(errors.cause)}
            helperText={errors.cause}
            disabled={textsLocked}
            multiline
            minRows={2}
            required={hazard.brickFree}
          />
          <TextField
            label={t('hazardAnalysis.protectionGoal')}
            value={draft.protectionGoal}
            onChange={(e) => set({ protectionGoal: e.target.value })}
            error={Boolean(errors.protectionGoal)}
            helperText={errors.protectionGoal}
            disabled={textsLocked}
            multiline
            minRows={2}
            required={hazard.brickFree}
          />
          <FactorField
            menu={menu.data}
            value={draft.factorIds}
            storedIds={base.factorIds}
            storedLabels={base.factorLabels}
            onChange={(factorIds) => set({ factorIds })}
            disabled={readOnly}
            error={Boolean(errors.factorIds)}
            helperText={
              errors.factorIds ??
              (analysis.factorMenuId === null && !readOnly ? t('hazardAnalysis.factorNeedsMenu') : undefined)
            }
          />
          <EmployeePickerField
            required
            label={t('hazardAnalysis.responsible')}
            value={draft.responsible}
            onChange={(responsible) => set({ responsible })}
            error={Boolean(errors.responsibleId)}
            helperText={errors.responsibleId}
            disabled={readOnly}
          />
          <TextField
            label={t('hazardAnalysis.comment')}
            value={draft.comment}
            onChange={(e) => set({ comment: e.target.value })}
            disabled={readOnly}
            multiline
            minRows={2}
          />
          {hazard.riskHint && (
            <Typography variant="body2" color="text.secondary">
              {t('hazardAnalysis.riskHint', hazard.riskHint)}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
            <RatingField
              testId="rating-before"
              label={t('hazardAnalysis.riskBefore')}
              value={draft.ratingBefore}
              onChange={(ratingBefore) => set({ ratingBefore })}
              disabled={readOnly}
            />
            <RatingField
              testId="rating-after"
              label={t('hazardAnalysis.riskAfter')}
              value={draft.ratingAfter}
              onChange={(ratingAfter) => set({ ratingAfter })}
              disabled={readOnly}
            />
          </Stack>
          {ratingError && <Alert severity="error">{ratingError}</Alert>}
          {/* Hazardous substances of the hazard (decision 054). */}
          <HazardSubstances
            analysis={analysis}
            hazard={hazard}
            readOnly={readOnly}
            onChanged={(a) => onChanged?.(a)}
          />
          {/* Actions against this hazard (source 'hazard'; templates have none). */}
          {!analysis.isTemplate && (
            <>
              {!readOnly && brickId !== null && canAny([P.ACTIONS_CREATE]) && (
                <AdoptBrickActions
                  analysis={analysis}
                  hazard={{ ...hazard, brickId }}
                  onAdopted={(a, count) => {
                    setActionsKey((k) => k + 1);
                    onChanged?.(a);
                    notify(t('hazardAnalysis.brickActionsAdopted', { count }));
                  }}
                />
              )}
              <ActionsPanel key={actionsKey} sourceType="hazard" sourceId={hazard.id} readOnly={readOnly} />
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('hazardAnalysis.cancel')}</Button>
        {!readOnly && (
          <Button variant="contained" onClick={save} disabled={update.isPending}>
            {t('hazardAnalysis.saveHazard')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
