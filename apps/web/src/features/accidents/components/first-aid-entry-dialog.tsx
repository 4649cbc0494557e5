import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { FirstAidEntry } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { toIso } from '../accident-draft.ts';
import { useCreateFirstAidEntry } from '../api/create-first-aid-entry.ts';

/** The datetime-local value of now (the browser's time zone), to the minute. */
function nowLocal(): string {
  const d = new Date();
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

type Draft = {
  employee: EmployeePickerRow | null;
  personName: string;
  occurredAt: string;
  place: string;
  whatHappened: string;
  firstAid: string;
};

/**
 * A first-aid book entry in under a minute (decision 047): who (a colleague or a name), when (now, changeable),
 * where, what happened, which first aid — five fields, one screen on a phone.
 */
export function FirstAidEntryDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (entry: FirstAidEntry) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateFirstAidEntry();
  const fresh = (): Draft => ({
    employee: null,
    personName: '',
    occurredAt: nowLocal(),
    place: '',
    whatHappened: '',
    firstAid: '',
  });
  const [draft, setDraft] = useState<Draft>(fresh);
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const errors = { ...fieldErrors(create.error), ...local };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!draft.employee && !draft.personName.trim())
      missing.personName = t('accidents.firstAid.personMissing');
    if (!draft.occurredAt) missing.occurredAt = t('accidents.firstAid.timeMissing');
    if (!draft.place.trim()) missing.place = t('accidents.firstAid.placeMissing');
    if (!draft.whatHappened.trim()) missing.whatHappened = t('accidents.firstAid.whatMissing');
    if (!draft.firstAid.trim()) missing.firstAid = t('accidents.firstAid.aidMissing');
    setLocal(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate(
      {
        employeeId: draft.employee?.id ?? null,
        personName: draft.employee ? '' : draft.personName,
        occurredAt: toIso(draft.occurredAt),
        place: draft.place,
        whatHappened: draft.whatHappened,
        firstAid: draft.firstAid,
      },
      {
        onSuccess: (entry) => {
          setDraft(fresh());
          create.reset();
          onCreated(entry);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="first-aid-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="first-aid-title">{t('accidents.firstAid.newTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {create.error && Object.keys(fieldErrors(create.error)).length === 0 && (
            <Alert severity="error" role="alert">
              {errorMessage(create.error, t)}
            </Alert>
          )}
          <EmployeePickerField
            label={t('accidents.firstAid.employee')}
            value={draft.employee}
            onChange={(employee) => set({ employee })}
          />
          {!draft.employee && (
            <TextField
              label={t('accidents.firstAid.personName')}
              value={draft.personName}
              onChange={(e) => set({ personName: e.target.value })}
              error={Boolean(errors.personName)}
              helperText={errors.personName ?? t('accidents.firstAid.personHint')}
            />
          )}
          <TextField
            type="datetime-local"
            label={t('accidents.firstAid.occurredAt')}
            value={draft.occurredAt}
            onChange={(e) => set({ occurredAt: e.target.value })}
            required
            error={Boolean(errors.occurredAt)}
            helperText={errors.occurredAt}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('accidents.firstAid.place')}
            value={draft.place}
            onChange={(e) => set({ place: e.target.value })}
            required
            error={Boolean(errors.place)}
            helperText={errors.place}
          />
          <TextField
            label={t('accidents.firstAid.whatHappened')}
            value={draft.whatHappened}
            onChange={(e) => set({ whatHappened: e.target.value })}
            required
            multiline
            minRows={2}
            error={Boolean(errors.whatHappened)}
            helperText={errors.whatHappened}
          />
          <TextField
            label={t('accidents.firstAid.firstAid')}
            value={draft.firstAid}
            onChange={(e) => set({ firstAid: e.target.value })}
            required
            multiline
            minRows={2}
            error={Boolean(errors.firstAid)}
            helperText={errors.firstAid}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('accidents.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('accidents.firstAid.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
