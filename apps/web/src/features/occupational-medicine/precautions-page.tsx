import AddIcon from '@mui/icons-material/Add';
import SyncIcon from '@mui/icons-material/Sync';
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
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import {
  type CatalogueKind,
  PRECAUTION_TYPES,
  type Precaution,
  type PrecautionType,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { CheckupRecordDialog } from '#features/works-doctor/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCatalogue } from './api/catalogues.ts';
import {
  useCreatePrecaution,
  useEmployeeActivities,
  usePrecautions,
  useRecordCheckup,
} from './api/precautions.ts';
import { PrecautionEditDialog } from './components/precaution-edit-dialog.tsx';

/**
 * /occupational-medicine/precautions (PRECAUTION, PRECAUTION_EDIT; decision 057): the precautions of the portal's
 * employees with their due dates; recording a check-up with its assessment kind needs PRECAUTION_ASSESSMENTS.
 */
export function PrecautionsPage() {
  const { t } = useTranslation();
  const { canAny: can } = usePermissions();
  const [dueOnly, setDueOnly] = useState(false);
  const [creating, setCreating] = useState(false);
  const [recording, setRecording] = useState<Precaution | null>(null);
  const [editing, setEditing] = useState<Precaution | null>(null);
  const list = usePrecautions({ dueOnly });
  useToolbar({ title: t('occupationalMedicine.precautions.title') });
  const assessments = can([P.PRECAUTION_ASSESSMENTS]);
  const editable = can([P.PRECAUTION_EDIT]);
  const actions = assessments || editable;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('occupationalMedicine.precautions.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {can([P.PRECAUTION_EDIT]) && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('occupationalMedicine.precautions.add')}
          </Button>
        )}
        {assessments && (
          <Button component={RouterLink} to="/occupational-medicine/sync" startIcon={<SyncIcon />}>
            {t('precautionSync.open')}
          </Button>
        )}
        <FormControlLabel
          control={<Checkbox checked={dueOnly} onChange={(e) => setDueOnly(e.target.checked)} />}
          label={t('occupationalMedicine.precautions.dueOnly')}
        />
      </Box>
      {list.error && (
        <Alert severity="error" role="alert">
          {errorMessage(list.error, t)}
        </Alert>
      )}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('occupationalMedicine.precautions.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('occupationalMedicine.precautions.employee')}</TableCell>
              <TableCell>{t('occupationalMedicine.precautions.type')}</TableCell>
              <TableCell>{t('occupationalMedicine.precautions.reason')}</TableCell>
              <TableCell>{t('occupationalMedicine.precautions.activity')}</TableCell>
              <TableCell>{t('occupationalMedicine.precautions.nextDue')}</TableCell>
              <TableCell>{t('occupationalMedicine.precautions.lastCheckup')}</TableCell>
              {actions && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data ?? []).map((p) => {
              const last = p.checkups[0];
              return (
                <TableRow key={p.id}>
                  <TableCell>{p.employeeName}</TableCell>
                  <TableCell>
                    {t(`occupationalMedicine.types.${p.type}`)}
                    {p.approvedAt && (
                      <Typography variant="caption" sx={{ display: 'block' }}>
                        {t('occupationalMedicine.precautions.approved', { date: formatDate(p.approvedAt) })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{p.reasonName}</TableCell>
                  <TableCell>{p.activityName ?? ''}</TableCell>
                  <TableCell>
                    {formatDate(p.nextDue)}{' '}
                    {p.due && (
                      <Chip size="small" color="warning" label={t('occupationalMedicine.precautions.due')} />
                    )}
                  </TableCell>
                  <TableCell>
                    {last
                      ? `${formatDate(last.date)} – ${
                          last.assessmentKind
                            ? t(`occupationalMedicine.assessments.${last.assessmentKind}`)
                            : t('occupationalMedicine.precautions.hidden')
                        }`
                      : t('occupationalMedicine.precautions.noCheckup')}
                  </TableCell>
                  {actions && (
                    <TableCell>
                      {assessments && (
                        <Button size="small" onClick={() => setRecording(p)}>
                          {t('occupationalMedicine.precautions.record')}
                        </Button>
                      )}
                      {editable && (
                        <Button
                          size="small"
                          onClick={() => setEditing(p)}
                          aria-label={t('occupationalMedicine.precautions.editFor', { name: p.employeeName })}
                        >
                          {t('occupationalMedicine.precautions.edit')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
            {list.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={actions ? 7 : 6}>{t('occupationalMedicine.precautions.empty')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      {recording && <CheckupDialog precaution={recording} onClose={() => setRecording(null)} />}
      {editing && <PrecautionEditDialog precaution={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function CatalogueSelect({
  kind,
  label,
  value,
  onChange,
  error,
  required,
}: {
  kind: CatalogueKind;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  error: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const entries = useCatalogue(kind);
  return (
    <TextField
      select
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      required={required}
      error={Boolean(error)}
      helperText={error}
    >
      {!required && <MenuItem value="">{t('occupationalMedicine.precautions.none')}</MenuItem>}
      {(entries.data ?? [])
        .filter((e) => e.active)
        .map((e) => (
          <MenuItem key={e.id} value={e.id}>
            {e.name}
          </MenuItem>
        ))}
    </TextField>
  );
}

function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const create = useCreatePrecaution();
  const [employee, setEmployee] = useState<EmployeePickerRow | null>(null);
  const [coordinator, setCoordinator] = useState<EmployeePickerRow | null>(null);
  const [type, setType] = useState<PrecautionType>('mandatory');
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [activityId, setActivityId] = useState<number | null>(null);
  const [legalSourceId, setLegalSourceId] = useState<number | null>(null);
  const [executingBodyId, setExecutingBodyId] = useState<number | null>(null);
  const [activityStart, setActivityStart] = useState('');
  const [interval, setInterval] = useState('');
  const activities = useEmployeeActivities(employee?.id ?? null);
  const errors = fieldErrors(create.error);

  const save = () =>
    create.mutate(
      {
        employeeId: employee?.id ?? 0,
        type,
        reasonId: reasonId ?? (undefined as never),
        activityId,
        legalSourceId,
        executingBodyId,
        coordinatorId: coordinator?.id ?? null,
        activityStart,
        intervalMonths: interval === '' ? null : Number(interval),
      },
      {
        onSuccess: () => {
          notify(t('occupationalMedicine.precautions.created'));
          onClose();
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('occupationalMedicine.precautions.createTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {create.error && (
          <Alert severity="error" role="alert">
            {errorMessage(create.error, t)}
          </Alert>
        )}
        <EmployeePickerField
          label={t('occupationalMedicine.precautions.employee')}
          value={employee}
          onChange={(row) => {
            setEmployee(row);
            setActivityId(null);
          }}
          required
          error={Boolean(errors.employeeId)}
          helperText={errors.employeeId}
        />
        <TextField
          select
          label={t('occupationalMedicine.precautions.type')}
          value={type}
          onChange={(e) => setType(e.target.value as PrecautionType)}
          required
          error={Boolean(errors.type)}
          helperText={errors.type}
        >
          {PRECAUTION_TYPES.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`occupationalMedicine.types.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <CatalogueSelect
          kind="assessmentReason"
          label={t('occupationalMedicine.precautions.reason')}
          value={reasonId}
          onChange={setReasonId}
          error={errors.reasonId}
          required
        />
        <TextField
          select
          label={t('occupationalMedicine.precautions.activity')}
          value={activityId ?? ''}
          onChange={(e) => setActivityId(e.target.value === '' ? null : Number(e.target.value))}
          disabled={!employee}
          error={Boolean(errors.activityId)}
          helperText={errors.activityId}
        >
          <MenuItem value="">{t('occupationalMedicine.precautions.noActivity')}</MenuItem>
          {(activities.data ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
        <CatalogueSelect
          kind="legalSource"
          label={t('occupationalMedicine.precautions.legalSource')}
          value={legalSourceId}
          onChange={setLegalSourceId}
          error={errors.legalSourceId}
        />
        <CatalogueSelect
          kind="executingBody"
          label={t('occupationalMedicine.precautions.executingBody')}
          value={executingBodyId}
          onChange={setExecutingBodyId}
          error={errors.executingBodyId}
        />
        <EmployeePickerField
          label={t('occupationalMedicine.precautions.coordinator')}
          value={coordinator}
          onChange={setCoordinator}
        />
        <TextField
          type="date"
          label={t('occupationalMedicine.precautions.activityStart')}
          value={activityStart}
          onChange={(e) => setActivityStart(e.target.value)}
          required
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(errors.activityStart)}
          helperText={errors.activityStart}
        />
        <TextField
          type="number"
          label={t('occupationalMedicine.precautions.intervalMonths')}
          value={interval}
          onChange={(e) => setInterval(e.target.value)}
          error={Boolean(errors.intervalMonths)}
          helperText={errors.intervalMonths ?? t('occupationalMedicine.precautions.intervalHelp')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('occupationalMedicine.precautions.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={create.isPending}>
          {t('occupationalMedicine.precautions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function CheckupDialog({ precaution, onClose }: { precaution: Precaution; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const record = useRecordCheckup();
  return (
    <CheckupRecordDialog
      title={t('occupationalMedicine.precautions.recordTitle', { name: precaution.employeeName })}
      pending={record.isPending}
      error={record.error}
      onClose={onClose}
      onSave={(values) =>
        record.mutate(
          { id: precaution.id, version: precaution.version, ...values },
          {
            onSuccess: () => {
              notify(t('occupationalMedicine.precautions.recorded'));
              onClose();
            },
          },
        )
      }
    />
  );
}
