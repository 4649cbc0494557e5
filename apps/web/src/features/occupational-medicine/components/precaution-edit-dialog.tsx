import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type {
  CatalogueKind,
  Precaution,
  UpdatePrecaution,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { useCatalogue } from '../api/catalogues.ts';
import { fetchPrecaution, useDeletePrecaution, useUpdatePrecaution } from '../api/precaution-edit.ts';
import { useEmployeeActivities } from '../api/precautions.ts';

type Draft = {
  reasonId: number;
  activityId: number | null;
  legalSourceId: number | null;
  executingBodyId: number | null;
  activityStart: string;
  interval: string;
};

const draftOf = (p: Precaution): Draft => ({
  reasonId: p.reasonId,
  activityId: p.activityId,
  legalSourceId: p.legalSourceId,
  executingBodyId: p.executingBodyId,
  activityStart: p.activityStart,
  interval: p.intervalMonths === null ? '' : String(p.intervalMonths),
});

function Select({
  kind,
  label,
  value,
  onChange,
  error,
  required,
}: {
  kind: CatalogueKind;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const entries = useCatalogue(kind);
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      required={required}
      error={Boolean(error)}
      helperText={error}
    >
      {!required && <MenuItem value="">{t('occupationalMedicine.precautions.none')}</MenuItem>}
      {(entries.data ?? [])
        .filter((e) => e.active || e.id === value)
        .map((e) => (
          <MenuItem key={e.id} value={e.id}>
            {e.name}
          </MenuItem>
        ))}
    </TextField>
  );
}

/**
 * Editing and deleting a precaution (PRECAUTION_EDIT; decision 064): only the changed fields are sent, a stale
 * version shows the conflict with „Neu laden“ and the form keeps what was typed.
 */
export function PrecautionEditDialog({
  precaution,
  onClose,
}: {
  precaution: Precaution;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const record = useVersionedDraft<Precaution, Draft>({
    record: precaution,
    draftOf,
    fetchLatest: (base) => fetchPrecaution(base.id),
  });
  const { base, draft, set, dirty, conflict } = record;
  const update = useUpdatePrecaution();
  const remove = useDeletePrecaution();
  const [confirming, setConfirming] = useState(false);
  const activities = useEmployeeActivities(base.employeeId);
  const errors = fieldErrors(update.error);

  const save = () => {
    const before = draftOf(base);
    const patch: Omit<UpdatePrecaution, 'version'> = {};
    if (draft.reasonId !== before.reasonId) patch.reasonId = draft.reasonId;
    if (draft.activityId !== before.activityId) patch.activityId = draft.activityId;
    if (draft.legalSourceId !== before.legalSourceId) patch.legalSourceId = draft.legalSourceId;
    if (draft.executingBodyId !== before.executingBodyId) patch.executingBodyId = draft.executingBodyId;
    if (draft.activityStart !== before.activityStart) patch.activityStart = draft.activityStart;
    if (draft.interval !== before.interval)
      patch.intervalMonths = draft.interval === '' ? null : Number(draft.interval);
    update.mutate(
      { id: base.id, version: base.version, ...patch },
      record.onSave(() => {
        notify(t('occupationalMedicine.precautions.saved'));
        onClose();
      }),
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t('occupationalMedicine.precautions.editTitle', { name: base.employeeName })}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {conflict && (
          <ConflictAlert
            message={t('occupationalMedicine.precautions.editConflict')}
            onReload={async () => {
              await record.reloadLatest();
              update.reset();
            }}
            reloading={record.reloading}
          />
        )}
        {update.error && !(isApiError(update.error) && update.error.code === 'CONFLICT') && (
          <Alert severity="error" role="alert">
            {errorMessage(update.error, t)}
          </Alert>
        )}
        <TextField
          label={t('occupationalMedicine.precautions.type')}
          value={t(`occupationalMedicine.types.${base.type}`)}
          slotProps={{ input: { readOnly: true } }}
        />
        <Select
          kind="assessmentReason"
          label={t('occupationalMedicine.precautions.reason')}
          value={draft.reasonId}
          onChange={(id) => id !== null && set({ reasonId: id })}
          error={errors.reasonId}
          required
        />
        <TextField
          select
          label={t('occupationalMedicine.precautions.activity')}
          value={draft.activityId ?? ''}
          onChange={(e) => set({ activityId: e.target.value === '' ? null : Number(e.target.value) })}
          error={Boolean(errors.activityId)}
          helperText={errors.activityId}
        >
          <MenuItem value="">{t('occupationalMedicine.precautions.noActivity')}</MenuItem>
          {(activities.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <Select
          kind="legalSource"
          label={t('occupationalMedicine.precautions.legalSource')}
          value={draft.legalSourceId}
          onChange={(id) => set({ legalSourceId: id })}
          error={errors.legalSourceId}
        />
        <Select
          kind="executingBody"
          label={t('occupationalMedicine.precautions.executingBody')}
          value={draft.executingBodyId}
          onChange={(id) => set({ executingBodyId: id })}
          error={errors.executingBodyId}
        />
        <TextField
          type="date"
          label={t('occupationalMedicine.precautions.activityStart')}
          value={draft.activityStart}
          onChange={(e) => set({ activityStart: e.target.value })}
          required
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errors.activityStart)}
          helperText={errors.activityStart}
        />
        <TextField
          type="number"
          label={t('occupationalMedicine.precautions.intervalMonths')}
          value={draft.interval}
          onChange={(e) => set({ interval: e.target.value })}
          error={Boolean(errors.intervalMonths)}
          helperText={errors.intervalMonths ?? t('occupationalMedicine.precautions.intervalHelp')}
        />
      </DialogContent>
      <DialogActions>
        <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
          {t('occupationalMedicine.precautions.delete')}
        </Button>
        <Button onClick={onClose}>{t('occupationalMedicine.precautions.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!dirty || update.isPending}>
          {t('occupationalMedicine.precautions.save')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming}
        title={t('occupationalMedicine.precautions.deleteTitle')}
        text={t('occupationalMedicine.precautions.deleteText', { name: base.employeeName })}
        confirmLabel={t('occupationalMedicine.precautions.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => {
          setConfirming(false);
          remove.reset();
        }}
        onConfirm={() =>
          remove.mutate(
            { id: base.id, version: base.version },
            {
              onSuccess: () => {
                notify(t('occupationalMedicine.precautions.deleted'));
                onClose();
              },
              // A stale version: the dialog shows the conflict with „Neu laden“ instead.
              onError: (error) => {
                if (record.saveFailed(error)) {
                  setConfirming(false);
                  remove.reset();
                }
              },
            },
          )
        }
      />
    </Dialog>
  );
}
