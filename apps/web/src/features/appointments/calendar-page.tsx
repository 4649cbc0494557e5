import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCompleteBooking } from './api/book.ts';
import { useCalendar } from './api/get-calendar.ts';

type View = 'day' | 'week';

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return iso(d);
}
/** The Monday of the week of `day`. */
function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return addDays(day, -((d.getUTCDay() + 6) % 7));
}
function localToday(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

const weekday = new Intl.DateTimeFormat('de-DE', { weekday: 'long', timeZone: 'UTC' });

/**
 * /appointments/calendar: the day and week view of the time windows and their bookings (decision 060). Names of
 * other people's bookings only for readers of appointments; others see „belegt“.
 */
export function CalendarPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('week');
  const [day, setDay] = useState(localToday);
  const from = view === 'week' ? mondayOf(day) : day;
  const to = view === 'week' ? addDays(from, 6) : day;
  const calendar = useCalendar(from, to);
  const notify = useNotify();
  const complete = useCompleteBooking();
  const canComplete = usePermissions().canAny([P.APPOINTMENTS_EDIT]);
  useToolbar({ title: t('appointments.calendar.title') });

  const days = Array.from({ length: view === 'week' ? 7 : 1 }, (_, i) => addDays(from, i));
  const step = view === 'week' ? 7 : 1;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, v: View | null) => v && setView(v)}
          aria-label={t('appointments.calendar.view')}
        >
          <ToggleButton value="day">{t('appointments.calendar.day')}</ToggleButton>
          <ToggleButton value="week">{t('appointments.calendar.week')}</ToggleButton>
        </ToggleButtonGroup>
        <Button size="small" onClick={() => setDay(addDays(day, -step))}>
          {view === 'week' ? t('appointments.calendar.previousWeek') : t('appointments.calendar.previousDay')}
        </Button>
        <TextField
          size="small"
          type="date"
          label={t('appointments.calendar.date')}
          value={day}
          onChange={(e) => e.target.value && setDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button size="small" onClick={() => setDay(addDays(day, step))}>
          {view === 'week' ? t('appointments.calendar.nextWeek') : t('appointments.calendar.nextDay')}
        </Button>
      </Stack>
      {calendar.isPending ? <FullPageLoader /> : null}
      {calendar.isError ? <Alert severity="error">{errorMessage(calendar.error, t)}</Alert> : null}
      {calendar.data ? (
        <Box
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: '1fr', md: view === 'week' ? 'repeat(7, minmax(0, 1fr))' : '1fr' },
          }}
        >
          {days.map((d) => {
            const entries = calendar.data.filter((e) => e.date === d);
            return (
              <Paper
                key={d}
                variant="outlined"
                component="section"
                aria-label={formatDate(d)}
                sx={{ p: 1, minHeight: 80 }}
              >
                <Typography variant="subtitle2" component="h2">
                  {`${weekday.format(new Date(`${d}T00:00:00Z`))}, ${formatDate(d)}`}
                </Typography>
                {entries.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('appointments.calendar.nothing')}
                  </Typography>
                ) : null}
                {entries.map((e) => (
                  <Box
                    key={`${e.windowId}-${e.date}`}
                    sx={{ mt: 1, borderLeft: 3, borderColor: 'primary.main', pl: 1 }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {`${e.fromTime}–${e.toTime} ${e.title}`}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {e.locationName}
                      {e.topicLabel ? ` · ${e.topicLabel}` : ''}
                    </Typography>
                    {e.locked ? (
                      <Chip size="small" color="warning" label={t('appointments.windows.locked')} />
                    ) : null}
                    {!e.active ? <Chip size="small" label={t('appointments.windows.inactive')} /> : null}
                    <Box component="ul" sx={{ m: 0, pl: 2 }}>
                      {e.bookings.map((b) => (
                        <Typography component="li" variant="body2" key={b.id}>
                          {`${b.start}–${b.end} `}
                          {b.employeeName || t('appointments.calendar.taken')}
                          {b.state === 'done' ? ` (${t('appointments.calendar.done')})` : ''}
                          {canComplete && b.state === 'booked' ? (
                            <Button
                              size="small"
                              disabled={complete.isPending}
                              aria-label={t('appointments.calendar.completeLabel', {
                                start: b.start,
                                date: formatDate(d),
                              })}
                              onClick={() =>
                                complete.mutate(b.id, {
                                  onSuccess: () => notify(t('appointments.calendar.completed')),
                                  onError: (error) => notify(errorMessage(error, t), 'error'),
                                })
                              }
                            >
                              {t('appointments.calendar.complete')}
                            </Button>
                          ) : null}
                        </Typography>
                      ))}
                    </Box>
                  </Box>
                ))}
              </Paper>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
