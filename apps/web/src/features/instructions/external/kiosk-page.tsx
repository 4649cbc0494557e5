import BadgeIcon from '@mui/icons-material/Badge';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import FactoryIcon from '@mui/icons-material/Factory';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@schutzwerk/shared/constants.ts';
import {
  type KioskAnswerResult,
  type KioskLocation,
  type KioskState,
  visitorSchema,
} from '@schutzwerk/shared/instructions/external.schema.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from '#app/layout/product-logo.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError, saveBlob } from '#lib/api-client.ts';
import { formatDate } from '#lib/format.ts';
import { useDocumentTitle } from '#lib/use-document-title.ts';
import {
  answerKiosk,
  downloadKioskBadge,
  downloadKioskCertificate,
  externalKeys,
  fetchKioskLocations,
  fetchKioskQuestionImage,
  kioskImageUrl,
  startKiosk,
} from './external-api.ts';
import { KioskPresentation } from './kiosk-presentation.tsx';

const FIELDS = ['firstName', 'lastName', 'company', 'idNumber', 'reason'] as const;
type Field = (typeof FIELDS)[number];
type VisitorDraft = Record<Field, string>;
const EMPTY: VisitorDraft = { firstName: '', lastName: '', company: '', idNumber: '', reason: '' };

/** The server's field messages of a refused start (`path: ['body', field]`). */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!isApiError(error) || !error.details) return {};
  const found: Partial<Record<Field, string>> = {};
  for (const detail of error.details) {
    const field = String(detail.path?.[1]) as Field;
    if (detail.path?.[0] === 'body' && FIELDS.includes(field) && !found[field]) found[field] = detail.message;
  }
  return found;
}

/**
 * /external — the public kiosk of external instructions (decision 074), without an account and without links
 * into the app: choose the location by its image tile, enter the visitor's data, answer the questions of the
 * location's topics one after another — each topic's presentation first, a question's image with it (decision
 * 078) — (a wrong answer starts again from the first topic), download the certificate and the badge. The run's secret lives in this page's memory only: „Fertig“ (or a reload) leaves nothing behind
 * for the next visitor.
 */
export function KioskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('externalInstructions.kiosk.title'));
  const [location, setLocation] = useState<KioskLocation | null>(null);
  const [run, setRun] = useState<{ token: string; state: KioskState } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = run ? (run.state.status === 'passed' ? 'done' : 'run') : location ? 'visitor' : 'location';

  // Each new step moves the focus to its heading (not on the first screen).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  const reset = () => {
    setRun(null);
    setLocation(null);
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1.5,
          bgcolor: '#0d2547',
          color: 'common.white',
        }}
      >
        <ProductLogo size={36} />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {PRODUCT_NAME}
          </Typography>
          <Typography component="p" variant="body2" sx={{ opacity: 0.85 }}>
            {t('externalInstructions.kiosk.subtitle')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', p: { xs: 2, sm: 3 } }}>
        {step === 'location' ? (
          <LocationStep headingRef={headingRef} onChoose={setLocation} />
        ) : step === 'visitor' && location ? (
          <VisitorStep
            headingRef={headingRef}
            location={location}
            onBack={() => setLocation(null)}
            onStarted={setRun}
          />
        ) : step === 'run' && run ? (
          <RunStep
            headingRef={headingRef}
            token={run.token}
            state={run.state}
            onState={(state) => setRun({ token: run.token, state })}
          />
        ) : run ? (
          <DoneStep headingRef={headingRef} token={run.token} state={run.state} onFinish={reset} />
        ) : null}
      </Box>
    </Box>
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function StepHeading({ headingRef, children }: { headingRef: HeadingRef; children: ReactNode }) {
  return (
    <Typography
      ref={headingRef}
      tabIndex={-1}
      variant="h1"
      sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, mb: 2, outline: 'none', overflowWrap: 'anywhere' }}
    >
      {children}
    </Typography>
  );
}

function LocationStep({
  headingRef,
  onChoose,
}: {
  headingRef: HeadingRef;
  onChoose: (l: KioskLocation) => void;
}) {
  const { t } = useTranslation();
  const locations = useQuery({
    queryKey: externalKeys.kioskLocations(),
    queryFn: fetchKioskLocations,
    retry: false,
  });
  return (
    <>
      <StepHeading headingRef={headingRef}>{t('externalInstructions.kiosk.chooseLocation')}</StepHeading>
      {locations.isPending ? (
        <CircularProgress aria-label={t('externalInstructions.kiosk.loading')} />
      ) : locations.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(locations.error, t)}
        </Alert>
      ) : locations.data.length === 0 ? (
        <Alert severity="info" data-testid="kiosk-no-locations">
          {t('externalInstructions.kiosk.noLocations')}
        </Alert>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {locations.data.map((l) => (
            <li key={l.id}>
              <Paper variant="outlined" sx={{ overflow: 'hidden', height: '100%' }}>
                <ButtonBase
                  onClick={() => onChoose(l)}
                  data-testid="kiosk-location"
                  sx={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'stretch',
                    width: '100%',
                    height: '100%',
                  }}
                >
                  {l.hasImage ? (
                    <Box
                      component="img"
                      src={kioskImageUrl(l.id)}
                      alt=""
                      sx={{ width: '100%', height: 140, objectFit: 'cover', display: 'block' }}
                    />
                  ) : (
                    <Box
                      sx={{
                        height: 140,
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        bgcolor: 'action.hover',
                      }}
                    >
                      <FactoryIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
                    </Box>
                  )}
                  <Typography sx={{ p: 1.5, fontWeight: 600, textAlign: 'left', overflowWrap: 'anywhere' }}>
                    {l.name}
                  </Typography>
                </ButtonBase>
              </Paper>
            </li>
          ))}
        </Box>
      )}
    </>
  );
}

function VisitorStep({
  headingRef,
  location,
  onBack,
  onStarted,
}: {
  headingRef: HeadingRef;
  location: KioskLocation;
  onBack: () => void;
  onStarted: (run: { token: string; state: KioskState }) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<VisitorDraft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const start = useMutation({
    mutationFn: () => startKiosk({ locationId: location.id, ...draft }),
    onSuccess: onStarted,
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = visitorSchema.safeParse({ locationId: location.id, ...draft });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`visitor-${first}`)?.focus();
      return;
    }
    setErrors({});
    if (!start.isPending) start.mutate();
  };
  return (
    <>
      <StepHeading headingRef={headingRef}>
        {t('externalInstructions.kiosk.visitorTitle', { location: location.name })}
      </StepHeading>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <form noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary" data-testid="kiosk-required-hint">
              {t('externalInstructions.kiosk.requiredHint')}
            </Typography>
            {FIELDS.map((field) => (
              <TextField
                key={field}
                id={`visitor-${field}`}
                label={t(`externalInstructions.kiosk.fields.${field}`)}
                value={draft[field]}
                onChange={(event) => {
                  setDraft({ ...draft, [field]: event.target.value });
                  if (errors[field]) setErrors({ ...errors, [field]: undefined });
                }}
                required
                fullWidth
                multiline={field === 'reason'}
                minRows={field === 'reason' ? 2 : undefined}
                error={Boolean(errors[field])}
                helperText={errors[field]}
                autoComplete={
                  field === 'firstName'
                    ? 'given-name'
                    : field === 'lastName'
                      ? 'family-name'
                      : field === 'company'
                        ? 'organization'
                        : 'off'
                }
              />
            ))}
            {start.error && Object.keys(serverFieldErrors(start.error)).length === 0 ? (
              <Alert severity="error" role="alert" data-testid="kiosk-start-error">
                {errorMessage(start.error, t)}
              </Alert>
            ) : null}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'space-between' }}>
              <Button onClick={onBack} sx={{ minHeight: 44 }}>
                {t('externalInstructions.kiosk.back')}
              </Button>
              <Button type="submit" variant="contained" disabled={start.isPending} sx={{ minHeight: 44 }}>
                {t('externalInstructions.kiosk.start')}
              </Button>
            </Box>
          </Stack>
        </form>
      </Paper>
    </>
  );
}

function RunStep({
  headingRef,
  token,
  state,
  onState,
}: {
  headingRef: HeadingRef;
  token: string;
  state: KioskState;
  onState: (state: KioskState) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const [last, setLast] = useState<KioskAnswerResult | null>(null);
  // The presentations seen, per attempt and topic: a restart shows the first topic's slides again.
  const [seen, setSeen] = useState<string[]>([]);
  const resultRef = useRef<HTMLDivElement>(null);
  const answer = useMutation({
    mutationFn: () => answerKiosk(token, { questionId: state.question?.id ?? 0, chosen }),
    onSuccess: (result) => {
      setLast(result);
      setChosen([]);
      setTried(false);
      onState(result.state);
    },
  });
  useEffect(() => {
    if (last) resultRef.current?.focus();
  }, [last]);

  const topic = state.topics[state.current];
  const topicKey = `${state.attempt}-${state.current}`;
  const presenting = state.presentation !== null && state.position === 0 && !seen.includes(topicKey);
  const question = presenting ? null : state.question;
  const toggle = (index: number) =>
    setChosen((current) =>
      current.includes(index)
        ? current.filter((i) => i !== index)
        : [...current, index].sort((a, b) => a - b),
    );
  const noChoice = tried && chosen.length === 0;
  return (
    <Stack spacing={2}>
      <StepHeading headingRef={headingRef}>{topic?.label ?? ''}</StepHeading>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" color="text.secondary" data-testid="kiosk-topic-progress">
          {t('externalInstructions.kiosk.topicProgress', {
            current: state.current + 1,
            total: state.topics.length,
          })}
          {state.attempt > 1
            ? ` · ${t('externalInstructions.kiosk.attempt', { attempt: state.attempt })}`
            : ''}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="kiosk-progress">
          {t('externalInstructions.kiosk.questionProgress', {
            current: Math.min(state.position + 1, state.total),
            total: state.total,
          })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={state.total === 0 ? 0 : (state.position / state.total) * 100}
          aria-label={t('externalInstructions.kiosk.progressLabel')}
          sx={{ mt: 0.5, height: 8, borderRadius: 1 }}
        />
      </Paper>
      {last ? (
        <Alert
          ref={resultRef}
          tabIndex={-1}
          severity={last.right ? 'success' : 'error'}
          role="status"
          data-testid="kiosk-answer-result"
        >
          {last.message}
        </Alert>
      ) : null}
      {answer.error ? (
        <Alert severity="error" role="alert" data-testid="kiosk-answer-error">
          {errorMessage(answer.error, t)}
        </Alert>
      ) : null}
      {presenting && state.presentation ? (
        <KioskPresentation
          key={topicKey}
          token={token}
          topicKey={topicKey}
          pages={state.presentation.pages}
          onDone={() => setSeen((keys) => [...keys, topicKey])}
        />
      ) : null}
      {question ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          {question.hasImage ? (
            <KioskQuestionImage token={token} questionId={question.id} alt={question.text} />
          ) : null}
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
                data-testid="kiosk-question"
              >
                {question.text}
              </FormLabel>
              <FormHelperText sx={{ mx: 0, mb: 1 }}>
                {t('externalInstructions.kiosk.choiceHint')}
              </FormHelperText>
              <FormGroup>
                {question.answers.map((text, index) => (
                  <FormControlLabel
                    // biome-ignore lint/suspicious/noArrayIndexKey: answers are positions of the question
                    key={`${question.id}-${index}`}
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
              {noChoice ? <FormHelperText>{t('externalInstructions.kiosk.chooseOne')}</FormHelperText> : null}
            </FormControl>
            <Button
              type="submit"
              variant="contained"
              disabled={answer.isPending}
              sx={{ mt: 2, width: { xs: '100%', sm: 'auto' }, minHeight: 44 }}
            >
              {t('externalInstructions.kiosk.check')}
            </Button>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}

function DoneStep({
  headingRef,
  token,
  state,
  onFinish,
}: {
  headingRef: HeadingRef;
  token: string;
  state: KioskState;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: () => downloadKioskCertificate(token),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Unterweisungsnachweis.pdf'),
  });
  const badge = useMutation({
    mutationFn: () => downloadKioskBadge(token),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Besucherausweis.pdf'),
  });
  const failed = download.error ?? badge.error;
  return (
    <>
      <StepHeading headingRef={headingRef}>{t('externalInstructions.kiosk.doneTitle')}</StepHeading>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="kiosk-done">
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <CheckCircleIcon color="success" aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>
              {t('externalInstructions.kiosk.done', {
                name: state.visitorName,
                location: state.locationName,
              })}
            </Typography>
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {state.topics.map((topic) => (
              <li key={topic.identifier}>{topic.label}</li>
            ))}
          </Box>
          <Typography>
            {state.validUntil
              ? t('externalInstructions.kiosk.validUntil', { date: formatDate(state.validUntil) })
              : t('externalInstructions.kiosk.validUnlimited')}
          </Typography>
          {failed ? (
            <Alert severity="error" role="alert">
              {errorMessage(failed, t)}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<DownloadIcon />}
              disabled={download.isPending}
              onClick={() => download.mutate()}
              data-testid="kiosk-certificate"
              sx={{ minHeight: 44 }}
            >
              {t('externalInstructions.kiosk.certificate')}
            </Button>
            <Button
              variant="contained"
              startIcon={<BadgeIcon />}
              disabled={badge.isPending}
              onClick={() => badge.mutate()}
              data-testid="kiosk-badge"
              sx={{ minHeight: 44 }}
            >
              {t('externalInstructions.kiosk.badge')}
            </Button>
            <Button variant="outlined" onClick={onFinish} sx={{ minHeight: 44 }}>
              {t('externalInstructions.kiosk.finish')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </>
  );
}

/** The image of the question asked (decision 078), fetched with the visitor's token, the question as its text. */
function KioskQuestionImage({ token, questionId, alt }: { token: string; questionId: number; alt: string }) {
  const image = useQuery({
    queryKey: externalKeys.kioskImage(questionId),
    queryFn: () => fetchKioskQuestionImage(token, questionId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const url = useMemo(() => (image.data ? URL.createObjectURL(image.data) : null), [image.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (image.isError) return null;
  if (!url) return <Skeleton variant="rectangular" height={160} sx={{ maxWidth: 360, mb: 1.5 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      data-testid="kiosk-question-image"
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, objectFit: 'contain', mb: 1.5 }}
    />
  );
}
