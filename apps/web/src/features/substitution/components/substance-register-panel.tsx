import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChecklistRow } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { QUANTITY_RANGES, type QuantityRange } from '@schutzwerk/shared/substances/register.schema.ts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate, formatDateTime } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import {
  SDS_CHECKLIST_PICKER_SOURCE,
  useLinkSdsChecklist,
  useRegisterEntry,
  useReleaseSds,
  useUpdateRegisterEntry,
} from '../api/substitution.ts';

const checklistId = (row: ChecklistRow) => row.id;

/**
 * The register fields of a substance (quantity range, work areas) and the release of its safety data sheet
 * (decision 050). Both save at the substance's record version; `onChanged` lets the editor take the new one.
 * The release needs its checklist (decision 054): the releaser picks one of the portal's checklists meant
 * for substances, fills it (link to the checklist page) and sets it done; its state shows here.
 */
export function SubstanceRegisterPanel({
  substanceId,
  substanceVersion,
  disabled,
  onChanged,
}: {
  substanceId: number;
  substanceVersion: number;
  /** The editor has unsaved changes: save them first (both share the record version). */
  disabled: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const entry = useRegisterEntry(substanceId, substanceVersion);
  const update = useUpdateRegisterEntry(substanceId);
  const release = useReleaseSds(substanceId);
  const linkChecklist = useLinkSdsChecklist(substanceId);
  const [pickerOpen, setPickerOpen] = useState(false);
  const checklistColumns = useMemo<ScrollingListColumn<ChecklistRow>[]>(
    () => [
      {
        id: 'label',
        header: t('substitution.register.sdsChecklistLabel'),
        minWidth: 200,
        grow: 2,
        render: (r) => r.label,
      },
      {
        id: 'category',
        header: t('substitution.register.sdsChecklistCategory'),
        minWidth: 140,
        render: (r) => r.category,
      },
    ],
    [t],
  );
  const [quantityRange, setQuantityRange] = useState<QuantityRange | ''>('');
  const [workAreas, setWorkAreas] = useState('');
  const [responsible, setResponsible] = useState<EmployeePickerRow | null>(null);
  const [nextCheck, setNextCheck] = useState('');
  const [releaseErrors, setReleaseErrors] = useState<Record<string, string>>({});
  const data = entry.data;
  useEffect(() => {
    if (!data) return;
    setQuantityRange(data.quantityRange);
    setWorkAreas(data.workAreas);
  }, [data]);

  if (!data) return null;
  const mayEdit = canAny([P.HAZMAT_EDIT]) && !disabled;
  const mayRelease = canAny([P.HAZMAT_SDS_RELEASE]) && !disabled;
  const dirty = quantityRange !== data.quantityRange || workAreas !== data.workAreas;
  const error = update.error ?? release.error ?? linkChecklist.error;
  const checklist = data.sdsChecklist;

  return (
    <Paper sx={{ p: 2 }} data-testid="substance-register">
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('substitution.register.title')}
      </Typography>
      <Stack spacing={2}>
        {error && Object.keys(releaseErrors).length === 0 ? (
          <Alert severity="error">{errorMessage(error, t)}</Alert>
        ) : null}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <TextField
            select
            label={t('substitution.register.quantityRange')}
            value={quantityRange}
            disabled={!mayEdit}
            onChange={(e) => setQuantityRange(e.target.value as QuantityRange | '')}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('substitution.register.quantityRangeNone')}</MenuItem>
            {QUANTITY_RANGES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`substitution.register.quantityRanges.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('substitution.register.workAreas')}
            value={workAreas}
            disabled={!mayEdit}
            onChange={(e) => setWorkAreas(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        {mayEdit && (
          <Button
            sx={{ alignSelf: 'flex-start' }}
            variant="outlined"
            disabled={!dirty || update.isPending}
            onClick={() =>
              update.mutate(
                { version: data.version, quantityRange, workAreas },
                {
                  onSuccess: () => {
                    notify(t('substitution.register.saved'));
                    onChanged();
                  },
                },
              )
            }
          >
            {t('substitution.register.save')}
          </Button>
        )}
        <Typography variant="subtitle1" component="h3">
          {t('substitution.register.sdsTitle')}
        </Typography>
        <Typography variant="body2" data-testid="sds-state">
          {data.sdsReleasedAt
            ? t('substitution.register.sdsState', {
                at: formatDateTime(data.sdsReleasedAt),
                by: data.sdsReleasedByName ?? '–',
                next: data.sdsNextCheck ? formatDate(data.sdsNextCheck) : '–',
                responsible: data.sdsResponsibleName ?? '–',
              })
            : t('substitution.register.sdsNotReleased')}
        </Typography>
        <Stack spacing={1} data-testid="sds-checklist">
          <Typography variant="body2" component="h4" sx={{ fontWeight: 500 }}>
            {t('substitution.register.sdsChecklist')}
          </Typography>
          <Typography variant="body2" color={releaseErrors.checklistId ? 'error' : undefined}>
            {checklist
              ? t('substitution.register.sdsChecklistState', {
                  label: checklist.label,
                  status: t(`substitution.register.sdsChecklistStatus.${checklist.status}`),
                  progress: checklist.progress,
                })
              : (releaseErrors.checklistId ?? t('substitution.register.sdsChecklistNone'))}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {checklist && (
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to={`/audits/checklist/${checklist.checklistId}?instance=${checklist.instanceId}`}
              >
                {t('substitution.register.sdsChecklistFill')}
              </Button>
            )}
            {mayRelease && (
              <Button size="small" disabled={linkChecklist.isPending} onClick={() => setPickerOpen(true)}>
                {checklist
                  ? t('substitution.register.sdsChecklistChange')
                  : t('substitution.register.sdsChecklistChoose')}
              </Button>
            )}
          </Stack>
        </Stack>
        {mayRelease && (
          <PickerDialog<ChecklistRow>
            title={t('substitution.register.sdsChecklistPickerTitle')}
            searchLabel={t('substitution.register.sdsChecklistPickerSearch')}
            open={pickerOpen}
            onClose={() => setPickerOpen(false)}
            onSelect={(rows) => {
              setPickerOpen(false);
              const row = rows[0];
              if (!row) return;
              linkChecklist.mutate(
                { version: data.version, checklistId: row.id },
                {
                  onSuccess: () => {
                    setReleaseErrors(({ checklistId: _c, ...rest }) => rest);
                    notify(t('substitution.register.sdsChecklistLinked'));
                    onChanged();
                  },
                },
              );
            }}
            source={SDS_CHECKLIST_PICKER_SOURCE}
            columns={checklistColumns}
            getRowId={checklistId}
            orderBy="label"
          />
        )}
        {mayRelease && (
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <Stack sx={{ minWidth: 300 }}>
              <EmployeePickerField
                label={t('substitution.register.sdsResponsible')}
                value={responsible}
                onChange={(value) => {
                  setResponsible(value);
                  setReleaseErrors(({ responsibleEmployeeId: _r, ...rest }) => rest);
                }}
                error={Boolean(releaseErrors.responsibleEmployeeId)}
                helperText={releaseErrors.responsibleEmployeeId}
              />
            </Stack>
            <TextField
              type="date"
              label={t('substitution.register.sdsNextCheck')}
              value={nextCheck}
              onChange={(e) => {
                setNextCheck(e.target.value);
                setReleaseErrors(({ nextCheckDate: _n, ...rest }) => rest);
              }}
              error={Boolean(releaseErrors.nextCheckDate)}
              helperText={releaseErrors.nextCheckDate}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="outlined"
              disabled={release.isPending}
              onClick={() =>
                release.mutate(
                  {
                    version: data.version,
                    responsibleEmployeeId: responsible?.id ?? null,
                    nextCheckDate: nextCheck === '' ? null : nextCheck,
                  },
                  {
                    onSuccess: () => {
                      setReleaseErrors({});
                      notify(t('substitution.register.sdsReleased'));
                      onChanged();
                    },
                    onError: (err) => setReleaseErrors(fieldErrors(err)),
                  },
                )
              }
            >
              {t('substitution.register.sdsRelease')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
