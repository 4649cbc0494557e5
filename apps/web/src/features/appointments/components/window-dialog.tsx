import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  type AppointmentWindow,
  correctSeats,
  type UpdateAppointmentWindow,
  WINDOW_RULES,
  type WindowRule,
} from '@schutzwerk/shared/appointments/appointments.schema.ts';
import type { TopicRow } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationPickerField, type TreeChoice } from '#components/picker-field/tree-picker-field.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { api } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useSaveWindow } from '../api/save-window.ts';

type Draft = {
  title: string;
  location: TreeChoice | null;
  topicId: number | null;
  fromTime: string;
  toTime: string;
  durationMinutes: string;
  gridMinutes: string;
  seats: string;
  rule: WindowRule;
  allowedShiftMinutes: string;
  firstDay: string;
  active: boolean;
};

function draftOf(w: AppointmentWindow | null, grid: number): Draft {
  return {
    title: w?.title ?? '',
    location: w ? { id: w.locationId, name: w.locationName } : null,
    topicId: w?.topicId ?? null,
    fromTime: w?.fromTime ?? '08:00',
    toTime: w?.toTime ?? '12:00',
    durationMinutes: String(w?.durationMinutes ?? 30),
    gridMinutes: String(w?.gridMinutes ?? grid),
    seats: String(w?.seats ?? 1),
    rule: (w?.rule as WindowRule | undefined) ?? 'none',
    allowedShiftMinutes: String(w?.allowedShiftMinutes ?? 0),
    firstDay: '',
    active: w?.active ?? true,
  };
}

const whole = (v: string) => (v.trim() === '' ? Number.NaN : Number(v.trim().replace(',', '.')));

/**
 * Creating or editing a time window (decision 060). The seats field corrects itself to a whole number when it
 * loses focus (spec §5). A window in use shows its fields read-only: only „aktiv“ can change.
 */
export function WindowDialog({
  window,
  defaultGrid,
  onClose,
  onSaved,
}: {
  /** null: a new window. */
  window: AppointmentWindow | null;
  defaultGrid: number;
  onClose: () => void;
  onSaved: (w: AppointmentWindow) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { canAny } = usePermissions();
  const save = useSaveWindow();
  const [draft, setDraft] = useState<Draft>(() => draftOf(window, defaultGrid));
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(save.error), ...local };
  const locked = Boolean(window?.inUse);
  const topics = useQuery({
    queryKey: ['appointments', 'topics'],
    queryFn: async () => (await api.get<{ data: { rows: TopicRow[] } }>('topics', { limit: 100 })).data.rows,
    enabled: canAny([P.TOPICS]),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!draft.title.trim()) missing.title = t('appointments.window.titleMissing');
    if (!draft.location) missing.locationId = t('appointments.window.locationMissing');
    setLocal(missing);
    if (Object.keys(missing).length > 0) return;
    const fields = {
      title: draft.title,
      locationId: draft.location!.id,
      topicId: draft.topicId,
      fromTime: draft.fromTime,
      toTime: draft.toTime,
      durationMinutes: whole(draft.durationMinutes),
      gridMinutes: whole(draft.gridMinutes),
      seats: correctSeats(draft.seats),
      rule: draft.rule,
      allowedShiftMinutes: whole(draft.allowedShiftMinutes),
    };
    if (!window) {
      save.mutate(
        { create: { ...fields, days: draft.firstDay ? [draft.firstDay] : [] } },
        { onSuccess: onSaved },
      );
      return;
    }
    const patch: UpdateAppointmentWindow = { version: window.version };
    const before: Record<string, unknown> = { ...window };
    for (const [key, value] of Object.entries(fields))
      if (before[key] !== value) (patch as Record<string, unknown>)[key] = value;
    if (draft.active !== window.active) patch.active = draft.active;
    save.mutate({ id: window.id, patch }, { onSuccess: onSaved });
  };

  const text = (name: keyof Draft & string, props: Record<string, unknown> = {}) => (
    <TextField
      label={t(`appointments.window.${name}`)}
      value={draft[name] as string}
      onChange={(e) => set({ [name]: e.target.value } as Partial<Draft>)}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ''}
      disabled={locked}
      fullWidth
      {...props}
    />
  );

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {window ? t('appointments.window.editTitle') : t('appointments.window.newTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {locked ? <Alert severity="info">{t('appointments.window.inUse')}</Alert> : null}
            {text('title', { required: true, slotProps: { htmlInput: { maxLength: 120 } } })}
            <LocationPickerField
              value={draft.location}
              onChange={(location) => set({ location })}
              error={Boolean(errors.locationId)}
              helperText={errors.locationId}
              required
              disabled={locked}
            />
            {topics.data ? (
              <TextField
                select
                label={t('appointments.window.topic')}
                value={draft.topicId === null ? '' : String(draft.topicId)}
                onChange={(e) => set({ topicId: e.target.value === '' ? null : Number(e.target.value) })}
                disabled={locked}
                fullWidth
              >
                <MenuItem value="">{t('appointments.window.anyTopic')}</MenuItem>
                {topics.data.map((topic) => (
                  <MenuItem key={topic.id} value={String(topic.id)}>
                    {topic.label}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('fromTime', { type: 'time', required: true })}
              {text('toTime', { type: 'time', required: true })}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {text('durationMinutes', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
              {text('gridMinutes', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
            </Stack>
            {text('seats', {
              slotProps: { htmlInput: { inputMode: 'decimal' } },
              onBlur: () => set({ seats: String(correctSeats(draft.seats)) }),
              helperText: errors.seats ?? t('appointments.window.seatsHint'),
            })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('appointments.window.rule')}
                value={draft.rule}
                onChange={(e) => set({ rule: e.target.value as WindowRule })}
                disabled={locked}
                fullWidth
              >
                {WINDOW_RULES.map((rule) => (
                  <MenuItem key={rule} value={rule}>
                    {t(`appointments.rule.${rule}`)}
                  </MenuItem>
                ))}
              </TextField>
              {text('allowedShiftMinutes', { slotProps: { htmlInput: { inputMode: 'numeric' } } })}
            </Stack>
            {window ? (
              <FormControlLabel
                control={
                  <Switch checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
                }
                label={t('appointments.window.active')}
              />
            ) : (
              text('firstDay', {
                type: 'date',
                slotProps: { inputLabel: { shrink: true } },
                helperText: errors['days.0'] ?? t('appointments.window.firstDayHint'),
                error: Boolean(errors['days.0']),
              })
            )}
            {save.error && Object.keys(fieldErrors(save.error)).length === 0 ? (
              <Alert severity="error">{errorMessage(save.error, t)}</Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('appointments.window.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
