import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACTION_TYPE_LABELS,
  ACTION_TYPES,
  type Action,
  type ActionType,
  actionFieldsSchema,
  EFFECTIVENESS,
  EFFECTIVENESS_LABELS,
  type Effectiveness,
  type ExecutorKind,
  GENERAL_SOURCE,
  IMMEDIATE_FLAG_LABELS,
  IMMEDIATE_FLAGS,
  type ImmediateFlag,
  type Person,
} from '@schutzwerk/shared/actions/actions.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { LocationPickerField, type TreeChoice } from '#components/picker-field/tree-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateAction } from '../api/create-action.ts';
import { useDeleteAction } from '../api/delete-action.ts';
import { actionQueryOptions } from '../api/get-action.ts';
import { useUpdateAction } from '../api/update-action.ts';
import { PeopleField } from './people-field.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Called after a save or delete (the caller reloads its list). */
  onSaved: () => void;
  sourceType: string;
  sourceId: number;
  /** The action to edit; null creates a new one. */
  action: Action | null;
  readOnly?: boolean;
};

type Draft = {
  designation: string;
  description: string;
  type: ActionType | '';
  dueDate: string;
  done: boolean;
  location: TreeChoice | null;
  responsible: Person | null;
  executorKind: ExecutorKind;
  executor: Person | null;
  externalExecutor: string;
  participants: Person[];
  observers: Person[];
  affected: Person[];
  informational: boolean;
  immediateFlags: number;
  effectiveness: Effectiveness;
  effectivenessCheckedOn: string;
  effectivenessCheckedBy: Person | null;
};

const EMPTY: Draft = {
  designation: '',
  description: '',
  type: '',
  dueDate: '',
  done: false,
  location: null,
  responsible: null,
  executorKind: 'employee',
  executor: null,
  externalExecutor: '',
  participants: [],
  observers: [],
  affected: [],
  informational: false,
  immediateFlags: 0,
  effectiveness: 'notChecked',
  effectivenessCheckedOn: '',
  effectivenessCheckedBy: null,
};

function draftOf(action: Action | null): Draft {
  if (!action) return EMPTY;
  return {
    designation: action.designation,
    description: action.description,
    type: action.type ?? '',
    dueDate: action.dueDate ?? '',
    done: action.done,
    location: action.location,
    responsible: action.responsible,
    executorKind: action.executorKind,
    executor: action.executor,
    externalExecutor: action.externalExecutor,
    participants: action.participants,
    observers: action.observers,
    affected: action.affected,
    informational: action.informational,
    immediateFlags: action.immediateFlags,
    effectiveness: action.effectiveness,
    effectivenessCheckedOn: action.effectivenessCheckedOn ?? '',
    effectivenessCheckedBy: action.effectivenessCheckedBy,
  };
}

function toInput(d: Draft) {
  return {
    designation: d.designation,
    description: d.description,
    type: d.type === '' ? null : d.type,
    dueDate: d.dueDate || null,
    done: d.done,
    locationId: d.location?.id ?? null,
    responsibleId: d.responsible?.id ?? 0,
    executorKind: d.executorKind,
    executorId: d.executorKind === 'employee' ? (d.executor?.id ?? null) : null,
    externalExecutor: d.executorKind === 'external' ? d.externalExecutor : '',
    participantIds: d.participants.map((p) => p.id),
    observerIds: d.observers.map((p) => p.id),
    affectedIds: d.affected.map((p) => p.id),
    informational: d.informational,
    immediateFlags: d.immediateFlags,
    effectiveness: d.effectiveness,
    effectivenessCheckedOn: d.effectiveness === 'notChecked' ? null : d.effectivenessCheckedOn || null,
    effectivenessCheckedById:
      d.effectiveness === 'notChecked' ? null : (d.effectivenessCheckedBy?.id ?? null),
  };
}

const asPickerRow = (p: Person | null) => (p ? { ...p, departmentName: null } : null);
const asPerson = (r: { id: number; lastName: string; firstName: string; personnelNumber: string } | null) =>
  r ? { id: r.id, lastName: r.lastName, firstName: r.firstName, personnelNumber: r.personnelNumber } : null;

/**
 * Create or edit one action with all its fields. German messages come from the shared schema (checked
 * before sending) and from the server; a 409 keeps what the user typed and offers 'Neu laden'.
 */
export function ActionDialog(props: Props) {
  const { open, onClose, action } = props;
  // Each opening (or switch to another action) starts a new form; closing keeps it while the dialog fades.
  const id = action?.id ?? null;
  const [session, setSession] = useState({ open, id, n: 0 });
  if (session.open !== open || (open && session.id !== id)) {
    setSession({ open, id, n: open ? session.n + 1 : session.n });
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="action-dialog-title">
      <ActionForm key={session.n} {...props} />
    </Dialog>
  );
}

function ActionForm({ onClose, onSaved, sourceType, sourceId, action, readOnly }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const create = useCreateAction();
  const update = useUpdateAction();
  const remove = useDeleteAction();
  const record = useVersionedDraft({
    record: action,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery(actionQueryOptions(action?.id ?? 0)),
  });
  // `base`, not the prop: the caller drops the action when the dialog closes, the form stays while it fades.
  const { base, draft, set, conflict } = record;
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [deleteOpen, setDeleteOpen] = useState(false);
  const mutation = base ? update : create;

  // A newer version while the dialog is open (someone saved, the query refetched): the fields the user did
  // not touch take the new values, the touched ones keep the user's input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebases only when a newer version arrives.
  useEffect(() => {
    if (action && base && action.version > base.version) {
      record.rebaseOn(action);
      update.reset();
    }
  }, [action?.version]);

  const reloadLatest = async () => {
    await record.reloadLatest();
    update.reset();
  };

  const serverErrors = fieldErrors(mutation.error);
  const errors = { ...serverErrors, ...localErrors };
  const isGeneral = sourceType === GENERAL_SOURCE;
  const disabled = Boolean(readOnly) || (base !== null && !base.canEdit);
  const generalError =
    mutation.error && !conflict && Object.keys(serverErrors).length === 0
      ? errorMessage(mutation.error, t)
      : null;

  const save = () => {
    const input = toInput(draft);
    const checked = actionFieldsSchema.safeParse(input);
    const local: Record<string, string> = {};
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (key && !(key in local)) local[key] = issue.message;
      }
    if (draft.responsible === null) local.responsibleId = t('actions.responsibleRequired');
    if (isGeneral && draft.location === null) local.locationId = t('actions.locationRequired');
    setLocalErrors(local);
    if (Object.keys(local).length > 0) return;
    const done = () => {
      notify(base ? t('actions.saved') : t('actions.created'));
      onSaved();
    };
    if (base) update.mutate({ id: base.id, input: { ...input, version: base.version } }, record.onSave(done));
    else create.mutate({ ...input, sourceType, sourceId }, { onSuccess: done });
  };

  const toggleFlag = (flag: ImmediateFlag, on: boolean) =>
    set({
      immediateFlags: on
        ? draft.immediateFlags | IMMEDIATE_FLAGS[flag]
        : draft.immediateFlags & ~IMMEDIATE_FLAGS[flag],
    });

  return (
    <>
      <DialogTitle id="action-dialog-title">
        {base ? t('actions.editTitle') : t('actions.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            autoFocus
            required
            label={t('actions.designation')}
            value={draft.designation}
            onChange={(e) => set({ designation: e.target.value })}
            error={Boolean(errors.designation)}
            helperText={errors.designation}
            disabled={disabled}
            fullWidth
          />
          <TextField
            label={t('actions.description')}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
            error={Boolean(errors.description)}
            helperText={errors.description}
            disabled={disabled}
            multiline
            minRows={2}
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('actions.type')}
              value={draft.type}
              onChange={(e) => set({ type: e.target.value as ActionType | '' })}
              error={Boolean(errors.type)}
              helperText={errors.type ?? t('actions.typeHint')}
              disabled={disabled}
              fullWidth
            >
              <MenuItem value="">{t('actions.noType')}</MenuItem>
              {ACTION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {ACTION_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              label={t('actions.dueDate')}
              value={draft.dueDate}
              onChange={(e) => set({ dueDate: e.target.value })}
              error={Boolean(errors.dueDate)}
              helperText={errors.dueDate}
              disabled={disabled}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
            />
          </Stack>
          {isGeneral && (
            <LocationPickerField
              required
              value={draft.location}
              onChange={(location) => set({ location })}
              error={Boolean(errors.locationId)}
              helperText={errors.locationId}
              disabled={disabled}
            />
          )}
          <EmployeePickerField
            required
            label={t('actions.responsible')}
            value={asPickerRow(draft.responsible)}
            onChange={(row) => set({ responsible: asPerson(row) })}
            error={Boolean(errors.responsibleId)}
            helperText={errors.responsibleId}
            disabled={disabled}
          />
          <FormControl disabled={disabled}>
            <FormLabel id="executor-kind-label">{t('actions.executor')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="executor-kind-label"
              value={draft.executorKind}
              onChange={(e) => set({ executorKind: e.target.value as ExecutorKind })}
            >
              <FormControlLabel value="employee" control={<Radio />} label={t('actions.executorEmployee')} />
              <FormControlLabel value="external" control={<Radio />} label={t('actions.executorExternal')} />
              <FormControlLabel value="none" control={<Radio />} label={t('actions.executorNone')} />
            </RadioGroup>
          </FormControl>
          {draft.executorKind === 'employee' && (
            <EmployeePickerField
              required
              label={t('actions.executorPerson')}
              value={asPickerRow(draft.executor)}
              onChange={(row) => set({ executor: asPerson(row) })}
              error={Boolean(errors.executorId)}
              helperText={errors.executorId}
              disabled={disabled}
            />
          )}
          {draft.executorKind === 'external' && (
            <TextField
              required
              label={t('actions.externalExecutor')}
              value={draft.externalExecutor}
              onChange={(e) => set({ externalExecutor: e.target.value })}
              error={Boolean(errors.externalExecutor)}
              helperText={errors.externalExecutor}
              disabled={disabled}
              fullWidth
            />
          )}
          <PeopleField
            label={t('actions.participants')}
            value={draft.participants}
            onChange={(participants) => set({ participants })}
            error={errors.participantIds}
            disabled={disabled}
          />
          <PeopleField
            label={t('actions.observers')}
            value={draft.observers}
            onChange={(observers) => set({ observers })}
            error={errors.observerIds}
            disabled={disabled}
          />
          <PeopleField
            label={t('actions.affected')}
            value={draft.affected}
            onChange={(affected) => set({ affected })}
            error={errors.affectedIds}
            disabled={disabled}
          />
          <FormControl component="fieldset" disabled={disabled}>
            <FormLabel component="legend">{t('actions.immediate')}</FormLabel>
            <FormGroup row>
              {(Object.keys(IMMEDIATE_FLAGS) as ImmediateFlag[]).map((flag) => (
                <FormControlLabel
                  key={flag}
                  control={
                    <Checkbox
                      checked={(draft.immediateFlags & IMMEDIATE_FLAGS[flag]) !== 0}
                      onChange={(e) => toggleFlag(flag, e.target.checked)}
                    />
                  }
                  label={IMMEDIATE_FLAG_LABELS[flag]}
                />
              ))}
            </FormGroup>
          </FormControl>
          <FormGroup row>
            <FormControlLabel
              disabled={disabled}
              control={
                <Checkbox
                  checked={draft.informational}
                  onChange={(e) => set({ informational: e.target.checked })}
                />
              }
              label={t('actions.informational')}
            />
            <FormControlLabel
              disabled={disabled}
              control={<Checkbox checked={draft.done} onChange={(e) => set({ done: e.target.checked })} />}
              label={t('actions.done')}
            />
          </FormGroup>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('actions.effectiveness')}
              value={draft.effectiveness}
              onChange={(e) => set({ effectiveness: e.target.value as Effectiveness })}
              disabled={disabled}
              fullWidth
            >
              {EFFECTIVENESS.map((value) => (
                <MenuItem key={value} value={value}>
                  {EFFECTIVENESS_LABELS[value]}
                </MenuItem>
              ))}
            </TextField>
            {draft.effectiveness !== 'notChecked' && (
              <TextField
                type="date"
                required
                label={t('actions.effectivenessCheckedOn')}
                value={draft.effectivenessCheckedOn}
                onChange={(e) => set({ effectivenessCheckedOn: e.target.value })}
                error={Boolean(errors.effectivenessCheckedOn)}
                helperText={errors.effectivenessCheckedOn}
                disabled={disabled}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            )}
          </Stack>
          {draft.effectiveness !== 'notChecked' && (
            <EmployeePickerField
              label={t('actions.effectivenessCheckedBy')}
              value={asPickerRow(draft.effectivenessCheckedBy)}
              onChange={(row) => set({ effectivenessCheckedBy: asPerson(row) })}
              disabled={disabled}
            />
          )}
          {conflict && <ConflictAlert message={t('actions.conflict')} onReload={reloadLatest} />}
          {generalError && (
            <Alert severity="error" role="alert">
              {generalError}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {base?.canDelete && !readOnly && (
          <Button color="error" onClick={() => setDeleteOpen(true)} sx={{ mr: 'auto' }}>
            {t('actions.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        {!disabled && (
          <Button variant="contained" onClick={save} disabled={mutation.isPending}>
            {t('actions.save')}
          </Button>
        )}
      </DialogActions>
      {base && (
        <ConfirmDialog
          open={deleteOpen}
          title={t('actions.deleteTitle')}
          text={t('actions.deleteText', { name: base.designation })}
          confirmLabel={t('actions.delete')}
          error={remove.error}
          pending={remove.isPending}
          onClose={() => setDeleteOpen(false)}
          onConfirm={() =>
            remove.mutate(
              { id: base.id, version: base.version },
              {
                onSuccess: () => {
                  setDeleteOpen(false);
                  notify(t('actions.deleted'));
                  onSaved();
                },
              },
            )
          }
        />
      )}
    </>
  );
}
