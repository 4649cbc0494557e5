import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { WorksDoctor } from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import type { worksDoctorSettings } from '@schutzwerk/shared/settings/works-doctor.settings.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { SettingsForm, useSettingsForm } from '#features/settings/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import {
  fetchWorksDoctors,
  useCreateWorksDoctor,
  useDeleteWorksDoctor,
  useExecutingBodies,
  useUpdateWorksDoctor,
  useWorksDoctors,
  worksDoctorKeys,
} from './api/works-doctor.ts';

type Value = z.output<typeof worksDoctorSettings.schema>;

/**
 * Settings „Betriebsarzt“ (decision 063): the module switch, the contact data shown to employees, and the works
 * doctors — which employee account signs in as works doctor for which executing bodies.
 */
export default function WorksDoctorSettingsTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<Value>('worksDoctor');
  const text = (
    field: 'contactName' | 'contactPhone' | 'contactEmail' | 'contactHours',
    multiline = false,
  ) => (
    <TextField
      label={t(`worksDoctor.settings.${field}`)}
      value={form.value[field] ?? ''}
      onChange={(event) => form.setField(field, event.target.value)}
      disabled={!form.canEdit}
      error={Boolean(form.errorOf(field))}
      helperText={form.errorOf(field)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      fullWidth
    />
  );
  return (
    <Stack spacing={4}>
      <SettingsForm
        form={form}
        title={t('worksDoctor.settings.tab')}
        description={t('worksDoctor.settings.description')}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={form.value.enabled ?? false}
              onChange={(event) => form.setField('enabled', event.target.checked)}
              disabled={!form.canEdit}
            />
          }
          label={t('worksDoctor.settings.enabled')}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={form.value.showContact ?? false}
              onChange={(event) => form.setField('showContact', event.target.checked)}
              disabled={!form.canEdit}
            />
          }
          label={t('worksDoctor.settings.showContact')}
        />
        {text('contactName')}
        {text('contactPhone')}
        {text('contactEmail')}
        {text('contactHours', true)}
      </SettingsForm>
      <Doctors canEdit={form.canEdit} />
    </Stack>
  );
}

function Doctors({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const doctors = useWorksDoctors();
  const [editing, setEditing] = useState<WorksDoctor | null>(null);
  const [creating, setCreating] = useState(false);
  const problems = (d: WorksDoctor) => [
    ...(d.hasRight ? [] : [t('worksDoctor.doctors.noRight')]),
    ...(d.executingBodies.some((b) => b.active) ? [] : [t('worksDoctor.doctors.noBody')]),
    ...(d.loginAllowed ? [] : [t('worksDoctor.doctors.loginBlocked')]),
  ];
  return (
    <Box component="section" aria-labelledby="works-doctors-heading" sx={{ display: 'grid', gap: 2 }}>
      <Typography id="works-doctors-heading" variant="h6" component="h2">
        {t('worksDoctor.doctors.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('worksDoctor.doctors.intro')}
      </Typography>
      {canEdit && (
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('worksDoctor.doctors.add')}
          </Button>
        </Box>
      )}
      {doctors.error && (
        <Alert severity="error" role="alert">
          {errorMessage(doctors.error, t)}
        </Alert>
      )}
      <Paper variant="outlined">
        <List aria-label={t('worksDoctor.doctors.title')}>
          {(doctors.data ?? []).map((d) => (
            <ListItem key={d.id} disablePadding>
              <ListItemButton onClick={() => setEditing(d)} disabled={!canEdit}>
                <ListItemText
                  primary={`${d.employeeName}${d.loginName ? ` (${d.loginName})` : ''}`}
                  secondary={
                    d.executingBodies.map((b) => b.name).join(', ') || t('worksDoctor.doctors.noBodies')
                  }
                />
                {problems(d).map((p) => (
                  <Chip key={p} size="small" color="warning" label={p} sx={{ ml: 1 }} />
                ))}
              </ListItemButton>
            </ListItem>
          ))}
          {doctors.data?.length === 0 && (
            <Typography component="li" sx={{ p: 2 }}>
              {t('worksDoctor.doctors.empty')}
            </Typography>
          )}
        </List>
      </Paper>
      {(creating || editing) && (
        <DoctorDialog
          key={editing?.id ?? 'new'}
          doctor={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}

type Draft = { executingBodyIds: number[]; loginAllowed: boolean };
const draftOf = (d: WorksDoctor | null): Draft => ({
  executingBodyIds: d?.executingBodies.map((b) => b.id) ?? [],
  loginAllowed: d?.loginAllowed ?? true,
});
const sameIds = (a: number[], b: number[]) => [...a].sort().join(',') === [...b].sort().join(',');

function DoctorDialog({ doctor, onClose }: { doctor: WorksDoctor | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const queryClient = useQueryClient();
  const bodies = useExecutingBodies();
  const record = useVersionedDraft<WorksDoctor | null, Draft>({
    record: doctor,
    draftOf,
    fetchLatest: async (base) => {
      const all = await fetchWorksDoctors();
      await queryClient.invalidateQueries({ queryKey: worksDoctorKeys.doctors() });
      return all.find((d) => d.id === base?.id) ?? base;
    },
  });
  const { base, draft, set, dirty, conflict } = record;
  const [employee, setEmployee] = useState<EmployeePickerRow | null>(null);
  const create = useCreateWorksDoctor();
  const update = useUpdateWorksDoctor();
  const remove = useDeleteWorksDoctor();
  const [confirming, setConfirming] = useState(false);
  const error = base ? update.error : create.error;
  const errors = fieldErrors(error);
  // Active bodies, and the inactive ones the doctor still has (they may stay).
  const options = (bodies.data ?? []).filter((b) => b.active || draft.executingBodyIds.includes(b.id));

  const save = () => {
    const done = () => {
      notify(t('worksDoctor.doctors.saved'));
      onClose();
    };
    if (!base) {
      create.mutate(
        {
          employeeId: employee?.id ?? 0,
          executingBodyIds: draft.executingBodyIds,
          loginAllowed: draft.loginAllowed,
        },
        { onSuccess: done },
      );
      return;
    }
    const patch: Partial<Draft> = {};
    if (!sameIds(draft.executingBodyIds, draftOf(base).executingBodyIds))
      patch.executingBodyIds = draft.executingBodyIds;
    if (draft.loginAllowed !== base.loginAllowed) patch.loginAllowed = draft.loginAllowed;
    update.mutate({ id: base.id, version: base.version, ...patch }, record.onSave(done));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {base ? t('worksDoctor.doctors.editTitle') : t('worksDoctor.doctors.createTitle')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {conflict && (
          <ConflictAlert
            message={t('worksDoctor.doctors.conflict')}
            onReload={async () => {
              await record.reloadLatest();
              update.reset();
            }}
            reloading={record.reloading}
          />
        )}
        {error && !(isApiError(error) && error.code === 'CONFLICT') && (
          <Alert severity="error" role="alert">
            {errorMessage(error, t)}
          </Alert>
        )}
        {base ? (
          <TextField label={t('worksDoctor.doctors.employee')} value={base.employeeName} disabled />
        ) : (
          <EmployeePickerField
            label={t('worksDoctor.doctors.employee')}
            value={employee}
            onChange={setEmployee}
            required
            error={Boolean(errors.employeeId)}
            helperText={errors.employeeId}
          />
        )}
        <TextField
          select
          label={t('worksDoctor.doctors.bodies')}
          value={draft.executingBodyIds}
          onChange={(e) => {
            const value = e.target.value as unknown as number[] | string;
            set({ executingBodyIds: typeof value === 'string' ? [] : value });
          }}
          slotProps={{ select: { multiple: true } }}
          error={Boolean(errors.executingBodyIds)}
          helperText={errors.executingBodyIds ?? t('worksDoctor.doctors.bodiesHelp')}
        >
          {options.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.active ? b.name : `${b.name} (${t('worksDoctor.doctors.inactive')})`}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={draft.loginAllowed}
              onChange={(e) => set({ loginAllowed: e.target.checked })}
            />
          }
          label={t('worksDoctor.doctors.loginAllowed')}
        />
        {base && !base.hasRight && <Alert severity="warning">{t('worksDoctor.doctors.noRightHelp')}</Alert>}
      </DialogContent>
      <DialogActions>
        {base && (
          <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
            {t('worksDoctor.doctors.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('worksDoctor.doctors.cancel')}</Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={(base !== null && !dirty) || create.isPending || update.isPending}
        >
          {t('worksDoctor.doctors.save')}
        </Button>
      </DialogActions>
      {base && (
        <ConfirmDialog
          open={confirming}
          title={t('worksDoctor.doctors.deleteTitle')}
          text={t('worksDoctor.doctors.deleteText', { name: base.employeeName })}
          confirmLabel={t('worksDoctor.doctors.delete')}
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
                  notify(t('worksDoctor.doctors.deleted'));
                  onClose();
                },
              },
            )
          }
        />
      )}
    </Dialog>
  );
}
