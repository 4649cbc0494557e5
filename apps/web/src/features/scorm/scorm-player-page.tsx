import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ScormAttempt } from '@schutzwerk/shared/instructions/scorm.schema.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate, formatTime } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { commitPackage, launchPackage, scormKeys } from './api/scorm-api.ts';

type FrameMessage = { source: 'schutzwerk-scorm'; finished: boolean; cmi: Record<string, unknown> };

const isFrameMessage = (data: unknown): data is FrameMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as FrameMessage).source === 'schutzwerk-scorm' &&
  typeof (data as FrameMessage).cmi === 'object' &&
  (data as FrameMessage).cmi !== null;

/**
 * /instructions/mine/:id/scorm — the employee's SCORM package (decision 068). Opening the page launches the package
 * (a new session; it resumes where the last one stopped) in a sandboxed frame: scripts only, an opaque origin, no
 * access to this page or its session. The runtime in the frame (scorm-again) posts each commit here; this page
 * saves it with the session and shows completion, score and validity as the server answers them.
 */
export function ScormPlayerPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const frame = useRef<HTMLIFrameElement>(null);
  const [attempt, setAttempt] = useState<ScormAttempt | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  useToolbar({ title: t('scorm.title') });

  const launch = useQuery({
    queryKey: scormKeys.launch(id),
    queryFn: () => launchPackage(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const commit = useMutation({
    mutationFn: (message: FrameMessage) =>
      commitPackage(id, { cmi: message.cmi, finished: message.finished }),
    onSuccess: (fresh) => {
      setAttempt(fresh);
      setSavedAt(new Date());
    },
  });
  const { mutate } = commit;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own frame (its origin is opaque: 'null').
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      if (isFrameMessage(event.data)) mutate(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [mutate]);

  const back = (
    <Button component={RouterLink} to="/instructions/mine" sx={{ alignSelf: 'flex-start' }}>
      {t('scorm.back')}
    </Button>
  );
  if (launch.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('scorm.loading')} />
      </Box>
    );
  }
  if (launch.isError || !launch.data) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <Alert severity="error" role="alert" data-testid="scorm-launch-error">
          {errorMessage(launch.error, t)}
        </Alert>
        {back}
      </Stack>
    );
  }
  const state = attempt ?? launch.data.attempt;
  const done = state.status === 'E';
  const score = state.scoreRaw ?? state.scoreScaled;

  return (
    <Stack spacing={1.5} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.3rem', overflowWrap: 'anywhere' }}>
          {state.topicLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {state.topicIdentifier} · SCORM {state.scormVersion}
        </Typography>
        <Box role="status" aria-live="polite" sx={{ mt: 1 }} data-testid="scorm-status">
          {done ? (
            <Alert severity="success">
              {state.validUntil
                ? t('scorm.statusDone', { date: formatDate(state.validUntil) })
                : t('scorm.statusDoneNoDate')}
              {score !== null ? ` ${t('scorm.score', { score })}` : ''}
            </Alert>
          ) : (
            <Typography variant="body2">
              {launch.data.attempt.resumable && !attempt ? `${t('scorm.resumed')} ` : ''}
              {t('scorm.statusRunning')}
              {savedAt ? ` ${t('scorm.savedAt', { time: formatTime(savedAt) })}` : ''}
            </Typography>
          )}
        </Box>
        {commit.error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }} data-testid="scorm-commit-error">
            {t('scorm.saveFailed', { message: errorMessage(commit.error, t) })}
          </Alert>
        )}
      </Paper>
      <Box
        component="iframe"
        ref={frame}
        src={launch.data.launchUrl}
        title={t('scorm.frameTitle', { topic: state.topicLabel })}
        sandbox="allow-scripts allow-forms allow-popups"
        referrerPolicy="same-origin"
        data-testid="scorm-frame"
        sx={{ flex: 1, minHeight: 480, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      {back}
    </Stack>
  );
}
