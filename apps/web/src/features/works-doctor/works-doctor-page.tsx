import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WorksDoctorEmployee } from '@schutzwerk/shared/occupational-medicine/works-doctor.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  useRecordWorksDoctorCheckup,
  useWorksDoctorAppointments,
  useWorksDoctorEmployees,
  useWorksDoctorProfile,
} from './api/works-doctor.ts';
import { CheckupRecordDialog } from './checkup-record-dialog.tsx';

const DAY_MS = 86_400_000;
/** The longest period the server answers (MAX_APPOINTMENT_DAYS). */
const MAX_DAYS = 92;

function localToday(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}
function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
const time = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * /works-doctor „Betriebsarzt“ (decision 063): the signed-in works doctor's view — their executing bodies, the
 * employees whose precautions name them, and those employees' check-up appointments. The server decides what
 * is shown; a switched-off module or a misconfigured account shows the server's message.
 */
export function WorksDoctorPage() {
  const { t } = useTranslation();
  useToolbar({ title: t('worksDoctor.view.title') });
  const profile = useWorksDoctorProfile();
  const [tab, setTab] = useState<'employees' | 'appointments'>('employees');
  if (profile.isPending) return <CircularProgress aria-label={t('worksDoctor.view.loading')} />;
  if (profile.error)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(profile.error, t)}
      </Alert>
    );
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary">
        {t('worksDoctor.view.intro', {
          bodies: profile.data.executingBodies.map((b) => b.name).join(', '),
        })}
      </Typography>
      <Tabs value={tab} onChange={(_e, value: typeof tab) => setTab(value)} variant="scrollable">
        <Tab value="employees" label={t('worksDoctor.view.employees')} />
        <Tab value="appointments" label={t('worksDoctor.view.appointments')} />
      </Tabs>
      {tab === 'employees' ? <Employees /> : <Appointments />}
    </Box>
  );
}

function Employees() {
  const { t } = useTranslation();
  const employees = useWorksDoctorEmployees(true);
  if (employees.error)
    return (
      <Alert severity="error" role="alert">
        {errorMessage(employees.error, t)}
      </Alert>
    );
  if (!employees.data) return <CircularProgress aria-label={t('worksDoctor.view.loading')} />;
  if (employees.data.length === 0) return <Typography>{t('worksDoctor.view.noEmployees')}</Typography>;
  return (
    <Stack spacing={2}>
      {employees.data.map((e) => (
        <EmployeeCard key={e.id} employee={e} />
      ))}
    </Stack>
  );
}

function EmployeeCard({ employee }: { employee: WorksDoctorEmployee }) {
  const { t } = useTranslation();
  const name = `${employee.lastName}, ${employee.firstName}`;
  // The precaution whose check-up is being recorded; read from the current list, so a reload brings its version.
  const [recording, setRecording] = useState<number | null>(null);
  const record = useRecordWorksDoctorCheckup();
  const notify = useNotify();
  const recordingPrecaution = employee.precautions.find((p) => p.id === recording);
  return (
    <Card variant="outlined" component="section" aria-label={name}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            {t('worksDoctor.view.personnelNumber', { number: employee.personnelNumber })}
          </Typography>
        </Typography>
        <List dense disablePadding aria-label={t('worksDoctor.view.precautionsOf', { name })}>
          {employee.precautions.map((p) => (
            <ListItem key={p.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }}>
              <ListItemText
                primary={`${t(`occupationalMedicine.types.${p.type}`)} – ${p.reasonName}`}
                secondary={[
                  p.executingBodyName,
                  `${t('worksDoctor.view.nextDue')}: ${formatDate(p.nextDue)}`,
                  p.lastCheckup
                    ? t('worksDoctor.view.lastCheckup', {
                        date: formatDate(p.lastCheckup.date),
                        kind: t(`occupationalMedicine.assessments.${p.lastCheckup.assessmentKind}`),
                      })
                    : t('worksDoctor.view.noCheckup'),
                ].join(' · ')}
              />
              {p.due && <Chip size="small" color="warning" label={t('worksDoctor.view.due')} />}
              <Button
                size="small"
                onClick={() => setRecording(p.id)}
                aria-label={t('worksDoctor.checkup.recordFor', {
                  precaution: `${t(`occupationalMedicine.types.${p.type}`)} – ${p.reasonName}`,
                })}
              >
                {t('worksDoctor.checkup.record')}
              </Button>
            </ListItem>
          ))}
        </List>
      </CardContent>
      {recordingPrecaution && (
        <CheckupRecordDialog
          title={t('worksDoctor.checkup.title', { name })}
          subtitle={`${t(`occupationalMedicine.types.${recordingPrecaution.type}`)} – ${recordingPrecaution.reasonName}`}
          pending={record.isPending}
          error={record.error}
          onClose={() => {
            record.reset();
            setRecording(null);
          }}
          onSave={(values) =>
            record.mutate(
              {
                employeeId: employee.id,
                precautionId: recordingPrecaution.id,
                version: recordingPrecaution.version,
                ...values,
              },
              {
                onSuccess: () => {
                  notify(t('worksDoctor.checkup.recorded'));
                  setRecording(null);
                },
              },
            )
          }
        />
      )}
    </Card>
  );
}

function Appointments() {
  const { t } = useTranslation();
  const [from, setFrom] = useState(localToday);
  const [to, setTo] = useState(() => addDays(localToday(), 27));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS;
  const rangeError =
    Number.isNaN(days) || days < 0
      ? t('worksDoctor.view.rangeOrder')
      : days > MAX_DAYS
        ? t('worksDoctor.view.rangeTooLong', { days: MAX_DAYS })
        : undefined;
  const appointments = useWorksDoctorAppointments(from, to, !rangeError);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={t('worksDoctor.view.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t('worksDoctor.view.to')}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={Boolean(rangeError)}
          helperText={rangeError}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      {appointments.error && (
        <Alert severity="error" role="alert">
          {errorMessage(appointments.error, t)}
        </Alert>
      )}
      {appointments.data?.length === 0 && <Typography>{t('worksDoctor.view.noAppointments')}</Typography>}
      {appointments.data && appointments.data.length > 0 && (
        <Paper variant="outlined">
          <List aria-label={t('worksDoctor.view.appointments')}>
            {appointments.data.map((a) => (
              <ListItem key={a.id} sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={`${formatDate(a.day)} ${time(a.startMinute)}–${time(a.endMinute)} · ${a.employeeName}`}
                  secondary={`${a.windowTitle} · ${a.locationName}`}
                />
                <Chip
                  size="small"
                  color={a.state === 'done' ? 'success' : 'default'}
                  label={t(`worksDoctor.view.states.${a.state}`)}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
