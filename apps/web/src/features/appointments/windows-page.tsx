import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AppointmentWindow } from '@schutzwerk/shared/appointments/appointments.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { settingsQueryOptions } from '#features/settings/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useWindows } from './api/get-windows.ts';
import { useChangeWindowDay } from './api/window-days.ts';
import { WindowDialog } from './components/window-dialog.tsx';

type PendingDay = { window: AppointmentWindow; date: string; kind: 'lock' | 'remove' };

/**
 * /appointments/windows: the time windows of the portal with their days (decision 060). With
 * APPOINTMENTS_TIME_WINDOWS: create and edit windows, add days, lock, unlock and remove days — locking or removing
 * a day cancels its bookings and mails the employees (confirmed first).
 */
export function WindowsPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const canManage = canAny([P.APPOINTMENTS_TIME_WINDOWS]);
  const windows = useWindows();
  const changeDay = useChangeWindowDay();
  // The portal's time grid is where a new window starts (settings tab „Termine“).
  const settings = useQuery(settingsQueryOptions('appointments'));
  const defaultGrid = Number(settings.data?.value.timeGridMinutes ?? 15);
  const [editing, setEditing] = useState<AppointmentWindow | 'new' | null>(null);
  const [newDay, setNewDay] = useState<Record<number, string>>({});
  const [pending, setPending] = useState<PendingDay | null>(null);

  useToolbar({
    title: t('appointments.windows.title'),
    onAdd: canManage ? () => setEditing('new') : undefined,
  });

  if (windows.isPending) return <FullPageLoader />;
  if (windows.isError) return <Alert severity="error">{errorMessage(windows.error, t)}</Alert>;

  const addDay = (w: AppointmentWindow) => {
    const date = newDay[w.id] ?? '';
    if (!date) {
      notify(t('appointments.windows.dayMissing'), 'error');
      return;
    }
    changeDay.mutate(
      { kind: 'add', id: w.id, date },
      {
        onSuccess: () => {
          setNewDay((d) => ({ ...d, [w.id]: '' }));
          notify(t('appointments.windows.dayAdded'));
        },
        onError: (error) => notify(errorMessage(error, t), 'error'),
      },
    );
  };
  const unlock = (w: AppointmentWindow, date: string) =>
    changeDay.mutate(
      { kind: 'lock', id: w.id, date, locked: false },
      {
        onSuccess: () => notify(t('appointments.windows.dayUnlocked')),
        onError: (error) => notify(errorMessage(error, t), 'error'),
      },
    );
  const confirmDay = () => {
    if (!pending) return;
    const change =
      pending.kind === 'lock'
        ? ({ kind: 'lock', id: pending.window.id, date: pending.date, locked: true } as const)
        : ({ kind: 'remove', id: pending.window.id, date: pending.date } as const);
    changeDay.mutate(change, {
      onSuccess: (cancelled) => {
        setPending(null);
        notify(
          pending.kind === 'lock'
            ? t('appointments.windows.dayLocked', { count: cancelled })
            : t('appointments.windows.dayRemoved', { count: cancelled }),
        );
      },
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {windows.data.length === 0 ? <Alert severity="info">{t('appointments.windows.empty')}</Alert> : null}
      {windows.data.map((w) => (
        <Card key={w.id} variant="outlined" component="section" aria-label={w.title}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 600, mr: 1 }}>
                {w.title}
              </Typography>
              {!w.active ? <Chip size="small" label={t('appointments.windows.inactive')} /> : null}
              {w.inUse ? <Chip size="small" color="info" label={t('appointments.windows.inUse')} /> : null}
              <Box sx={{ flex: 1 }} />
              {canManage ? (
                <Button size="small" onClick={() => setEditing(w)}>
                  {t('appointments.windows.edit')}
                </Button>
              ) : null}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('appointments.windows.summary', {
                location: w.locationName,
                from: w.fromTime,
                to: w.toTime,
                duration: w.durationMinutes,
                grid: w.gridMinutes,
                seats: w.seats,
              })}
              {w.topicLabel ? ` · ${w.topicLabel}` : ''} · {t(`appointments.rule.${w.rule}`)}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 0.5 }}>
              {w.days.map((d) => (
                <Box
                  component="li"
                  key={d.date}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                >
                  <Typography sx={{ minWidth: 90 }}>{formatDate(d.date)}</Typography>
                  {d.locked ? (
                    <Chip size="small" color="warning" label={t('appointments.windows.locked')} />
                  ) : null}
                  <Typography variant="body2" color="text.secondary">
                    {t('appointments.windows.booked', { count: d.booked })}
                  </Typography>
                  {canManage ? (
                    <Box sx={{ ml: 'auto', display: 'flex', gap: 0.5 }}>
                      {d.locked ? (
                        <Button size="small" onClick={() => unlock(w, d.date)}>
                          {t('appointments.windows.unlock')}
                        </Button>
                      ) : (
                        <Button
                          size="small"
                          aria-label={t('appointments.windows.lockDay', { date: formatDate(d.date) })}
                          onClick={() => setPending({ window: w, date: d.date, kind: 'lock' })}
                        >
                          {t('appointments.windows.lock')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('appointments.windows.removeDay', { date: formatDate(d.date) })}
                        onClick={() => setPending({ window: w, date: d.date, kind: 'remove' })}
                      >
                        {t('appointments.windows.remove')}
                      </Button>
                    </Box>
                  ) : null}
                </Box>
              ))}
            </Box>
            {canManage ? (
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
                <TextField
                  size="small"
                  type="date"
                  label={t('appointments.windows.newDay')}
                  value={newDay[w.id] ?? ''}
                  onChange={(e) => setNewDay((d) => ({ ...d, [w.id]: e.target.value }))}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Button size="small" onClick={() => addDay(w)} disabled={changeDay.isPending}>
                  {t('appointments.windows.addDay')}
                </Button>
              </Stack>
            ) : null}
          </CardContent>
        </Card>
      ))}
      {editing ? (
        <WindowDialog
          window={editing === 'new' ? null : editing}
          defaultGrid={defaultGrid}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify(t('appointments.window.saved'));
          }}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'lock'
            ? t('appointments.windows.lockTitle')
            : t('appointments.windows.removeTitle')
        }
        text={t('appointments.windows.dayConfirmText', {
          date: pending ? formatDate(pending.date) : '',
          count: pending?.window.days.find((d) => d.date === pending.date)?.booked ?? 0,
        })}
        confirmLabel={
          pending?.kind === 'lock' ? t('appointments.windows.lock') : t('appointments.windows.remove')
        }
        onConfirm={confirmDay}
        onClose={() => {
          setPending(null);
          changeDay.reset();
        }}
        error={pending ? changeDay.error : undefined}
        pending={changeDay.isPending}
      />
    </Box>
  );
}
