import AddIcon from '@mui/icons-material/Add';
import ClearIcon from '@mui/icons-material/Clear';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import ContentPasteGoIcon from '@mui/icons-material/ContentPasteGo';
import DeleteIcon from '@mui/icons-material/Delete';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import LockIcon from '@mui/icons-material/Lock';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import {
  deriveClassification,
  GHS_PICTOGRAMS,
  type GhsPictogram as GhsCode,
  SIGNAL_WORDS,
} from '@schutzwerk/shared/substances/clp.ts';
import { SDS_UNCONFIRMED_LABEL } from '@schutzwerk/shared/substances/sds.schema.ts';
import {
  PHYSICAL_STATES,
  STORAGE_CLASSES,
  type Substance,
  type SubstanceDataOut,
  TRANSPORT_CATEGORIES,
  type UpdateSubstance,
  updateSubstanceSchema,
  WATER_HAZARD_CLASSES,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { SubstanceRegisterPanel } from '#features/substitution/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCatalogueEntries } from './api/catalogue-entries.ts';
import { useCreateSubstanceVersion } from './api/create-substance-version.ts';
import { useDeleteSubstance } from './api/delete-substance.ts';
import { useFixSubstanceVersion } from './api/fix-substance-version.ts';
import { substanceQueryOptions, useSubstance } from './api/get-substance.ts';
import { useSubstanceVersions } from './api/get-substance-versions.ts';
import { useReleaseSubstance } from './api/release-substance.ts';
import { useSubstanceSds } from './api/sds.ts';
import { useSetSubstanceActive } from './api/set-substance-active.ts';
import { useUpdateSubstance } from './api/update-substance.ts';
import { GhsPictogram } from './components/ghs-pictogram.tsx';
import {
  IngredientTemplatePickerDialog,
  ManufacturerPickerField,
} from './components/master-data-pickers.tsx';
import { ReleaseDialog } from './components/release-dialog.tsx';
import { SdsPanel } from './components/sds-panel.tsx';
import { StatementPickerDialog } from './components/statement-picker-dialog.tsx';
import { SubstanceUsagePanel } from './components/substance-usage.tsx';
import { VersionCompareDialog } from './components/version-compare-dialog.tsx';
import { issueMap } from './issue-map.ts';

export function SubstancePage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useSubstance(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('substances.editTitle')}
      back="/substances/list"
      notFoundHint={t('substances.notFound')}
      backLabel={t('substances.backToList')}
    >
      {(substance, key) => <SubstanceEditor key={key} substance={substance} />}
    </RecordPageLoader>
  );
}

type Draft = SubstanceDataOut & { responsible: EmployeePickerRow | null };
type TextKey = {
  [K in keyof SubstanceDataOut]: SubstanceDataOut[K] extends string ? K : never;
}[keyof SubstanceDataOut];

function draftOf(s: Substance): Draft {
  return {
    ...s.data,
    responsible:
      s.responsibleEmployeeId === null
        ? null
        : {
            id: s.responsibleEmployeeId,
            lastName: s.responsibleName ?? '',
            firstName: '',
            personnelNumber: '',
            departmentName: null,
          },
  };
}

function inputOf(draft: Draft, version: number): UpdateSubstance {
  const { responsible, ...data } = draft;
  // The selects only offer the allowed values; the server checks them again.
  return { ...data, responsibleEmployeeId: responsible?.id ?? null, version } as UpdateSubstance;
}

const SECTIONS = Array.from({ length: 16 }, (_, i) => i + 1);

function SubstanceEditor({ substance }: { substance: Substance }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateSubstance(substance.id);
  const remove = useDeleteSubstance(substance.id);
  const release = useReleaseSubstance(substance.id);
  const fix = useFixSubstanceVersion(substance.id);
  const newVersion = useCreateSubstanceVersion(substance.id);
  const setActive = useSetSubstanceActive(substance.id);
  const record = useVersionedDraft({
    record: substance,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...substanceQueryOptions(substance.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const versions = useSubstanceVersions(base.id, base.version);
  const productGroups = useCatalogueEntries('productGroup');
  const packageUnits = useCatalogueEntries('packageUnit');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [pickerOpen, setPickerOpen] = useState(false);
  const [templatePickerOpen, setTemplatePickerOpen] = useState(false);
  const [comparing, setComparing] = useState<{ id: number; number: number } | null>(null);
  // The list entry section 1 was filled from (its name as chosen; the saved version names it by id).
  const [manufacturerEntry, setManufacturerEntry] = useState<{ id: number; name: string } | null>(() =>
    base.data.manufacturerId === null
      ? null
      : { id: base.data.manufacturerId, name: base.data.manufacturerName },
  );
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(base.statementTexts.map((s) => [s.code, s.text])),
  );
  const [dialog, setDialog] = useState<'release' | 'fix' | 'version' | 'delete' | null>(null);
  const leaving = useRef(false);

  const canEdit = canAny([P.HAZMAT_EDIT]);
  // Fields whose value came from an SDS PDF and is not confirmed yet (decision 049).
  const sds = useSubstanceSds(substance.id);
  const unconfirmed = new Set(sds.data?.proposals.map((p) => p.field));
  const errors = { ...fieldErrors(update.error), ...localErrors };
  const saveError =
    update.error && !conflict && Object.keys(fieldErrors(update.error)).length === 0
      ? errorMessage(update.error, t)
      : null;
  const actionError = [release.error, fix.error, newVersion.error, setActive.error].find(Boolean);

  const save = () => {
    if (update.isPending) return;
    dismissNotification();
    const input = inputOf(draft, base.version);
    const local = issueMap(updateSubstanceSchema.safeParse(input).error);
    setLocalErrors(local);
    if (Object.keys(local).length > 0) {
      notify(t('substances.checkInput'), 'error');
      return;
    }
    const callbacks = record.onSave();
    update.mutate(input, {
      onSuccess: (saved) => {
        callbacks.onSuccess(saved.data);
        notify(
          saved.newVersion
            ? t('substances.savedNewVersion', { number: saved.data.current.number })
            : t('substances.saved'),
        );
      },
      onError: callbacks.onError,
    });
  };

  useToolbar({
    title: `${t('substances.editTitle')}: ${base.data.designation}`,
    back: '/substances/list',
    onSave: canEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);

  const derived = deriveClassification(draft.statements);
  const pictograms = draft.pictogramsOverride ?? derived.pictograms;
  const signalWord = draft.signalWordOverride ?? derived.signalWord;

  const text = (
    key: TextKey,
    options: { multiline?: boolean; required?: boolean; hint?: string; wide?: boolean } = {},
  ) => (
    <TextField
      key={key}
      label={t(`substances.fields.${key}`)}
      value={draft[key]}
      onChange={(e) => set({ [key]: e.target.value } as Partial<Draft>)}
      error={Boolean(errors[key])}
      helperText={errors[key] ?? (unconfirmed.has(key) ? SDS_UNCONFIRMED_LABEL : options.hint)}
      required={options.required}
      disabled={!canEdit}
      multiline={options.multiline}
      minRows={options.multiline ? 3 : undefined}
      sx={options.multiline || options.wide ? { gridColumn: '1 / -1' } : undefined}
    />
  );
  const decimal = (key: TextKey) => text(key, { hint: t('substances.hints.decimal') });
  const select = <V extends string | number>(
    key: keyof Draft,
    values: readonly V[],
    label: (v: V) => string,
    value: V | null | '',
    onChange: (v: V | null) => void,
  ) => (
    <TextField
      key={String(key)}
      select
      label={t(`substances.fields.${String(key)}`)}
      value={value === null ? '' : String(value)}
      onChange={(e) => {
        const raw = e.target.value;
        onChange(raw === '' ? null : (values.find((v) => String(v) === raw) ?? null));
      }}
      error={Boolean(errors[String(key)])}
      helperText={errors[String(key)] ?? (unconfirmed.has(String(key)) ? SDS_UNCONFIRMED_LABEL : undefined)}
      disabled={!canEdit}
    >
      <MenuItem value="">{t('substances.none')}</MenuItem>
      {values.map((v) => (
        <MenuItem key={String(v)} value={String(v)}>
          {label(v)}
        </MenuItem>
      ))}
    </TextField>
  );

  const section = (n: number, children: ReactNode) => (
    <Paper component="section" aria-labelledby={`sds-${n}`} sx={{ p: 2 }} key={n}>
      <Typography id={`sds-${n}`} variant="h6" component="h2" sx={{ mb: 2, scrollMarginTop: 80 }}>
        {t(`substances.sections.${n}`)}
      </Typography>
      {children}
    </Paper>
  );
  const grid = (children: ReactNode) => (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' }, gap: 2 }}
    >
      {children}
    </Box>
  );

  const rows = <K extends 'ingredients' | 'exposureLimits'>(
    key: K,
    fields: (keyof Draft[K][number] & string)[],
    empty: Draft[K][number],
    labels: { title: string; add: string; remove: string; fields: Record<string, string> },
    extra?: ReactNode,
  ) => (
    <Stack spacing={1.5} data-testid={`substance-${key}`}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {labels.title}
        </Typography>
        {canEdit && extra}
        {canEdit && (
          <Button
            startIcon={<AddIcon />}
            onClick={() => set({ [key]: [...draft[key], empty] } as Partial<Draft>)}
          >
            {labels.add}
          </Button>
        )}
      </Stack>
      {unconfirmed.has(key) && (
        <Typography variant="body2" color="warning.main" data-testid={`substance-${key}-unconfirmed`}>
          {SDS_UNCONFIRMED_LABEL}
        </Typography>
      )}
      {draft[key].length === 0 && <Typography color="text.secondary">{t('substances.noEntries')}</Typography>}
      {(draft[key] as Record<string, string>[]).map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
        <Stack key={i} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          {fields.map((field) => (
            <TextField
              key={field}
              size="small"
              label={labels.fields[field]}
              value={row[field] ?? ''}
              onChange={(e) =>
                set({
                  [key]: (draft[key] as Record<string, string>[]).map((r, j) =>
                    j === i ? { ...r, [field]: e.target.value } : r,
                  ),
                } as Partial<Draft>)
              }
              error={Boolean(errors[`${key}.${i}.${field}`])}
              helperText={errors[`${key}.${i}.${field}`]}
              disabled={!canEdit}
              sx={{
                flex: field === 'name' || field === 'classification' || field === 'info' ? 2 : 1,
                minWidth: 0,
              }}
            />
          ))}
          {canEdit && (
            <IconButton
              aria-label={labels.remove}
              onClick={() =>
                set({ [key]: (draft[key] as unknown[]).filter((_, j) => j !== i) } as Partial<Draft>)
              }
            >
              <ClearIcon />
            </IconButton>
          )}
        </Stack>
      ))}
    </Stack>
  );

  const catalogueOptions = (
    entries: { id: number; name: string }[] | undefined,
    key: 'productGroupId' | 'packageUnitId',
  ) =>
    select(
      key,
      (entries ?? []).map((e) => e.id),
      (id) => entries?.find((e) => e.id === id)?.name ?? String(id),
      draft[key],
      (v) => set({ [key]: v } as Partial<Draft>),
    );

  const adopt = (message: string) => (fresh: Substance) => {
    record.adopt(fresh);
    setDialog(null);
    notify(message);
  };
  const actionsBlocked = dirty;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {conflict && (
        <ConflictAlert
          message={t('substances.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            update.reset();
          }}
        />
      )}
      {saveError && <Alert severity="error">{saveError}</Alert>}
      {!base.active && <Alert severity="warning">{t('substances.inactiveAlert')}</Alert>}
      {base.blacklistHits.length > 0 && (
        <Alert severity="warning" data-testid="blacklist-warning">
          <AlertTitle>{t('substances.blacklistTitle')}</AlertTitle>
          {base.blacklistHits.map((hit) => (
            <div key={`${hit.list}-${hit.code}`}>
              {t('substances.blacklistHit', { code: hit.code, list: t(`substances.blacklists.${hit.list}`) })}
            </div>
          ))}
        </Alert>
      )}

      <Paper sx={{ p: 2 }} data-testid="substance-status">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('substances.status')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography data-testid="substance-version">
            {t('substances.versionLine', {
              number: base.current.number,
              date: formatDate(base.current.createdAt),
            })}
          </Typography>
          {base.current.fixed && <Chip size="small" icon={<LockIcon />} label={t('substances.fixedChip')} />}
          <Chip
            size="small"
            data-testid="substance-release-state"
            color={
              base.releaseState === 'agreed'
                ? 'success'
                : base.releaseState === 'notAgreed'
                  ? 'error'
                  : 'default'
            }
            label={t(`substances.releaseStates.${base.releaseState}`)}
          />
          {base.releasedAt && base.releasedByName && (
            <Typography variant="body2" color="text.secondary">
              {t('substances.releasedBy', {
                state: t(`substances.releaseStates.${base.releaseState}`),
                name: base.releasedByName,
                date: formatDate(base.releasedAt),
              })}
              {base.releaseComment ? ` – ${base.releaseComment}` : ''}
            </Typography>
          )}
        </Stack>
        {actionError ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(actionError, t)}
          </Alert>
        ) : null}
        {actionsBlocked && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('substances.unsavedFirst')}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
          {canAny([P.HAZMAT_RELEASE]) && (
            <Button
              variant="outlined"
              startIcon={<VerifiedIcon />}
              disabled={actionsBlocked}
              onClick={() => setDialog('release')}
            >
              {t('substances.release')}
            </Button>
          )}
          {canAny([P.HAZMAT_VERSION]) && (
            <>
              <Button
                startIcon={<LibraryAddIcon />}
                disabled={actionsBlocked}
                onClick={() => setDialog('version')}
              >
                {t('substances.newVersion')}
              </Button>
              {!base.current.fixed && (
                <Button startIcon={<LockIcon />} disabled={actionsBlocked} onClick={() => setDialog('fix')}>
                  {t('substances.fix')}
                </Button>
              )}
            </>
          )}
          {canAny([P.HAZMAT_ACTIVATE]) && (
            <Button
              startIcon={base.active ? <ToggleOffIcon /> : <ToggleOnIcon />}
              disabled={actionsBlocked || setActive.isPending}
              onClick={() =>
                setActive.mutate(
                  { version: base.version, active: !base.active },
                  { onSuccess: adopt(base.active ? t('substances.deactivated') : t('substances.activated')) },
                )
              }
            >
              {base.active ? t('substances.deactivate') : t('substances.activate')}
            </Button>
          )}
          {canAny([P.HAZMAT_DELETE]) && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              disabled={actionsBlocked}
              onClick={() => setDialog('delete')}
            >
              {t('substances.delete')}
            </Button>
          )}
        </Stack>
      </Paper>
      {/* Who uses the substance (decision 054): assessments' hazards; they block inactivating and deleting. */}
      <SubstanceUsagePanel substanceId={base.id} stamp={base.version} />
      {/* Register fields and the data-sheet release (decision 050); they share the record version. */}
      <SubstanceRegisterPanel
        substanceId={base.id}
        substanceVersion={base.version}
        disabled={actionsBlocked}
        onChanged={() =>
          void queryClient
            .fetchQuery({ ...substanceQueryOptions(base.id), staleTime: 0 })
            .then((fresh) => record.adopt(fresh))
        }
      />

      <SdsPanel
        substance={base}
        blocked={actionsBlocked}
        onSubstanceChanged={(fresh) => record.adopt(fresh)}
      />

      <Box
        component="nav"
        aria-label={t('substances.sectionsNav')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {SECTIONS.map((n) => (
          <Link key={n} href={`#sds-${n}`} underline="hover" variant="body2">
            {t(`substances.sections.${n}`).split(' ')[0]}{' '}
            {t(`substances.sections.${n}`).split(' ').slice(1, 3).join(' ')}
          </Link>
        ))}
      </Box>

      {section(
        1,
        grid(
          <>
            {text('designation', { required: true })}
            {text('synonym')}
            {select(
              'substanceType',
              [1, 2, 3] as const,
              (v) => t(`substances.types.${v}`),
              draft.substanceType,
              (v) => set({ substanceType: v ?? 1 }),
            )}
            {text('casNumber', { hint: t('substances.hints.casNumber') })}
            {text('ecNumber', { hint: t('substances.hints.ecNumber') })}
            {text('reachNumber')}
            {text('ean')}
            {text('barcode')}
            {text('manufacturerNumber')}
            {catalogueOptions(productGroups.data, 'productGroupId')}
            {catalogueOptions(packageUnits.data, 'packageUnitId')}
            {text('requestor')}
            <ManufacturerPickerField
              value={draft.manufacturerId === null ? null : manufacturerEntry}
              disabled={!canEdit}
              error={errors.manufacturerId}
              hint={unconfirmed.has('manufacturerId') ? SDS_UNCONFIRMED_LABEL : undefined}
              onChange={(m) => {
                if (m === null) {
                  set({ manufacturerId: null });
                  return;
                }
                setManufacturerEntry({ id: m.id, name: m.name });
                set({
                  manufacturerId: m.id,
                  manufacturerName: m.name,
                  manufacturerAddress: m.address,
                  manufacturerZipcode: m.zipcode,
                  manufacturerCity: m.city,
                  manufacturerCountry: m.country,
                  manufacturerPhone: m.phone,
                  manufacturerEmergencyPhone: m.emergencyPhone,
                  manufacturerEmail: m.email,
                });
              }}
            />
            {text('manufacturerName')}
            {text('manufacturerAddress')}
            {text('manufacturerZipcode')}
            {text('manufacturerCity')}
            {text('manufacturerCountry')}
            {text('manufacturerCountryCode')}
            {text('manufacturerPhone')}
            {text('manufacturerEmergencyPhone')}
            {text('manufacturerEmail')}
            <EmployeePickerField
              label={t('substances.fields.responsible')}
              value={draft.responsible}
              onChange={(responsible) => set({ responsible })}
              disabled={!canEdit}
              error={Boolean(errors.responsibleEmployeeId)}
              helperText={errors.responsibleEmployeeId}
            />
          </>,
        ),
      )}

      {section(
        2,
        <Stack spacing={2}>
          <Box data-testid="substance-label">
            <Typography variant="subtitle1" component="h3">
              {t('substances.label')}
            </Typography>
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, my: 1 }}
            >
              {pictograms.length === 0 && (
                <Typography color="text.secondary">{t('substances.noPictograms')}</Typography>
              )}
              {pictograms.map((p) => (
                <GhsPictogram key={p} code={p} />
              ))}
              <Typography variant="h6" component="p" data-testid="substance-signal-word" sx={{ ml: 1 }}>
                {t(`substances.signalWords.${signalWord}`)}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('substances.derivedLabel', {
                signal: [...derived.pictograms, t(`substances.signalWords.${derived.signalWord}`)].join(', '),
              })}
            </Typography>
            <Typography
              variant="body2"
              data-testid="substance-cmr"
              sx={{ fontWeight: derived.cmr ? 600 : undefined }}
            >
              {derived.cmr ? t('substances.cmrFlag') : t('substances.notCmr')}
            </Typography>
          </Box>
          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
                {t('substances.statements')}
              </Typography>
              {canEdit && (
                <Button startIcon={<PlaylistAddIcon />} onClick={() => setPickerOpen(true)}>
                  {t('substances.pickStatements')}
                </Button>
              )}
            </Stack>
            {errors.statements && (
              <Typography color="error" role="alert">
                {errors.statements}
              </Typography>
            )}
            {draft.statements.length === 0 && (
              <Typography color="text.secondary">{t('substances.noStatements')}</Typography>
            )}
            <Stack
              component="ul"
              spacing={0.5}
              sx={{ listStyle: 'none', p: 0, m: 0 }}
              data-testid="substance-statements"
            >
              {draft.statements.map((code) => (
                <Stack component="li" key={code} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600, minWidth: 130 }}>{code}</Typography>
                  <Typography sx={{ flex: 1 }}>{texts[code] ?? ''}</Typography>
                  {canEdit && (
                    <IconButton
                      size="small"
                      aria-label={t('substances.removeStatement', { code })}
                      onClick={() => set({ statements: draft.statements.filter((c) => c !== code) })}
                    >
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              ))}
            </Stack>
          </Box>
          {grid(
            <>
              <TextField
                select
                label={t('substances.overrideSignal')}
                value={draft.signalWordOverride ?? ''}
                onChange={(e) =>
                  set({
                    signalWordOverride:
                      e.target.value === '' ? null : (e.target.value as Draft['signalWordOverride']),
                  })
                }
                disabled={!canEdit}
              >
                <MenuItem value="">{t('substances.derived')}</MenuItem>
                {SIGNAL_WORDS.map((w) => (
                  <MenuItem key={w} value={w}>
                    {t(`substances.signalWords.${w}`)}
                  </MenuItem>
                ))}
              </TextField>
              {text('overrideReason', { wide: true })}
            </>,
          )}
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.pictogramsOverride !== null}
                  disabled={!canEdit}
                  onChange={(e) =>
                    set({ pictogramsOverride: e.target.checked ? [...derived.pictograms] : null })
                  }
                />
              }
              label={t('substances.overridePictograms')}
            />
            {draft.pictogramsOverride !== null && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {GHS_PICTOGRAMS.map((p: GhsCode) => (
                  <FormControlLabel
                    key={p}
                    control={
                      <Checkbox
                        checked={draft.pictogramsOverride?.includes(p) ?? false}
                        disabled={!canEdit}
                        onChange={(e) => {
                          const current = draft.pictogramsOverride ?? [];
                          const next = e.target.checked ? [...current, p] : current.filter((x) => x !== p);
                          set({ pictogramsOverride: GHS_PICTOGRAMS.filter((x) => next.includes(x)) });
                        }}
                      />
                    }
                    label={`${p} ${t(`substances.pictograms.${p}`)}`}
                  />
                ))}
              </Box>
            )}
          </Box>
          {text('rsStatements', { multiline: true })}
        </Stack>,
      )}

      {section(
        3,
        rows(
          'ingredients',
          ['name', 'casNumber', 'ecNumber', 'percentMin', 'percentMax', 'formula', 'classification'],
          {
            name: '',
            casNumber: '',
            ecNumber: '',
            percentMin: '',
            percentMax: '',
            formula: '',
            classification: '',
          },
          {
            title: t('substances.ingredients'),
            add: t('substances.addIngredient'),
            remove: t('substances.removeIngredient'),
            fields: {
              name: t('substances.ingredient.name'),
              casNumber: t('substances.ingredient.casNumber'),
              ecNumber: t('substances.ingredient.ecNumber'),
              percentMin: t('substances.ingredient.percentMin'),
              percentMax: t('substances.ingredient.percentMax'),
              formula: t('substances.ingredient.formula'),
              classification: t('substances.ingredient.classification'),
            },
          },
          <Button startIcon={<ContentPasteGoIcon />} onClick={() => setTemplatePickerOpen(true)}>
            {t('substances.templatePicker.open')}
          </Button>,
        ),
      )}
      {section(4, grid(text('firstAid', { multiline: true })))}
      {section(5, grid(text('fireFighting', { multiline: true })))}
      {section(6, grid(text('accidentalRelease', { multiline: true })))}
      {section(
        7,
        grid(
          <>
            {select(
              'storageClass',
              STORAGE_CLASSES,
              (v) => v,
              draft.storageClass,
              (v) => set({ storageClass: v ?? '' }),
            )}
            {text('handlingStorage', { multiline: true })}
          </>,
        ),
      )}
      {section(
        8,
        <Stack spacing={2}>
          {rows(
            'exposureLimits',
            ['basis', 'value', 'unit', 'info'],
            { basis: 'AGW (TRGS 900)', value: '', unit: 'mg/m³', info: '' },
            {
              title: t('substances.exposureLimits'),
              add: t('substances.addExposureLimit'),
              remove: t('substances.removeExposureLimit'),
              fields: {
                basis: t('substances.exposureLimit.basis'),
                value: t('substances.exposureLimit.value'),
                unit: t('substances.exposureLimit.unit'),
                info: t('substances.exposureLimit.info'),
              },
            },
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.biomonitoring}
                disabled={!canEdit}
                onChange={(e) => set({ biomonitoring: e.target.checked })}
              />
            }
            label={t('substances.fields.biomonitoring')}
          />
          {grid(text('biomonitoringReason', { wide: true }))}
        </Stack>,
      )}
      {section(
        9,
        grid(
          <>
            {select(
              'physicalState',
              PHYSICAL_STATES,
              (v) => t(`substances.physicalStates.${v}`),
              draft.physicalState,
              (v) => set({ physicalState: v ?? '' }),
            )}
            {text('appearance')}
            {text('scent')}
            {decimal('ph')}
            {decimal('meltingPoint')}
            {decimal('boilingPoint')}
            {decimal('flashPoint')}
            {decimal('ignitionPoint')}
            {decimal('explosionLimitLower')}
            {decimal('explosionLimitUpper')}
            {decimal('vapourPressure')}
            {text('vapourPressureUnit')}
            {decimal('vapourPressureTemperature')}
            {decimal('vapourDensity')}
            {decimal('density')}
            {decimal('relativeDensity')}
            {decimal('molecularWeight')}
          </>,
        ),
      )}
      {section(10, grid(text('stabilityReactivity', { multiline: true })))}
      {section(11, grid(text('toxicology', { multiline: true })))}
      {section(
        12,
        grid(
          <>
            {select(
              'waterHazardClass',
              WATER_HAZARD_CLASSES,
              (v) => t(`substances.waterHazardClasses.${v}`),
              draft.waterHazardClass,
              (v) => set({ waterHazardClass: v ?? '' }),
            )}
            {text('ecology', { multiline: true })}
          </>,
        ),
      )}
      {section(
        13,
        grid(
          <>
            {text('wasteKey1', { hint: t('substances.hints.wasteKey') })}
            {text('wasteKey2', { hint: t('substances.hints.wasteKey') })}
            {text('wasteKey3', { hint: t('substances.hints.wasteKey') })}
          </>,
        ),
      )}
      {section(
        14,
        grid(
          <>
            {text('unNumber')}
            {text('shippingDescription')}
            {select(
              'transportCategory',
              TRANSPORT_CATEGORIES,
              (v) => String(v),
              draft.transportCategory,
              (v) => set({ transportCategory: v }),
            )}
            {text('adrRid')}
            {text('iata')}
            {text('imdg')}
          </>,
        ),
      )}
      {section(
        15,
        grid(
          <>
            {text('guegClassification')}
            {text('incidentOrdinance')}
            {text('regulations', { multiline: true })}
          </>,
        ),
      )}
      {section(
        16,
        grid(
          <>
            {text('comments', { multiline: true })}
            {text('extraInfo', { multiline: true })}
          </>,
        ),
      )}

      <Paper component="section" aria-labelledby="substance-versions" sx={{ p: 2, overflowX: 'auto' }}>
        <Typography id="substance-versions" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('substances.versions')}
        </Typography>
        <Table size="small" aria-label={t('substances.versionsCaption')} data-testid="substance-versions">
          <TableHead>
            <TableRow>
              <TableCell>{t('substances.versionNumber')}</TableCell>
              <TableCell>{t('substances.versionCreated')}</TableCell>
              <TableCell>{t('substances.versionCreatedBy')}</TableCell>
              <TableCell>{t('substances.versionFixed')}</TableCell>
              <TableCell>{t('substances.compare.open')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(versions.data ?? []).map((v) => (
              <TableRow key={v.id} selected={v.id === base.current.id}>
                <TableCell>{v.number}</TableCell>
                <TableCell>{formatDate(v.createdAt)}</TableCell>
                <TableCell>{v.createdByName}</TableCell>
                <TableCell>{v.fixed ? t('substances.yes') : t('substances.no')}</TableCell>
                <TableCell>
                  {v.id !== base.current.id && (
                    <Button
                      size="small"
                      startIcon={<CompareArrowsIcon />}
                      aria-label={t('substances.compare.openLabel', { number: v.number })}
                      onClick={() => setComparing({ id: v.id, number: v.number })}
                    >
                      {t('substances.compare.open')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>

      {comparing && (
        <VersionCompareDialog
          substanceId={base.id}
          old={comparing}
          current={{ number: base.current.number, data: base.data }}
          names={(key, id) =>
            (key === 'productGroupId' ? productGroups.data : packageUnits.data)?.find((e) => e.id === id)
              ?.name ?? String(id)
          }
          onClose={() => setComparing(null)}
        />
      )}
      <IngredientTemplatePickerDialog
        open={templatePickerOpen}
        onClose={() => setTemplatePickerOpen(false)}
        onSelect={(template) => {
          set({
            ingredients: [
              ...draft.ingredients,
              {
                name: template.name,
                casNumber: template.casNumber,
                ecNumber: template.ecNumber,
                percentMin: '',
                percentMax: '',
                formula: template.formula,
                classification: template.classification,
              },
            ],
          });
          notify(t('substances.templatePicker.added', { name: template.name }));
        }}
      />
      <StatementPickerDialog
        open={pickerOpen}
        value={draft.statements}
        onClose={() => setPickerOpen(false)}
        onSelect={(picked) => {
          setPickerOpen(false);
          setTexts((current) => ({ ...current, ...Object.fromEntries(picked.map((s) => [s.code, s.text])) }));
          // Keep the order of those already chosen, append the new ones in catalogue order.
          const codes = picked.map((s) => s.code);
          set({
            statements: [
              ...draft.statements.filter((c) => codes.includes(c)),
              ...codes.filter((c) => !draft.statements.includes(c)),
            ],
          });
        }}
      />
      {dialog === 'release' && (
        <ReleaseDialog
          open
          name={base.data.designation}
          versionNumber={base.current.number}
          canDeactivate={canAny([P.HAZMAT_ACTIVATE]) && base.active}
          pending={release.isPending}
          error={release.error}
          onClose={() => {
            release.reset();
            setDialog(null);
          }}
          onDecide={(decision) =>
            release.mutate(
              { version: base.version, ...decision },
              {
                onSuccess: adopt(
                  decision.agreed
                    ? t('substances.agreed', { number: base.current.number })
                    : t('substances.notAgreed'),
                ),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={dialog === 'fix'}
        title={t('substances.fixTitle')}
        text={t('substances.fixText', { number: base.current.number })}
        confirmLabel={t('substances.fix')}
        error={fix.error}
        pending={fix.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          fix.mutate(base.version, {
            onSuccess: adopt(t('substances.fixed', { number: base.current.number })),
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'version'}
        title={t('substances.newVersionTitle')}
        text={t('substances.newVersionText', { number: base.current.number + 1 })}
        confirmLabel={t('substances.newVersion')}
        error={newVersion.error}
        pending={newVersion.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          newVersion.mutate(base.version, {
            onSuccess: adopt(t('substances.newVersionCreated', { number: base.current.number + 1 })),
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        destructive
        title={t('substances.deleteTitle')}
        text={t('substances.deleteText', { name: base.data.designation })}
        confirmLabel={t('substances.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => {
          remove.reset();
          setDialog(null);
        }}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setDialog(null);
              notify(t('substances.deleted'));
              void navigate('/substances/list', { replace: true });
            },
          })
        }
      />
      {unsavedDialog}
    </Stack>
  );
}
