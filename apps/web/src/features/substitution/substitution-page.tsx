import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  SUBSTITUTION_INTERVALS,
  SUBSTITUTION_MAX_SUBSTANCES,
  SUBSTITUTION_RECOMMENDATIONS,
  SUBSTITUTION_RISK_LEVELS,
  type SubstitutionTest,
  substitutionMessages,
} from '@schutzwerk/shared/substances/substitution.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  SUBSTANCE_PICKER_SOURCE,
  substitutionTestQueryOptions,
  useDeleteSubstitutionTest,
  useSubstitutionTest,
  useUpdateSubstitutionTest,
} from './api/substitution.ts';

type SubstanceChoice = { id: number; designation: string; casNumber: string };
type Draft = {
  substances: SubstanceChoice[];
  testDate: string;
  riskLevel: string;
  recommendation: string;
  reason: string;
  intervalDays: string;
  responsible: EmployeePickerRow | null;
  finished: boolean;
};

function draftOf(test: SubstitutionTest): Draft {
  const [lastName = '', firstName = ''] = (test.responsibleName ?? '').split(', ');
  return {
    substances: test.substances,
    testDate: test.testDate ?? '',
    riskLevel: test.riskLevel === null ? '' : String(test.riskLevel),
    recommendation: test.recommendation ?? '',
    reason: test.reason,
    intervalDays: test.intervalDays === null ? '' : String(test.intervalDays),
    responsible:
      test.responsibleEmployeeId === null
        ? null
        : { id: test.responsibleEmployeeId, personnelNumber: '', lastName, firstName, departmentName: null },
    finished: test.finished,
  };
}

/** The fields a finished test lacks (the same rule as the server's, shown before sending). */
function missing(draft: Draft): Record<string, string> {
  if (!draft.finished) return {};
  const errors: Record<string, string> = {};
  if (draft.substances.length === 0) errors.substanceIds = substitutionMessages.noSubstance;
  for (const [key, value] of [
    ['testDate', draft.testDate],
    ['riskLevel', draft.riskLevel],
    ['recommendation', draft.recommendation],
    ['reason', draft.reason.trim()],
    ['intervalDays', draft.intervalDays],
  ] as const)
    if (value === '') errors[key] = substitutionMessages.required;
  if (draft.responsible === null) errors.responsibleEmployeeId = substitutionMessages.required;
  return errors;
}

/** /substances/substitution/:id — one substitution test (decision 050). */
export function SubstitutionPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useSubstitutionTest(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('substitution.editTitle')}
      back="/substances/substitution"
      notFoundHint={t('substitution.notFound')}
      backLabel={t('substitution.backToList')}
    >
      {(test) => <SubstitutionEditor test={test} />}
    </RecordPageLoader>
  );
}

function SubstitutionEditor({ test }: { test: SubstitutionTest }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const mayEdit = canAny([P.HAZMAT_SUBSTITUTION]);
  const record = useVersionedDraft({
    record: test,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...substitutionTestQueryOptions(test.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const update = useUpdateSubstitutionTest(test.id);
  const remove = useDeleteSubstitutionTest(test.id);
  const leaving = useRef(false);
  const guard = useUnsavedChangesGuard(dirty, leaving);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [pickerOpen, setPickerOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const clientErrors = submitted ? missing(draft) : {};
  const errorOf = (key: string) => clientErrors[key] ?? serverErrors[key];
  const change = (patch: Partial<Draft>, keys: string[]) => {
    set(patch);
    setServerErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([k]) => !keys.includes(k))),
    );
  };

  const save = () => {
    setSubmitted(true);
    if (Object.keys(missing(draft)).length > 0 || update.isPending) return;
    setServerErrors({});
    update.mutate(
      {
        substanceIds: draft.substances.map((s) => s.id),
        testDate: draft.testDate === '' ? null : draft.testDate,
        riskLevel: draft.riskLevel === '' ? null : Number(draft.riskLevel),
        recommendation: draft.recommendation === '' ? null : (draft.recommendation as 'keep' | 'new'),
        reason: draft.reason,
        intervalDays: draft.intervalDays === '' ? null : Number(draft.intervalDays),
        responsibleEmployeeId: draft.responsible?.id ?? null,
        finished: draft.finished,
        version: base.version,
      },
      {
        ...record.onSave(() => {
          setSubmitted(false);
          notify(t('substitution.saved'));
        }),
        onError: (error) => {
          if (!record.saveFailed(error)) setServerErrors(fieldErrors(error));
        },
      },
    );
  };

  useToolbar({
    title: t('substitution.editTitle'),
    back: '/substances/substitution',
    onSave: mayEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
  });

  const pickerColumns = useMemo<ScrollingListColumn<SubstanceChoice>[]>(
    () => [
      {
        id: 'designation',
        header: t('substitution.columns.substances'),
        minWidth: 200,
        grow: 2,
        render: (r) => r.designation,
      },
      { id: 'casNumber', header: 'CAS', minWidth: 110, grow: 0.7, render: (r) => r.casNumber },
    ],
    [t],
  );
  const saveError = update.error && !conflict ? errorMessage(update.error, t) : null;

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      {guard}
      {conflict && (
        <ConflictAlert
          message={t('substitution.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            update.reset();
          }}
          reloading={record.reloading}
        />
      )}
      {saveError && (
        <Alert severity="error" data-testid="substitution-error">
          {saveError}
        </Alert>
      )}
      {base.reasonMustChange && <Alert severity="info">{t('substitution.reasonImported')}</Alert>}
      <Paper sx={{ p: 2 }}>
        <Stack spacing={2}>
          <FormControl error={Boolean(errorOf('substanceIds'))}>
            <FormLabel component="legend">{t('substitution.substances')}</FormLabel>
            <Stack
              direction="row"
              spacing={1}
              sx={{ flexWrap: 'wrap', rowGap: 1, mt: 1 }}
              data-testid="substitution-substances"
            >
              {draft.substances.length === 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('substitution.noSubstances')}
                </Typography>
              )}
              {draft.substances.map((s) => (
                <Chip
                  key={s.id}
                  label={s.designation}
                  onDelete={
                    mayEdit
                      ? () =>
                          change({ substances: draft.substances.filter((x) => x.id !== s.id) }, [
                            'substanceIds',
                          ])
                      : undefined
                  }
                  deleteIcon={
                    <CloseIcon aria-label={t('substitution.removeSubstance', { name: s.designation })} />
                  }
                />
              ))}
            </Stack>
            <FormHelperText>
              {errorOf('substanceIds') ??
                t('substitution.substancesHint', { max: SUBSTITUTION_MAX_SUBSTANCES })}
            </FormHelperText>
            {mayEdit && (
              <Button
                sx={{ alignSelf: 'flex-start' }}
                startIcon={<PlaylistAddIcon />}
                onClick={() => setPickerOpen(true)}
              >
                {t('substitution.pickSubstances')}
              </Button>
            )}
          </FormControl>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              type="date"
              label={t('substitution.testDate')}
              value={draft.testDate}
              disabled={!mayEdit}
              onChange={(e) => change({ testDate: e.target.value }, ['testDate'])}
              error={Boolean(errorOf('testDate'))}
              helperText={errorOf('testDate')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 200 }}
            />
            <TextField
              select
              label={t('substitution.riskLevel')}
              value={draft.riskLevel}
              disabled={!mayEdit}
              onChange={(e) => change({ riskLevel: e.target.value }, ['riskLevel'])}
              error={Boolean(errorOf('riskLevel'))}
              helperText={errorOf('riskLevel')}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">{t('substitution.notChosen')}</MenuItem>
              {SUBSTITUTION_RISK_LEVELS.map((level) => (
                <MenuItem key={level} value={String(level)}>
                  {t(`substitution.riskLevels.${level}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('substitution.interval')}
              value={draft.intervalDays}
              disabled={!mayEdit}
              onChange={(e) => change({ intervalDays: e.target.value }, ['intervalDays'])}
              error={Boolean(errorOf('intervalDays'))}
              helperText={errorOf('intervalDays')}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('substitution.notChosen')}</MenuItem>
              {SUBSTITUTION_INTERVALS.map((days) => (
                <MenuItem key={days} value={String(days)}>
                  {t('substitution.intervalDays', { days })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <FormControl error={Boolean(errorOf('recommendation'))} disabled={!mayEdit}>
            <FormLabel id="substitution-recommendation">{t('substitution.recommendation')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="substitution-recommendation"
              value={draft.recommendation}
              onChange={(e) => change({ recommendation: e.target.value }, ['recommendation'])}
            >
              {SUBSTITUTION_RECOMMENDATIONS.map((r) => (
                <FormControlLabel
                  key={r}
                  value={r}
                  control={<Radio />}
                  label={t(`substitution.recommendations.${r}`)}
                />
              ))}
            </RadioGroup>
            {errorOf('recommendation') && <FormHelperText>{errorOf('recommendation')}</FormHelperText>}
          </FormControl>
          <TextField
            multiline
            minRows={3}
            label={t('substitution.reason')}
            value={draft.reason}
            disabled={!mayEdit}
            onChange={(e) => change({ reason: e.target.value }, ['reason'])}
            error={Boolean(errorOf('reason'))}
            helperText={errorOf('reason')}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
          <Stack sx={{ maxWidth: 480 }}>
            <EmployeePickerField
              label={t('substitution.responsible')}
              value={draft.responsible}
              disabled={!mayEdit}
              onChange={(responsible) => change({ responsible }, ['responsibleEmployeeId'])}
              error={Boolean(errorOf('responsibleEmployeeId'))}
              helperText={errorOf('responsibleEmployeeId') ?? t('substitution.responsibleHint')}
            />
          </Stack>
          <Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.finished}
                  disabled={!mayEdit}
                  onChange={(e) => change({ finished: e.target.checked }, [])}
                />
              }
              label={t('substitution.finished')}
            />
            <FormHelperText sx={{ mt: 0 }}>{t('substitution.finishedHint')}</FormHelperText>
          </Stack>
          {base.finished && base.nextDueDate && (
            <Typography data-testid="substitution-next-due">
              {t('substitution.nextDue', { date: formatDate(base.nextDueDate) })}
            </Typography>
          )}
        </Stack>
      </Paper>
      {mayEdit && (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={save} disabled={!dirty || update.isPending}>
            {t('substitution.save')}
          </Button>
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            disabled={remove.isPending}
            onClick={() => setConfirmDelete(true)}
          >
            {t('substitution.delete')}
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title={t('substitution.delete')}
        text={t('substitution.deleteConfirm')}
        confirmLabel={t('substitution.delete')}
        destructive
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              notify(t('substitution.deleted'));
              void navigate('/substances/substitution');
            },
          })
        }
      />
      <PickerDialog<SubstanceChoice>
        title={t('substitution.pickerTitle')}
        searchLabel={t('substitution.pickerSearch')}
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onSelect={(rows) =>
          change(
            {
              substances: rows
                .slice(0, SUBSTITUTION_MAX_SUBSTANCES)
                .map(({ id, designation, casNumber }) => ({ id, designation, casNumber })),
            },
            ['substanceIds'],
          )
        }
        value={draft.substances.map((s) => s.id)}
        multiple
        allowEmpty
        source={SUBSTANCE_PICKER_SOURCE}
        columns={pickerColumns}
        getRowId={(row) => row.id}
        orderBy="designation"
      />
    </Stack>
  );
}
