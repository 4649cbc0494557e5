import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunAnswerResult, RunState } from '@schutzwerk/shared/instructions/run.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { formatDate } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { answerRun, runKeys, startRun } from './api/run-api.ts';
import { CertificateButton } from './components/certificate-button.tsx';
import { FeedbackDialog } from './components/feedback-dialog.tsx';
import { PresentationViewer } from './components/presentation-viewer.tsx';
import { RunQuestionImage } from './components/run-question-image.tsx';

/**
 * /instructions/mine/:id/run — the employee's run-through (decision 041): the questions one by one, each answer
 * checked by the server with its right or wrong message; a blocked day, the passed state with the certificate,
 * and the feedback dialog. Opening the page starts the run or resumes it where it stopped — with a presentation
 * at its slide, the questions asked at their slides (decision 044).
 */
export function RunPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const [last, setLast] = useState<RunAnswerResult | null>(null);
  const [slideMessage, setSlideMessage] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  useToolbar({ title: t('instructionRun.title') });

  const run = useQuery({
    queryKey: runKeys.run(id),
    queryFn: () => startRun(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const state: RunState | undefined = run.data;

  const answer = useMutation({
    mutationFn: () => answerRun(id, { questionId: state?.question?.id ?? 0, chosen }),
    onSuccess: (result) => {
      queryClient.setQueryData(runKeys.run(id), result.state);
      setLast(result);
      setSlideMessage(null);
      setChosen([]);
      setTried(false);
    },
    onError: (error) => {
      // Out of step or blocked meanwhile: take the server's state.
      if (isApiError(error) && (error.code === 'RUN_OUT_OF_STEP' || error.code === 'RUN_BLOCKED'))
        void queryClient.invalidateQueries({ queryKey: runKeys.run(id) });
    },
  });

  useEffect(() => {
    if (last) resultRef.current?.focus();
  }, [last]);

  const back = (
    <Button component={RouterLink} to="/instructions/mine" sx={{ alignSelf: 'flex-start' }}>
      {t('instructionRun.back')}
    </Button>
  );

  if (run.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('instructionRun.loading')} />
      </Box>
    );
  }
  if (run.isError || !state) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        <Alert severity="error" role="alert" data-testid="run-error">
          {errorMessage(run.error, t)}
        </Alert>
        {back}
      </Stack>
    );
  }

  const toggle = (index: number) =>
    setChosen((current) =>
      current.includes(index)
        ? current.filter((i) => i !== index)
        : [...current, index].sort((a, b) => a - b),
    );
  const noChoice = tried && chosen.length === 0;
  const progress = state.total === 0 ? 0 : (state.position / state.total) * 100;

  return (
    <Stack spacing={2} sx={{ maxWidth: 760, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h2" sx={{ fontSize: '1.3rem', overflowWrap: 'anywhere' }}>
          {state.topicLabel}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {state.topicIdentifier}
          {state.mode === 3
            ? ` · ${t('instructionRun.pointsMode', { min: state.minScore ?? 0 })}`
            : ` · ${t('instructionRun.allRightMode')}`}
          {state.attempt > 1 ? ` · ${t('instructionRun.attempt', { attempt: state.attempt })}` : ''}
        </Typography>
        {state.status !== 'passed' ? (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="body2" data-testid="run-progress">
              {t('instructionRun.progress', {
                current: Math.min(state.position + 1, state.total),
                total: state.total,
              })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress}
              aria-label={t('instructionRun.progressLabel')}
              sx={{ mt: 0.5, height: 8, borderRadius: 1 }}
            />
          </Box>
        ) : null}
      </Paper>

      {last ? (
        <Alert
          ref={resultRef}
          tabIndex={-1}
          severity={last.right ? 'success' : 'error'}
          role="status"
          data-testid="answer-result"
        >
          {last.message}
        </Alert>
      ) : null}
      {answer.error ? (
        <Alert severity="error" role="alert" data-testid="answer-error">
          {errorMessage(answer.error, t)}
        </Alert>
      ) : null}

      {slideMessage ? (
        <Alert severity="warning" role="status" data-testid="slide-result">
          {slideMessage}
        </Alert>
      ) : null}

      {state.presentation && state.status !== 'passed' ? (
        <PresentationViewer
          assignmentId={id}
          presentation={state.presentation}
          questionOpen={state.status === 'running' && state.question !== null}
          onMoved={(result) => {
            setLast(null);
            setSlideMessage(result.message);
            // A question asked at the new slide stands below the slides: bring it into view once drawn.
            if (result.state.question)
              requestAnimationFrame(() => questionRef.current?.scrollIntoView({ block: 'nearest' }));
          }}
        />
      ) : null}
      {state.status === 'running' && !state.question && state.presentation && !state.presentation.done ? (
        <Typography color="text.secondary" data-testid="run-watch-slides">
          {t('instructionRun.watchSlides')}
        </Typography>
      ) : null}

      {state.status === 'blocked' ? (
        <Alert severity="warning" role="alert" data-testid="run-blocked">
          {t('instructionRun.blocked', { date: state.blockedUntil ? formatDate(state.blockedUntil) : '' })}
        </Alert>
      ) : null}

      {state.status === 'passed' ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="run-passed">
          <Stack spacing={1.5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CheckCircleIcon color="success" aria-hidden />
              <Typography variant="h3" sx={{ fontSize: '1.15rem' }}>
                {t('instructionRun.passed')}
              </Typography>
            </Box>
            <Typography>
              {state.mode === 3
                ? t('instructionRun.passedPoints', { score: state.score, total: state.total })
                : t('instructionRun.passedAll', { count: state.total })}
            </Typography>
            <Typography>
              {state.validUntil
                ? t('instructionRun.validUntil', { date: formatDate(state.validUntil) })
                : t('instructionRun.validUnlimited')}
            </Typography>
            <Box>
              <CertificateButton assignmentId={id} topicLabel={state.topicLabel} variant="contained" />
            </Box>
          </Stack>
        </Paper>
      ) : null}

      {state.status === 'running' && state.question ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} ref={questionRef}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setTried(true);
              if (chosen.length > 0 && !answer.isPending) answer.mutate();
            }}
          >
            <FormControl component="fieldset" error={noChoice} sx={{ width: '100%', minWidth: 0 }}>
              <FormLabel
                component="legend"
                sx={{ color: 'text.primary', fontWeight: 600, mb: 1, overflowWrap: 'anywhere' }}
                data-testid="run-question"
              >
                {state.question.text}
              </FormLabel>
              {state.question.hasImage ? (
                <RunQuestionImage
                  assignmentId={id}
                  questionId={state.question.id}
                  alt={state.question.text}
                />
              ) : null}
              <FormHelperText sx={{ mx: 0, mb: 1 }}>{t('instructionRun.choiceHint')}</FormHelperText>
              <FormGroup>
                {state.question.answers.map((text, index) => (
                  <FormControlLabel
                    // biome-ignore lint/suspicious/noArrayIndexKey: answers are positions of the question
                    key={`${state.question?.id}-${index}`}
                    control={<Checkbox checked={chosen.includes(index)} onChange={() => toggle(index)} />}
                    label={text}
                    sx={{
                      alignItems: 'flex-start',
                      py: 0.5,
                      '& .MuiCheckbox-root': { pt: 0.5 },
                      overflowWrap: 'anywhere',
                    }}
                  />
                ))}
              </FormGroup>
              {noChoice ? <FormHelperText>{t('instructionRun.chooseOne')}</FormHelperText> : null}
            </FormControl>
            <Button
              type="submit"
              variant="contained"
              disabled={answer.isPending}
              sx={{ mt: 2, width: { xs: '100%', sm: 'auto' }, minHeight: 44 }}
            >
              {t('instructionRun.check')}
            </Button>
          </form>
        </Paper>
      ) : null}

      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {back}
        <Button variant="outlined" onClick={() => setFeedbackOpen(true)} sx={{ minHeight: 40 }}>
          {t('instructionRun.feedback')}
        </Button>
      </Box>
      <FeedbackDialog assignmentId={id} open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Stack>
  );
}
