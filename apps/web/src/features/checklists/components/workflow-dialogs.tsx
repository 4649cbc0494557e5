import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ChecklistWorkflow,
  mailAddressProblems,
  type NotificationSettings,
  PRINT_ORIENTATIONS,
  type PrintSettings,
  type WorkflowSettings,
} from '@schutzwerk/shared/checklists/checklist-workflow.schema.ts';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useChecklistChoices, useChecklistWorkflow, useSaveChecklistWorkflow } from '../api/workflow.ts';

type Part = 'mail' | 'workflow' | 'print';

/**
 * The builder's „E-Mail“, „Workflow“ and „Drucker“ buttons and dialogs (decision 066). Each dialog edits its
 * part of the checklist's settings and saves the whole record on the version it was opened with; a stale
 * save (409) keeps what was typed.
 */
export function WorkflowButtons({ checklistId }: { checklistId: number }) {
  const { t } = useTranslation();
  const settings = useChecklistWorkflow(checklistId);
  const [open, setOpen] = useState<Part | null>(null);
  return (
    <>
      {(['mail', 'workflow', 'print'] as const).map((part) => (
        <Button key={part} onClick={() => setOpen(part)} disabled={!settings.data}>
          {t(`checklistWorkflow.${part}.button`)}
        </Button>
      ))}
      {settings.data && open && (
        <SettingsDialog
          part={open}
          settings={settings.data}
          checklistId={checklistId}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

function SettingsDialog({
  part,
  settings,
  checklistId,
  onClose,
}: {
  part: Part;
  settings: ChecklistWorkflow;
  checklistId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const save = useSaveChecklistWorkflow(checklistId);
  // The dialog keeps its own copy (and the version it was opened with) until saved or closed.
  const [base] = useState(settings);
  const [notifications, setNotifications] = useState(base.notifications);
  const [workflow, setWorkflow] = useState(base.workflow);
  const [print, setPrint] = useState(base.print);
  const [names, setNames] = useState(() => new Map(base.people.map((p) => [p.id, p.name])));
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const submit = () => {
    save.mutate(
      { version: base.version, notifications, workflow, print },
      {
        onSuccess: () => {
          notify(t('checklistWorkflow.saved'));
          onClose();
        },
      },
    );
  };
  let body: ReactNode;
  if (part === 'mail')
    body = (
      <MailPart
        value={notifications}
        names={names}
        onNames={(rows) => setNames((m) => new Map([...m, ...rows]))}
        onChange={setNotifications}
        problem={addressProblem}
        setProblem={setAddressProblem}
      />
    );
  else if (part === 'workflow')
    body = (
      <WorkflowPart
        value={workflow}
        checklistId={checklistId}
        names={names}
        onNames={(rows) => setNames((m) => new Map([...m, ...rows]))}
        onChange={setWorkflow}
      />
    );
  else body = <PrintPart value={print} onChange={setPrint} />;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>{t(`checklistWorkflow.${part}.title`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {save.error && (
              <Alert severity="error" role="alert">
                {errorMessage(save.error, t)}
              </Alert>
            )}
            {body}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('checklists.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('checklistWorkflow.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Employees as removable chips and a button that opens the employee picker (several at once). */
function PeopleField({
  label,
  ids,
  names,
  onNames,
  onChange,
}: {
  label: string;
  ids: number[];
  names: Map<number, string>;
  onNames: (rows: [number, string][]) => void;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const labelId = useId();
  return (
    <Stack spacing={1} role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {ids.length === 0 && <Typography variant="body2">{t('checklistWorkflow.nobody')}</Typography>}
        {ids.map((id) => (
          <Chip
            key={id}
            label={names.get(id) ?? String(id)}
            onDelete={() => onChange(ids.filter((x) => x !== id))}
          />
        ))}
      </Stack>
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setOpen(true)}>
        {t('checklistWorkflow.addPeople')}
      </Button>
      <EmployeePickerDialog
        open={open}
        multiple
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          onNames(rows.map((r) => [r.id, `${r.lastName}, ${r.firstName}`]));
          onChange([...ids, ...rows.map((r) => r.id).filter((id) => !ids.includes(id))]);
        }}
      />
    </Stack>
  );
}

function MailPart({
  value,
  names,
  onNames,
  onChange,
  problem,
  setProblem,
}: {
  value: NotificationSettings;
  names: Map<number, string>;
  onNames: (rows: [number, string][]) => void;
  onChange: (v: NotificationSettings) => void;
  problem: string | null;
  setProblem: (p: string | null) => void;
}) {
  const { t } = useTranslation();
  const [address, setAddress] = useState('');
  const add = () => {
    const [issue] = mailAddressProblems([...value.addresses, address]).filter(
      (p) => p.index === value.addresses.length,
    );
    if (issue) {
      setProblem(t(`checklistWorkflow.mail.${issue.problem}`));
      return;
    }
    setProblem(null);
    onChange({ ...value, addresses: [...value.addresses, address.trim()] });
    setAddress('');
  };
  return (
    <>
      <Typography variant="body2">{t('checklistWorkflow.mail.intro')}</Typography>
      {(['onDone', 'onRejected', 'onLimit'] as const).map((event) => (
        <FormControlLabel
          key={event}
          control={
            <Checkbox
              checked={value[event]}
              onChange={(e) => onChange({ ...value, [event]: e.target.checked })}
            />
          }
          label={t(`checklistWorkflow.mail.${event}`)}
        />
      ))}
      <PeopleField
        label={t('checklistWorkflow.mail.employees')}
        ids={value.employeeIds}
        names={names}
        onNames={onNames}
        onChange={(employeeIds) => onChange({ ...value, employeeIds })}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {value.addresses.map((a) => (
          <Chip
            key={a}
            label={a}
            onDelete={() => onChange({ ...value, addresses: value.addresses.filter((x) => x !== a) })}
          />
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          fullWidth
          type="email"
          label={t('checklistWorkflow.mail.address')}
          value={address}
          error={problem !== null}
          helperText={problem}
          onChange={(e) => {
            setAddress(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button onClick={add} sx={{ mt: 1 }}>
          {t('checklistWorkflow.mail.add')}
        </Button>
      </Stack>
    </>
  );
}

function WorkflowPart({
  value,
  checklistId,
  names,
  onNames,
  onChange,
}: {
  value: WorkflowSettings;
  checklistId: number;
  names: Map<number, string>;
  onNames: (rows: [number, string][]) => void;
  onChange: (v: WorkflowSettings) => void;
}) {
  const { t } = useTranslation();
  const choices = useChecklistChoices();
  const options = (choices.data ?? []).filter((c) => c.id !== checklistId);
  return (
    <>
      <Typography variant="body2">{t('checklistWorkflow.workflow.intro')}</Typography>
      <PeopleField
        label={t('checklistWorkflow.workflow.approvers')}
        ids={value.approverIds}
        names={names}
        onNames={onNames}
        onChange={(approverIds) => onChange({ ...value, approverIds })}
      />
      <TextField
        select
        fullWidth
        label={t('checklistWorkflow.workflow.next')}
        value={value.nextChecklistId ?? ''}
        onChange={(e) =>
          onChange({ ...value, nextChecklistId: e.target.value === '' ? null : Number(e.target.value) })
        }
      >
        <MenuItem value="">{t('checklistWorkflow.workflow.noNext')}</MenuItem>
        {options.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

function PrintPart({ value, onChange }: { value: PrintSettings; onChange: (v: PrintSettings) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="body2">{t('checklistWorkflow.print.intro')}</Typography>
      <TextField
        select
        fullWidth
        label={t('checklistWorkflow.print.orientation')}
        value={value.orientation}
        onChange={(e) => onChange({ ...value, orientation: e.target.value as PrintSettings['orientation'] })}
      >
        {PRINT_ORIENTATIONS.map((o) => (
          <MenuItem key={o} value={o}>
            {t(`checklistWorkflow.print.orientations.${o}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        fullWidth
        label={t('checklistWorkflow.print.header')}
        value={value.header}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        onChange={(e) => onChange({ ...value, header: e.target.value })}
      />
      <TextField
        fullWidth
        label={t('checklistWorkflow.print.footer')}
        value={value.footer}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        onChange={(e) => onChange({ ...value, footer: e.target.value })}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={value.showEmpty}
            onChange={(e) => onChange({ ...value, showEmpty: e.target.checked })}
          />
        }
        label={t('checklistWorkflow.print.showEmpty')}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={value.showProgress}
            onChange={(e) => onChange({ ...value, showProgress: e.target.checked })}
          />
        }
        label={t('checklistWorkflow.print.showProgress')}
      />
    </>
  );
}
