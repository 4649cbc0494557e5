import LinearProgress from '@mui/material/LinearProgress';
import {
  PROGRESS_DURATION_MS,
  PROGRESS_HIDE_DELAY_MS,
  PROGRESS_THROTTLE_MS,
} from '@schutzwerk/shared/constants.ts';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { apiActivity } from '#lib/api-client.ts';

const TICK_MS = 100;

/**
 * The progress bar at the top (spec shell §2.2): shows after 200 ms of activity (API calls in flight or a
 * page part loading), runs towards 100 % over a nominal 5000 ms, and hides 500 ms after everything ended.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const inFlight = useSyncExternalStore(apiActivity.subscribe, apiActivity.getSnapshot);
  const navigation = useNavigation();
  const active = inFlight > 0 || navigation.state !== 'idle';

  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState(0);
  const startedAt = useRef(0);

  useEffect(() => {
    if (active) {
      let tick: ReturnType<typeof setInterval> | undefined;
      const show = setTimeout(
        () => {
          if (!visible) {
            startedAt.current = Date.now();
            setValue(0);
          }
          setVisible(true);
          tick = setInterval(() => {
            const elapsed = Date.now() - startedAt.current;
            // Linear over the nominal duration, then creeping: never reaches 100 % before the end.
            setValue(Math.min(95, (elapsed / PROGRESS_DURATION_MS) * 90));
          }, TICK_MS);
        },
        visible ? 0 : PROGRESS_THROTTLE_MS,
      );
      return () => {
        clearTimeout(show);
        clearInterval(tick);
      };
    }
    if (!visible) return;
    setValue(100);
    const hide = setTimeout(() => {
      setVisible(false);
      setValue(0);
    }, PROGRESS_HIDE_DELAY_MS);
    return () => clearTimeout(hide);
  }, [active, visible]);

  if (!visible) return null;
  return (
    <LinearProgress
      variant="determinate"
      value={value}
      color="warning"
      aria-label={t('toolbar.progress')}
      data-testid="progress-bar"
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 3, zIndex: 1 }}
    />
  );
}
