import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExtensionIcon from '@mui/icons-material/Extension';
import FolderIcon from '@mui/icons-material/Folder';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHECKLIST_MODULES, type ChecklistRight } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  type CollectionRow,
  type QuestionnaireType,
  type Segment,
  updateQuestionnaireTypeSchema,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import { RightsEditor } from '#features/checklists/index.ts';
import { HazardBrickPickerDialog } from '#features/hazard-bricks/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import {
  COLLECTION_SOURCE,
  useDeleteQuestionnaireType,
  useQuestionnaireType,
  useSaveQuestionnaireType,
} from '../api/questionnaires-api.ts';

type Row = Omit<Segment, 'rights'> & {
  collectionLabel: string | null;
  brickTitle: string | null;
  rights: (ChecklistRight & { name?: string })[];
};
type Props = { id: number | null; onClose: (changed: boolean) => void };

/** Creates or edits a questionnaire type: title, module, active and its tree of segments. */
export function TypeDialog({ id, onClose }: Props) {
  const loaded = useQuestionnaireType(id);
  if (id !== null && !loaded.data) return null;
  return <TypeForm key={id ?? 'new'} type={loaded.data ?? null} onClose={onClose} />;
}

function TypeForm({
  type,
  onClose,
}: {
  type: QuestionnaireType | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveQuestionnaireType(type?.id ?? null);
  const remove = useDeleteQuestionnaireType(type?.id ?? 0);
  const [title, setTitle] = useState(type?.title ?? '');
  const [module, setModule] = useState<string>(type?.module ?? 'hazard_analysis');
  const [active, setActive] = useState(type?.active ?? true);
  const [rows, setRows] = useState<Row[]>(type?.segments ?? []);
  const [picking, setPicking] = useState<{ key: number; what: 'collection' | 'brick' } | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [rightsOf, setRightsOf] = useState<number | null>(null);
  const rightsRow = rows.find((r) => r.key === rightsOf);
  const failure = save.error ?? remove.error;
  const conflict = isApiError(failure) && failure.code === 'CONFLICT';
  const message =
    local ?? (failure ? (conflict ? t('questionnaires.conflict') : errorMessage(failure, t)) : null);

  const patch = (key: number, values: Partial<Row>) =>
    setRows(rows.map((r) => (r.key === key ? { ...r, ...values } : r)));
  const addSegment = () => {
    const key = Math.max(0, ...rows.map((r) => r.key)) + 1;
    setRows([
      ...rows,
      {
        key,
        parentKey: null,
        label: '',
        segment: String(key),
        collectionId: null,
        brickId: null,
        collectionLabel: null,
        brickTitle: null,
        rights: [],
      },
    ]);
  };
  const removeSegment = (key: number) =>
    setRows(
      rows.filter((r) => r.key !== key).map((r) => (r.parentKey === key ? { ...r, parentKey: null } : r)),
    );

  const submit = () => {
    const segments = rows.map(({ collectionLabel: _c, brickTitle: _b, rights, ...s }) => ({
      ...s,
      rights: rights.map(({ kind, id, edit }) => ({ kind, id, edit })),
    }));
    const input = { version: type?.version ?? 1, title, module, active, segments };
    const checked = updateQuestionnaireTypeSchema.safeParse(input);
    setLocal(checked.error?.issues[0]?.message ?? null);
    if (!checked.success) return;
    const { version: _v, ...create } = checked.data;
    save.mutate(type ? checked.data : create, { onSuccess: () => onClose(true) });
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {type ? t('questionnaires.type.editTitle') : t('questionnaires.type.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
          <TextField
            required
            autoFocus
            label={t('questionnaires.fields.title')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              sx={{ minWidth: 240 }}
              label={t('questionnaires.fields.module')}
              value={module}
              onChange={(e) => setModule(e.target.value)}
            >
              {CHECKLIST_MODULES.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`checklists.modules.${m}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={active} onChange={(e) => setActive(e.target.checked)} />}
              label={t('questionnaires.fields.active')}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('questionnaires.fields.segments')}
          </Typography>
          {rows.length === 0 && (
            <Typography color="text.secondary">{t('questionnaires.type.noSegments')}</Typography>
          )}
          {rows.map((r) => (
            <Paper key={r.key} variant="outlined" sx={{ p: 1.5 }} data-testid={`segment-${r.key}`}>
              <Stack spacing={1.5}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'center' }}>
                  <TextField
                    size="small"
                    sx={{ width: 110 }}
                    label={t('questionnaires.fields.segment')}
                    value={r.segment}
                    onChange={(e) => patch(r.key, { segment: e.target.value })}
                  />
                  <TextField
                    size="small"
                    required
                    sx={{ flex: 1 }}
                    label={t('questionnaires.fields.label')}
                    value={r.label}
                    onChange={(e) => patch(r.key, { label: e.target.value })}
                  />
                  <TextField
                    select
                    size="small"
                    sx={{ minWidth: 200 }}
                    label={t('questionnaires.fields.parent')}
                    value={r.parentKey ?? ''}
                    onChange={(e) =>
                      patch(r.key, { parentKey: e.target.value === '' ? null : Number(e.target.value) })
                    }
                  >
                    <MenuItem value="">{t('questionnaires.noParent')}</MenuItem>
                    {rows
                      .filter((o) => o.key !== r.key)
                      .map((o) => (
                        <MenuItem key={o.key} value={o.key}>
                          {`${o.segment} ${o.label}`.trim()}
                        </MenuItem>
                      ))}
                  </TextField>
                  <IconButton
                    aria-label={t('questionnaires.type.removeSegment', { segment: r.segment || r.key })}
                    onClick={() => removeSegment(r.key)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                  <PickerField
                    label={t('questionnaires.fields.collection')}
                    value={r.collectionLabel ?? ''}
                    required
                    onOpen={() => setPicking({ key: r.key, what: 'collection' })}
                    onClear={() => patch(r.key, { collectionId: null, collectionLabel: null })}
                    clearLabel={t('questionnaires.type.clear')}
                    choose={{ label: t('questionnaires.type.chooseCollection'), icon: <FolderIcon /> }}
                  />
                  <PickerField
                    label={t('questionnaires.fields.brick')}
                    value={r.brickTitle ?? ''}
                    onOpen={() => setPicking({ key: r.key, what: 'brick' })}
                    onClear={() => patch(r.key, { brickId: null, brickTitle: null })}
                    clearLabel={t('questionnaires.type.clear')}
                    choose={{ label: t('questionnaires.type.chooseBrick'), icon: <ExtensionIcon /> }}
                  />
                  <Button
                    startIcon={<LockPersonIcon />}
                    aria-label={t('questionnaires.rights.button', { segment: r.segment || r.key })}
                    onClick={() => setRightsOf(r.key)}
                    sx={{ flexShrink: 0 }}
                  >
                    {t('questionnaires.rights.count', { count: r.rights.length })}
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          ))}
          <Button startIcon={<AddIcon />} onClick={addSegment} sx={{ alignSelf: 'flex-start' }}>
            {t('questionnaires.type.addSegment')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        {type && (
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate(type.version, { onSuccess: () => onClose(true) })}
          >
            {t('questionnaires.delete')}
          </Button>
        )}
        <Button onClick={() => onClose(false)}>{t('questionnaires.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('questionnaires.save')}
        </Button>
      </DialogActions>
      <PickerDialog<CollectionRow>
        open={picking?.what === 'collection'}
        onClose={() => setPicking(null)}
        source={COLLECTION_SOURCE}
        columns={[{ id: 'label', header: t('questionnaires.fields.label'), render: (c) => c.label, grow: 1 }]}
        getRowId={(c) => c.id}
        onSelect={([c]) => {
          if (c && picking) patch(picking.key, { collectionId: c.id, collectionLabel: c.label });
          setPicking(null);
        }}
      />
      <Dialog
        open={rightsRow !== undefined}
        onClose={() => setRightsOf(null)}
        fullWidth
        maxWidth="md"
        aria-labelledby={`${titleId}-rights`}
      >
        <DialogTitle id={`${titleId}-rights`}>
          {t('questionnaires.rights.title', {
            segment: rightsRow ? `${rightsRow.segment} ${rightsRow.label}`.trim() : '',
          })}
        </DialogTitle>
        <DialogContent>
          {rightsRow && (
            <RightsEditor
              rights={rightsRow.rights}
              disabled={false}
              error={undefined}
              hint={t('questionnaires.rights.hint')}
              onChange={(rights) => patch(rightsRow.key, { rights })}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setRightsOf(null)}>
            {t('questionnaires.rights.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <HazardBrickPickerDialog
        open={picking?.what === 'brick'}
        onClose={() => setPicking(null)}
        variant="all"
        onSelect={([b]) => {
          if (b && picking) patch(picking.key, { brickId: b.id, brickTitle: b.title });
          setPicking(null);
        }}
      />
    </Dialog>
  );
}
