import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Booking } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useBook, useCancelBooking } from './api/book.ts';
import { useBookable, useMyBookings, useSlots, useSuggestions } from './api/get-booking-data.ts';
import { useWindows } from './api/get-windows.ts';

function todayIso(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * /appointments/book: „Meine Termine“ (decision 060). The employee ticks open appointment and check-up items (several
 * make one collection), chooses a window, a day and a start (a window with a rule takes the start as a wish),
 * books, and cancels booked ones. A refusal shows the booking status message in German. The multi-appointment
 * suggestion proposes a start per item.
 */
export function BookingPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const user = useSessionUser();
  // A coordinator (APPOINTMENTS_BOOK) may book for an employee they are responsible for (the server decides).
  const canBookForOthers = usePermissions().canAny([P.APPOINTMENTS_BOOK]);
  const [forEmployee, setForEmployee] = useState<EmployeePickerRow | null>(null);
  const employeeId = forEmployee?.id;
  const bookable = useBookable(employeeId);
  const bookings = useMyBookings(employeeId ?? user.employee.id);
  const windows = useWindows();
  const suggestions = useSuggestions(employeeId);
  const book = useBook();
  const cancel = useCancelBooking();
  const [chosen, setChosen] = useState<number[]>([]);
  const [windowId, setWindowId] = useState<number | null>(null);
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const slots = useSlots(windowId, date);

  useToolbar({ title: t('appointments.book.title') });

  if (bookable.isPending || windows.isPending || bookings.isPending) return <FullPageLoader />;
  if (bookable.isError || windows.isError || bookings.isError)
    return (
      <Alert severity="error">{errorMessage(bookable.error ?? windows.error ?? bookings.error, t)}</Alert>
    );

  const today = todayIso();
  const usable = windows.data.filter((w) => w.active);
  const current = usable.find((w) => w.id === windowId) ?? null;
  const days = current ? current.days.filter((d) => !d.locked && d.date >= today) : [];
  const open = bookable.data;
  const live = bookings.data.filter((b) => b.state === 'booked');

  const submit = () => {
    if (chosen.length === 0 || !current || !date || !start) {
      notify(t('appointments.book.incomplete'), 'error');
      return;
    }
    book.mutate(
      { windowId: current.id, date, start, assignmentIds: chosen, explicit: current.rule === 'none' },
      {
        onSuccess: (result) => {
          notify(
            t('appointments.book.booked', {
              date: formatDate(result.booking.date),
              start: result.booking.start,
            }),
          );
          setChosen([]);
          setStart('');
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 820 }}>
      {canBookForOthers ? (
        <EmployeePickerField
          label={t('appointments.book.forEmployee')}
          value={forEmployee}
          onChange={(row) => {
            setForEmployee(row);
            setChosen([]);
          }}
          helperText={t('appointments.book.forEmployeeHint')}
          clearable
        />
      ) : null}
      <Card variant="outlined" component="section" aria-labelledby="appointments-open">
        <CardContent>
          <Typography
            id="appointments-open"
            variant="h2"
            sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}
          >
            {t('appointments.book.openTitle')}
          </Typography>
          {open.length === 0 ? (
            <Typography color="text.secondary">{t('appointments.book.noOpen')}</Typography>
          ) : (
            <FormGroup>
              {open.map((item) => (
                <FormControlLabel
                  key={item.assignmentId}
                  control={
                    <Checkbox
                      checked={chosen.includes(item.assignmentId)}
                      onChange={(e) =>
                        setChosen((c) =>
                          e.target.checked
                            ? [...c, item.assignmentId]
                            : c.filter((id) => id !== item.assignmentId),
                        )
                      }
                    />
                  }
                  label={t('appointments.book.item', {
                    topic: item.topicLabel,
                    type: t(`appointments.type.${item.type}`),
                    due: formatDate(item.dueDate),
                  })}
                />
              ))}
            </FormGroup>
          )}
          {suggestions.data?.enabled && suggestions.data.items.some((i) => i.slot) ? (
            <Box sx={{ mt: 1.5 }}>
              <Typography variant="subtitle2">{t('appointments.book.suggestionTitle')}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {suggestions.data.items.map((i) =>
                  i.slot ? (
                    <li key={i.assignmentId}>
                      {t('appointments.book.suggestion', {
                        topic: i.topicLabel,
                        date: formatDate(i.slot.date),
                        start: i.slot.start,
                        window: i.slot.windowTitle,
                      })}{' '}
                      <Button
                        size="small"
                        onClick={() => {
                          const slot = i.slot!;
                          setChosen((c) => (c.includes(i.assignmentId) ? c : [...c, i.assignmentId]));
                          setWindowId(slot.windowId);
                          setDate(slot.date);
                          setStart(slot.start);
                        }}
                      >
                        {t('appointments.book.takeSuggestion')}
                      </Button>
                    </li>
                  ) : null,
                )}
              </Box>
            </Box>
          ) : null}
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="appointments-choose">
        <CardContent>
          <Typography
            id="appointments-choose"
            variant="h2"
            sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1.5 }}
          >
            {t('appointments.book.chooseTitle')}
          </Typography>
          <Stack spacing={2}>
            <TextField
              select
              label={t('appointments.book.window')}
              value={windowId === null ? '' : String(windowId)}
              onChange={(e) => {
                setWindowId(e.target.value === '' ? null : Number(e.target.value));
                setDate('');
                setStart('');
              }}
              fullWidth
            >
              {usable.map((w) => (
                <MenuItem key={w.id} value={String(w.id)}>
                  {`${w.title} – ${w.locationName}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('appointments.book.day')}
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setStart('');
              }}
              disabled={!current}
              fullWidth
            >
              {days.map((d) => (
                <MenuItem key={d.date} value={d.date}>
                  {formatDate(d.date)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={
                current?.rule === 'firstFree' ? t('appointments.book.wish') : t('appointments.book.start')
              }
              value={start}
              onChange={(e) => setStart(e.target.value)}
              disabled={!date}
              helperText={current?.rule === 'firstFree' ? t('appointments.book.wishHint') : ''}
              fullWidth
            >
              {(slots.data ?? [])
                .filter((s) => s.free > 0 || current?.rule === 'firstFree')
                .map((s) => (
                  <MenuItem key={s.start} value={s.start}>
                    {t('appointments.book.slot', { start: s.start, end: s.end, count: s.free })}
                  </MenuItem>
                ))}
            </TextField>
            {book.error ? (
              <Alert severity="error" role="alert">
                {errorMessage(book.error, t)}
              </Alert>
            ) : null}
            <Box>
              <Button variant="contained" onClick={submit} disabled={book.isPending}>
                {t('appointments.book.submit')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="appointments-booked">
        <CardContent>
          <Typography
            id="appointments-booked"
            variant="h2"
            sx={{ fontSize: '1.15rem', fontWeight: 600, mb: 1 }}
          >
            {t('appointments.book.bookedTitle')}
          </Typography>
          {live.length === 0 ? (
            <Typography color="text.secondary">{t('appointments.book.noneBooked')}</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {live.map((b) => (
                <Box
                  component="li"
                  key={b.id}
                  sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Typography sx={{ flex: 1, minWidth: 200 }}>
                    {t('appointments.book.bookedLine', {
                      date: formatDate(b.date),
                      start: b.start,
                      end: b.end,
                      window: b.windowTitle,
                      location: b.locationName,
                      topics: b.items.map((i) => i.topicLabel).join(', '),
                    })}
                  </Typography>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setCancelling(b)}
                    aria-label={t('appointments.book.cancelLabel', {
                      date: formatDate(b.date),
                      start: b.start,
                    })}
                  >
                    {t('appointments.book.cancel')}
                  </Button>
                </Box>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={cancelling !== null}
        title={t('appointments.book.cancelTitle')}
        text={
          cancelling
            ? t('appointments.book.cancelText', {
                date: formatDate(cancelling.date),
                start: cancelling.start,
              })
            : ''
        }
        confirmLabel={t('appointments.book.cancel')}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              setCancelling(null);
              notify(t('appointments.book.cancelled'));
            },
          })
        }
        onClose={() => {
          setCancelling(null);
          cancel.reset();
        }}
        error={cancelling ? cancel.error : undefined}
        pending={cancel.isPending}
      />
    </Box>
  );
}
