import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DashboardPrecaution } from '@schutzwerk/shared/occupational-medicine/precaution-dashboard.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useNextAppointments, usePrecautionDashboard } from './api.ts';

/** Rights that read one's own bookings (GET /api/appointments/bookings). */
const READS_BOOKINGS = [
  P.APPOINTMENTS,
  P.APPOINTMENTS_ALL,
  P.APPOINTMENTS_TIME_WINDOWS,
  P.APPOINTMENTS_BOOK,
  P.APPOINTMENTS_BOOK_OWN,
];

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function Section({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  intro?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h3" component="h3" id={headingId} sx={{ fontSize: '1.15rem', flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function StatusChip({ row, today }: { row: DashboardPrecaution; today: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={row.assignmentStatus === 'T' ? 'primary' : 'default'}
        label={t(`appointmentsDashboard.status.${row.assignmentStatus ?? 'none'}`)}
      />
      {row.nextDue < today && (
        <Chip size="small" color="warning" label={t('appointmentsDashboard.overdueChip')} />
      )}
    </Box>
  );
}

/**
 * The dashboard tab „Termine und arbeitsmedizinische Vorsorge“ (decision 064): my next appointments, my due
 * precautions with the state of their check-up assignment and, for coordinators, the overdue precautions.
 */
export function AppointmentsDashboardTab() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { canAny } = usePermissions();
  const today = localToday();
  const readsBookings = canAny(READS_BOOKINGS);
  const appointments = useNextAppointments(user.employee.id, today, readsBookings);
  const precautions = usePrecautionDashboard();
  const books = canAny([P.APPOINTMENTS_BOOK_OWN, P.APPOINTMENTS_BOOK]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {readsBookings && (
        <Section
          title={t('appointmentsDashboard.nextAppointments')}
          action={
            books ? (
              <Button component={Link} to="/appointments/book" size="small">
                {t('appointmentsDashboard.toBooking')}
              </Button>
            ) : undefined
          }
        >
          {appointments.error && <Alert severity="error">{errorMessage(appointments.error, t)}</Alert>}
          {appointments.data?.length === 0 && (
            <Typography color="text.secondary">{t('appointmentsDashboard.noAppointments')}</Typography>
          )}
          <List dense aria-label={t('appointmentsDashboard.nextAppointments')} sx={{ py: 0 }}>
            {(appointments.data ?? []).slice(0, 10).map((b) => (
              <ListItem key={b.id} disableGutters>
                <ListItemText
                  primary={t('appointmentsDashboard.appointmentLine', {
                    date: formatDate(b.date),
                    start: b.start,
                    end: b.end,
                  })}
                  secondary={`${t('appointmentsDashboard.place', {
                    window: b.windowTitle,
                    location: b.locationName,
                  })} – ${b.items.map((i) => i.topicLabel).join(', ')}`}
                />
              </ListItem>
            ))}
          </List>
        </Section>
      )}
      {precautions.error && <Alert severity="error">{errorMessage(precautions.error, t)}</Alert>}
      {precautions.data && (
        <Section
          title={t('appointmentsDashboard.myPrecautions')}
          intro={t('appointmentsDashboard.myPrecautionsIntro', { days: precautions.data.leadDays })}
          action={
            canAny([P.TOPICS_OWN, P.PRECAUTION_APPROVE]) ? (
              <Button component={Link} to="/occupational-medicine/own" size="small">
                {t('appointmentsDashboard.toOwn')}
              </Button>
            ) : undefined
          }
        >
          {precautions.data.mine.length === 0 ? (
            <Typography color="text.secondary">{t('appointmentsDashboard.noPrecautions')}</Typography>
          ) : (
            <List dense aria-label={t('appointmentsDashboard.myPrecautions')} sx={{ py: 0 }}>
              {precautions.data.mine.map((row) => (
                <ListItem key={row.id} disableGutters sx={{ display: 'block' }}>
                  <ListItemText
                    primary={`${row.reasonName} (${t(`occupationalMedicine.types.${row.type}`)})`}
                    secondary={`${t('appointmentsDashboard.dueBy')} ${formatDate(row.nextDue)}`}
                  />
                  <StatusChip row={row} today={today} />
                </ListItem>
              ))}
            </List>
          )}
        </Section>
      )}
      {precautions.data?.overdue && (
        <Section
          title={t('appointmentsDashboard.overdue')}
          intro={t('appointmentsDashboard.overdueIntro')}
          action={
            canAny([P.PRECAUTION, P.PRECAUTION_EDIT]) ? (
              <Button component={Link} to="/occupational-medicine/precautions" size="small">
                {t('appointmentsDashboard.toPrecautions')}
              </Button>
            ) : undefined
          }
        >
          {precautions.data.overdue.length === 0 ? (
            <Typography color="text.secondary">{t('appointmentsDashboard.noOverdue')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('appointmentsDashboard.overdue')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('appointmentsDashboard.employee')}</TableCell>
                    <TableCell>{t('appointmentsDashboard.reason')}</TableCell>
                    <TableCell>{t('appointmentsDashboard.dueBy')}</TableCell>
                    <TableCell>{t('appointmentsDashboard.state')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {precautions.data.overdue.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{row.employeeName}</TableCell>
                      <TableCell>
                        {row.reasonName} ({t(`occupationalMedicine.types.${row.type}`)})
                      </TableCell>
                      <TableCell>{formatDate(row.nextDue)}</TableCell>
                      <TableCell>
                        <StatusChip row={row} today={today} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Section>
      )}
    </Box>
  );
}
