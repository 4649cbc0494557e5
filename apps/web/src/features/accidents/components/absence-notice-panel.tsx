import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Accident, UpdateAccident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { api, apiDownload, isApiError, saveBlob } from '#lib/api-client.ts';
import { formatDate, formatDateTime } from '#lib/format.ts';
import { toIso, toLocal } from '../accident-draft.ts';
import { accidentKeys } from '../api/accident-keys.ts';
import { accidentQueryOptions } from '../api/get-accident.ts';
import { useUpdateAccident } from '../api/update-accident.ts';

/** The form's text state of absence, costs and the notice's own fields (decision 051). */
type Draft = {
  workStoppedAt: string;
  workResumedAt: string;
  sickUntil: string;
  daysLost: string;
  lightDuties: boolean;
  lightDutiesUntil: string;
  costWageContinuation: string;
  costReplacement: string;
  costOther: string;
  costOtherNote: string;
  insurer: string;
  companyNumber: string;
  companyAddress: string;
  legalRepresentative: string;
  phoneConsent: boolean;
  apprentice: boolean;
  marginalEmployment: boolean;
  entrepreneur: boolean;
  familyMember: boolean;
  wageContinuationWeeks: string;
  homeOffice: boolean;
  violentEvent: boolean;
  workingTimeStart: string;
  workingTimeEnd: string;
  worksCouncilMember: string;
  insuredGroup: 'employment' | 'education';
  institution: string;
  institutionCarrier: string;
  distanceLearning: boolean;
  externalBirthday: string;
  externalStreet: string;
  externalPostalCode: string;
  externalCity: string;
  externalGender: string;
  externalHealthInsurance: string;
  externalCitizenship: string;
  externalPhone: string;
};

/** An external person's notice data (decision 056): kept on the report, read like health data. */
const EXTERNAL_KEYS = [
  'externalBirthday',
  'externalStreet',
  'externalPostalCode',
  'externalCity',
  'externalGender',
  'externalHealthInsurance',
  'externalCitizenship',
  'externalPhone',
] as const;

/** Cents → "1234,50"; empty for none. */
export const euros = (cents: number | null) =>
  cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');
/** "1.234,5" / "1234.50" → cents; null for empty; NaN for anything else. */
export function centsOf(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, '');
  if (t === '') return null;
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normal)) return Number.NaN;
  return Math.round(Number(normal) * 100);
}
const intOf = (text: string): number | null => {
  const t = text.trim();
  if (t === '') return null;
  return /^-?\d+$/.test(t) ? Number(t) : Number.NaN;
};

function draftOf(a: Accident): Draft {
  return {
    workStoppedAt: a.workStoppedAt ? toLocal(a.workStoppedAt) : '',
    workResumedAt: a.workResumedAt ? toLocal(a.workResumedAt) : '',
    sickUntil: a.sickUntil ?? '',
    daysLost: a.daysLost === null ? '' : String(a.daysLost),
    lightDuties: a.lightDuties,
    lightDutiesUntil: a.lightDutiesUntil ?? '',
    costWageContinuation: euros(a.costWageContinuation),
    costReplacement: euros(a.costReplacement),
    costOther: euros(a.costOther),
    costOtherNote: a.costOtherNote,
    insurer: a.insurer,
    companyNumber: a.companyNumber,
    companyAddress: a.companyAddress,
    legalRepresentative: a.legalRepresentative,
    phoneConsent: a.phoneConsent,
    apprentice: a.apprentice,
    marginalEmployment: a.marginalEmployment,
    entrepreneur: a.entrepreneur,
    familyMember: a.familyMember,
    wageContinuationWeeks: a.wageContinuationWeeks === null ? '' : String(a.wageContinuationWeeks),
    homeOffice: a.homeOffice,
    violentEvent: a.violentEvent,
    workingTimeStart: a.workingTimeStart,
    workingTimeEnd: a.workingTimeEnd,
    worksCouncilMember: a.worksCouncilMember,
    insuredGroup: a.insuredGroup,
    institution: a.institution,
    institutionCarrier: a.institutionCarrier,
    distanceLearning: a.distanceLearning,
    externalBirthday: a.externalBirthday ?? '',
    externalStreet: a.externalStreet ?? '',
    externalPostalCode: a.externalPostalCode ?? '',
    externalCity: a.externalCity ?? '',
    externalGender: a.externalGender ?? '',
    externalHealthInsurance: a.externalHealthInsurance ?? '',
    externalCitizenship: a.externalCitizenship ?? '',
    externalPhone: a.externalPhone ?? '',
  };
}

type Converted = { values: Record<string, unknown>; errors: Record<string, string> };
/** The draft as API values; amounts and counts the browser cannot read give a field message. */
function convert(d: Draft, t: (key: string) => string): Converted {
  const errors: Record<string, string> = {};
  const values: Record<string, unknown> = {
    workStoppedAt: d.workStoppedAt ? toIso(d.workStoppedAt) : null,
    workResumedAt: d.workResumedAt ? toIso(d.workResumedAt) : null,
    sickUntil: d.sickUntil || null,
    lightDuties: d.lightDuties,
    lightDutiesUntil: d.lightDuties && d.lightDutiesUntil ? d.lightDutiesUntil : null,
    costOtherNote: d.costOtherNote,
    insurer: d.insurer,
    companyNumber: d.companyNumber,
    companyAddress: d.companyAddress,
    legalRepresentative: d.legalRepresentative,
    phoneConsent: d.phoneConsent,
    apprentice: d.apprentice,
    marginalEmployment: d.marginalEmployment,
    entrepreneur: d.entrepreneur,
    familyMember: d.familyMember,
    homeOffice: d.homeOffice,
    violentEvent: d.violentEvent,
    workingTimeStart: d.workingTimeStart,
    workingTimeEnd: d.workingTimeEnd,
    worksCouncilMember: d.worksCouncilMember,
    insuredGroup: d.insuredGroup,
    institution: d.institution,
    institutionCarrier: d.institutionCarrier,
    distanceLearning: d.distanceLearning,
    ...Object.fromEntries(EXTERNAL_KEYS.map((k) => [k, d[k]])),
    externalBirthday: d.externalBirthday || null,
  };
  for (const key of ['costWageContinuation', 'costReplacement', 'costOther'] as const) {
    const v = centsOf(d[key]);
    if (Number.isNaN(v)) errors[key] = t('accidents.absence.amountInvalid');
    else values[key] = v;
  }
  for (const key of ['daysLost', 'wageContinuationWeeks'] as const) {
    const v = intOf(d[key]);
    if (Number.isNaN(v)) errors[key] = t('accidents.absence.wholeNumber');
    else values[key] = v;
  }
  return { values, errors };
}

/**
 * Absence, costs and the accident notice on the record page (decision 051): the fields are saved as a partial
 * update (changed fields only, version; a stale save keeps the form); the notice is offered as PDF and JSON once
 * the report is reportable, and „Als gesendet markieren“ records the sending (status 40).
 */
export function AbsenceNoticePanel({
  accident,
  canEdit,
  canNotice,
}: {
  accident: Accident;
  canEdit: boolean;
  canNotice: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const record = useVersionedDraft({
    record: accident,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...accidentQueryOptions(accident.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const save = useUpdateAccident(accident.id);
  const [local, setLocal] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: async () =>
      (await api.post<{ data: Accident }>(`accidents/${accident.id}/notice/send`, { version: base.version }))
        .data,
    onSuccess: (a) => {
      queryClient.setQueryData(accidentKeys.detail(accident.id), a);
      notify(t('accidents.notice.sentDone'));
    },
  });
  const download = useMutation({
    mutationFn: (kind: 'pdf' | 'json') =>
      kind === 'pdf'
        ? apiDownload(`accidents/${accident.id}/notice/pdf`, { method: 'GET' })
        : api.get<{ data: unknown }>(`accidents/${accident.id}/notice`).then((r) => ({
            blob: new Blob([JSON.stringify(r.data, null, 2)], { type: 'application/json' }),
            fileName: `Unfallanzeige-${accident.id}.json`,
          })),
    onSuccess: ({ blob, fileName }, kind) =>
      saveBlob(blob, fileName ?? `Unfallanzeige-${accident.id}.${kind}`),
  });

  const serverErrors = { ...fieldErrors(save.error), ...fieldErrors(send.error) };
  const errors = { ...serverErrors, ...local };
  const readOnly = !canEdit || base.status === 60;

  const submit = () => {
    const next = convert(draft, t);
    setLocal(next.errors);
    if (Object.keys(next.errors).length > 0) return;
    const before = convert(draftOf(base), t).values;
    const changed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(next.values))
      if (JSON.stringify(v) !== JSON.stringify(before[k])) changed[k] = v;
    if (!base.healthVisible) delete changed.sickUntil;
    if (!base.healthVisible || base.employeeId !== null) for (const k of EXTERNAL_KEYS) delete changed[k];
    save.mutate(
      { ...(changed as Partial<UpdateAccident>), version: base.version },
      record.onSave(() => notify(t('accidents.absence.saved'))),
    );
  };

  const text = (key: keyof Draft, extra: Record<string, unknown> = {}) => ({
    id: `absence-${key}`,
    label: t(`accidents.absence.field.${key}`),
    value: draft[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set({ [key]: e.target.value } as Partial<Draft>),
    error: Boolean(errors[key]),
    helperText: errors[key],
    disabled: readOnly,
    ...extra,
  });
  const flag = (key: keyof Draft) => (
    <FormControlLabel
      key={key}
      control={
        <Checkbox
          checked={draft[key] as boolean}
          onChange={(e) => set({ [key]: e.target.checked } as Partial<Draft>)}
          disabled={readOnly}
        />
      }
      label={t(`accidents.absence.field.${key}`)}
    />
  );
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } };
  const dateProps = { type: 'date', slotProps: { inputLabel: { shrink: true } } };
  const timeProps = { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } };
  const clockProps = { placeholder: 'HH:MM', slotProps: { inputLabel: { shrink: true } } };
  const saveError = save.error && !(isApiError(save.error) && save.error.code === 'CONFLICT');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        {t('accidents.absence.title')}
      </Typography>
      {conflict && (
        <ConflictAlert
          message={t('accidents.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            save.reset();
          }}
          reloading={record.reloading}
        />
      )}
      {saveError && (
        <Alert severity="error" role="alert">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Box sx={grid}>
        <TextField {...text('workStoppedAt', timeProps)} />
        <TextField {...text('workResumedAt', timeProps)} />
        {base.healthVisible && <TextField {...text('sickUntil', dateProps)} />}
        <TextField {...text('daysLost', { inputMode: 'numeric' })} />
        {flag('lightDuties')}
        {draft.lightDuties && <TextField {...text('lightDutiesUntil', dateProps)} />}
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t('accidents.absence.costsTitle')}
      </Typography>
      <Box sx={grid}>
        <TextField {...text('costWageContinuation', { inputMode: 'decimal' })} />
        <TextField {...text('costReplacement', { inputMode: 'decimal' })} />
        <TextField {...text('costOther', { inputMode: 'decimal' })} />
        <TextField {...text('costOtherNote')} />
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t('accidents.notice.title')}
      </Typography>
      {base.reportable ? (
        <Alert severity={base.noticeSentAt ? 'success' : 'warning'}>
          {base.noticeSentAt
            ? t('accidents.notice.sentAt', {
                at: formatDateTime(base.noticeSentAt),
                by: base.noticeSentByName ?? '',
              })
            : t('accidents.notice.due', { date: formatDate(base.noticeDeadline ?? '') })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('accidents.notice.notDue')}
        </Typography>
      )}
      <Box sx={grid}>
        <TextField
          {...text('insuredGroup', { select: true })}
          onChange={(e) => set({ insuredGroup: e.target.value as Draft['insuredGroup'] })}
        >
          <MenuItem value="employment">{t('accidents.absence.insuredGroup.employment')}</MenuItem>
          <MenuItem value="education">{t('accidents.absence.insuredGroup.education')}</MenuItem>
        </TextField>
        {draft.insuredGroup === 'education' && <TextField {...text('institution')} />}
        {draft.insuredGroup === 'education' && <TextField {...text('institutionCarrier')} />}
      </Box>
      {draft.insuredGroup === 'education' && flag('distanceLearning')}
      {base.employeeId === null && base.healthVisible && (
        <>
          <Typography variant="subtitle2" component="h4">
            {t('accidents.absence.externalTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('accidents.absence.externalHint')}
          </Typography>
          <Box sx={grid}>
            <TextField {...text('externalBirthday', dateProps)} />
            <TextField
              {...text('externalGender', { select: true })}
              onChange={(e) => set({ externalGender: e.target.value })}
            >
              <MenuItem value="">{t('accidents.absence.gender.none')}</MenuItem>
              <MenuItem value="m">{t('accidents.absence.gender.m')}</MenuItem>
              <MenuItem value="w">{t('accidents.absence.gender.w')}</MenuItem>
              <MenuItem value="d">{t('accidents.absence.gender.d')}</MenuItem>
            </TextField>
            <TextField {...text('externalStreet')} />
            <TextField {...text('externalPostalCode')} />
            <TextField {...text('externalCity')} />
            <TextField {...text('externalHealthInsurance')} />
            <TextField {...text('externalCitizenship')} />
            <TextField {...text('externalPhone')} />
          </Box>
        </>
      )}
      <Box sx={grid}>
        <TextField {...text('insurer')} />
        <TextField {...text('companyNumber')} />
        <TextField {...text('companyAddress')} />
        <TextField {...text('legalRepresentative')} />
        <TextField {...text('workingTimeStart', clockProps)} />
        <TextField {...text('workingTimeEnd', clockProps)} />
        <TextField {...text('wageContinuationWeeks', { inputMode: 'numeric' })} />
        <TextField {...text('worksCouncilMember')} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {(
          [
            'phoneConsent',
            'apprentice',
            'marginalEmployment',
            'entrepreneur',
            'familyMember',
            'homeOffice',
            'violentEvent',
          ] as const
        ).map(flag)}
      </Box>
      {!readOnly && (
        <Box>
          <Button variant="contained" onClick={submit} disabled={!dirty || save.isPending}>
            {t('accidents.absence.save')}
          </Button>
        </Box>
      )}
      {base.reportable && base.healthVisible && canNotice && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => download.mutate('pdf')} disabled={download.isPending}>
            {t('accidents.notice.pdf')}
          </Button>
          <Button variant="outlined" onClick={() => download.mutate('json')} disabled={download.isPending}>
            {t('accidents.notice.json')}
          </Button>
          {!base.noticeSentAt && base.status !== 60 && (
            <Button variant="contained" onClick={() => send.mutate()} disabled={dirty || send.isPending}>
              {t('accidents.notice.markSent')}
            </Button>
          )}
        </Box>
      )}
      {(send.error || download.error) && (
        <Alert severity="error" role="alert">
          {errorMessage(send.error ?? download.error, t)}
          {send.error && isApiError(send.error) && send.error.details && (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {send.error.details.map((d) => (
                <li key={String(d.message)}>{d.message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
    </Paper>
  );
}
