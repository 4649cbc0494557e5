import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EFFECTIVENESS_SCALE,
  EFFECTIVENESS_SCALE_LABELS,
  type EffectivenessTopic,
  type EffectivenessVerdict,
  proposedVerdict,
  scaleWordOf,
  unratedMessage,
} from '@schutzwerk/shared/instructions/evaluations-effectiveness.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError, saveBlob } from '#lib/api-client.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import {
  downloadEffectiveness,
  useCreateEffectivenessReview,
  useEffectivenessDetail,
  useEffectivenessOverview,
} from './api-effectiveness.ts';

const K = 'instructionEvaluations.effectiveness';

const percent = (v: number | null) =>
  v === null ? '–' : `${formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
const share = (right: number, answers: number) =>
  answers === 0 ? '–' : percent(Math.round((right * 1000) / answers) / 10);
const average = (v: number) => formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
/** Today in the browser's time zone (the review day's default). */
function localToday(): string {
  const d = new Date();
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * Tab „Wirksamkeit“ of the evaluations page (decision 075): the portal's topics with their effectiveness, last
 * review, average on the evaluation scale, number of reviews and the evidence the data holds (the year's
 * completion rate, answers right at the first attempt); „Wirksamkeit prüfen“ (TOPICS_EFFECTIVENESS) rates every
 * criterion, „Verlauf“ shows a topic's reviews; the table as XLSX and PDF.
 */
export default function EffectivenessTab({ year }: { year: number }) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const mayReview = canAny([P.TOPICS_EFFECTIVENESS]);
  const overview = useEffectivenessOverview(year);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [history, setHistory] = useState<EffectivenessTopic | null>(null);
  const download = useMutation({
    mutationFn: (format: 'xlsx' | 'pdf') => downloadEffectiveness(year, format),
    onSuccess: ({ blob, fileName }, format) =>
      saveBlob(blob, fileName ?? `Unterweisungen-Wirksamkeit-${year}.${format}`),
  });
  const title = t(`${K}.title`);
  const reviewed = overview.data?.topics.find((x) => x.id === reviewing) ?? null;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            startIcon={<DownloadIcon />}
            disabled={download.isPending}
            onClick={() => download.mutate('xlsx')}
            aria-label={t('instructionEvaluations.exportOf', { table: title })}
          >
            {t('instructionEvaluations.export')}
          </Button>
          <Button
            size="small"
            startIcon={<PrintIcon />}
            disabled={download.isPending}
            onClick={() => download.mutate('pdf')}
            aria-label={t('instructionEvaluations.printOf', { table: title })}
          >
            {t('instructionEvaluations.print')}
          </Button>
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t(`${K}.hint`, { year })}
      </Typography>
      {(overview.error || download.error) && (
        <Alert severity="error" role="alert">
          {errorMessage(overview.error ?? download.error, t)}
        </Alert>
      )}
      {overview.isPending && <CircularProgress aria-label={t('instructionEvaluations.loading')} />}
      {overview.data &&
        (overview.data.topics.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t(`${K}.noTopics`)}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title} data-testid="effectiveness-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t(`${K}.topic`)}</TableCell>
                  <TableCell>{t(`${K}.effectiveness`)}</TableCell>
                  <TableCell>{t(`${K}.lastReview`)}</TableCell>
                  <TableCell>{t(`${K}.reviewer`)}</TableCell>
                  <TableCell>{t(`${K}.rating`)}</TableCell>
                  <TableCell align="right">{t(`${K}.reviews`)}</TableCell>
                  <TableCell align="right">{t(`${K}.rate`, { year })}</TableCell>
                  <TableCell align="right">{t(`${K}.firstAttempt`)}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t(`${K}.actions`)}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {overview.data.topics.map((row) => (
                  <TableRow key={row.id} data-testid={`effectiveness-row-${row.id}`}>
                    <TableCell component="th" scope="row">
                      {row.label}
                    </TableCell>
                    <TableCell>{t(`${K}.state.${row.effectiveness}`)}</TableCell>
                    <TableCell>{row.lastReview ? formatDate(row.lastReview.reviewedOn) : '–'}</TableCell>
                    <TableCell>{row.lastReview?.reviewerName ?? ''}</TableCell>
                    <TableCell>{row.lastReview ? scaleWordOf(row.lastReview.average) : ''}</TableCell>
                    <TableCell align="right">{formatNumber(row.reviews)}</TableCell>
                    <TableCell align="right">{percent(row.rate)}</TableCell>
                    <TableCell align="right">
                      {share(row.firstAttemptRight, row.firstAttemptAnswers)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {mayReview && (
                        <Button
                          size="small"
                          onClick={() => setReviewing(row.id)}
                          aria-label={t(`${K}.reviewOf`, { topic: row.label })}
                        >
                          {t(`${K}.review`)}
                        </Button>
                      )}
                      <Button
                        size="small"
                        onClick={() => setHistory(row)}
                        aria-label={t(`${K}.historyOf`, { topic: row.label })}
                      >
                        {t(`${K}.history`)}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ))}
      {overview.data && reviewed && (
        <ReviewDialog
          key={reviewed.id}
          topic={reviewed}
          criteria={overview.data.criteria}
          onReload={() => overview.refetch()}
          reloading={overview.isFetching}
          onClose={() => setReviewing(null)}
        />
      )}
      {history && <HistoryDialog topic={history} onClose={() => setHistory(null)} />}
    </Paper>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function ReviewDialog(props: {
  topic: EffectivenessTopic;
  criteria: string[];
  onReload: () => unknown;
  reloading: boolean;
  onClose: () => void;
}) {
  const { topic, criteria, onClose } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const save = useCreateEffectivenessReview();
  const [ratings, setRatings] = useState<(number | null)[]>(() => criteria.map(() => null));
  const [verdict, setVerdict] = useState<EffectivenessVerdict | null>(null);
  const [reviewedOn, setReviewedOn] = useState(localToday());
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  // The version the review is saved against: the topic's, taken again by „Neu laden“ after a conflict.
  const [version, setVersion] = useState(topic.version);

  const unrated = ratings.filter((r) => r === null).length;
  const rated = ratings.filter((r): r is number => r !== null);
  const mean = rated.length > 0 ? rated.reduce((a, b) => a + b, 0) / rated.length : null;
  const proposal = mean === null || unrated > 0 ? null : proposedVerdict(mean);
  const chosen = verdict ?? proposal;
  const conflict = isApiError(save.error) && save.error.status === 409 && save.error.code === 'CONFLICT';
  const fields = fieldErrors(save.error);

  const submit = () => {
    setTried(true);
    if (unrated > 0 || chosen === null) return;
    save.mutate(
      {
        topicId: topic.id,
        review: { version, reviewedOn, criteria, ratings, verdict: chosen, note },
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t(`${K}.dialogTitle`, { topic: topic.label })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="effectiveness-evidence">
          {t(`${K}.evidence`, {
            rate: percent(topic.rate),
            firstAttempt: share(topic.firstAttemptRight, topic.firstAttemptAnswers),
            last: topic.lastReview
              ? t(`${K}.evidenceLast`, {
                  day: formatDate(topic.lastReview.reviewedOn),
                  word: scaleWordOf(topic.lastReview.average),
                })
              : t(`${K}.evidenceNone`),
          })}
        </Typography>
        <TextField
          type="date"
          label={t(`${K}.reviewedOn`)}
          value={reviewedOn}
          onChange={(e) => setReviewedOn(e.target.value)}
          error={Boolean(fields.reviewedOn)}
          helperText={fields.reviewedOn ?? ' '}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 240 }}
        />
        {criteria.map((criterion, i) => (
          <FormControl
            key={criterion}
            component="fieldset"
            error={tried && ratings[i] === null}
            data-testid={`criterion-${i}`}
          >
            <FormLabel component="legend">
              {i + 1}. {criterion}
            </FormLabel>
            <RadioGroup
              row
              value={ratings[i] === null ? '' : String(ratings[i])}
              onChange={(e) =>
                setRatings((current) => current.map((v, j) => (j === i ? Number(e.target.value) : v)))
              }
            >
              {EFFECTIVENESS_SCALE.map((step) => (
                <FormControlLabel
                  key={step}
                  value={String(step)}
                  control={<Radio />}
                  label={EFFECTIVENESS_SCALE_LABELS[step]}
                />
              ))}
            </RadioGroup>
          </FormControl>
        ))}
        {mean !== null && (
          <Typography variant="body2" data-testid="effectiveness-average">
            {t(`${K}.average`, { value: average(mean), word: scaleWordOf(mean) })}
          </Typography>
        )}
        <FormControl component="fieldset" error={tried && chosen === null}>
          <FormLabel component="legend">{t(`${K}.verdict`)}</FormLabel>
          <RadioGroup
            row
            value={chosen ?? ''}
            onChange={(e) => setVerdict(e.target.value as EffectivenessVerdict)}
          >
            <FormControlLabel value="effective" control={<Radio />} label={t(`${K}.verdictEffective`)} />
            <FormControlLabel
              value="notEffective"
              control={<Radio />}
              label={t(`${K}.verdictNotEffective`)}
            />
          </RadioGroup>
          <Typography variant="caption" color="text.secondary">
            {t(`${K}.verdictHint`)}
          </Typography>
        </FormControl>
        <TextField
          label={t(`${K}.note`)}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(fields.note)}
          helperText={fields.note ?? ' '}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        {tried && unrated > 0 && (
          <Alert severity="error" role="alert" data-testid="effectiveness-unrated">
            {unratedMessage(unrated)}
          </Alert>
        )}
        {conflict ? (
          <ConflictAlert
            announce
            message={t(`${K}.conflict`)}
            reloading={props.reloading}
            onReload={async () => {
              const fresh = (await props.onReload()) as
                | { data?: { topics: EffectivenessTopic[] } }
                | undefined;
              const now = fresh?.data?.topics.find((x) => x.id === topic.id);
              if (now) setVersion(now.version);
              save.reset();
            }}
          />
        ) : (
          save.error &&
          Object.keys(fields).length === 0 && (
            <Alert severity="error" role="alert">
              {errorMessage(save.error, t)}
            </Alert>
          )
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t(`${K}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function HistoryDialog({ topic, onClose }: { topic: EffectivenessTopic; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const detail = useEffectivenessDetail(topic.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t(`${K}.historyTitle`, { topic: topic.label })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        {detail.error && (
          <Alert severity="error" role="alert">
            {errorMessage(detail.error, t)}
          </Alert>
        )}
        {detail.isPending && <CircularProgress aria-label={t('instructionEvaluations.loading')} />}
        {detail.data && (
          <>
            {detail.data.reviews.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t(`${K}.noReviews`)}
              </Typography>
            ) : (
              detail.data.reviews.map((r) => (
                <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="effectiveness-review">
                  <Typography variant="subtitle2" component="h3">
                    {t(`${K}.reviewLine`, {
                      day: formatDate(r.reviewedOn),
                      reviewer: r.reviewerName,
                      verdict: t(
                        r.verdict === 'effective' ? `${K}.verdictEffective` : `${K}.verdictNotEffective`,
                      ),
                      value: average(r.average),
                      word: scaleWordOf(r.average),
                    })}
                  </Typography>
                  <Table size="small" aria-label={t(`${K}.ratingsOf`, { day: formatDate(r.reviewedOn) })}>
                    <TableBody>
                      {r.criteria.map((c, i) => (
                        <TableRow key={c}>
                          <TableCell component="th" scope="row">
                            {c}
                          </TableCell>
                          <TableCell>
                            {EFFECTIVENESS_SCALE_LABELS[r.ratings[i] as 1 | 2 | 3 | 4 | 5] ?? ''}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {r.note && (
                    <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                      {r.note}
                    </Typography>
                  )}
                </Paper>
              ))
            )}
            <Typography variant="subtitle1" component="h3">
              {t(`${K}.questionsTitle`)}
            </Typography>
            {detail.data.questions.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t(`${K}.noQuestions`)}
              </Typography>
            ) : (
              <Table size="small" aria-label={t(`${K}.questionsTitle`)}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t(`${K}.question`)}</TableCell>
                    <TableCell align="right">{t(`${K}.answers`)}</TableCell>
                    <TableCell align="right">{t(`${K}.firstAttempt`)}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {detail.data.questions.map((q) => (
                    <TableRow key={q.questionId}>
                      <TableCell component="th" scope="row">
                        {q.text}
                      </TableCell>
                      <TableCell align="right">{formatNumber(q.answers)}</TableCell>
                      <TableCell align="right">{share(q.right, q.answers)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Typography variant="caption" color="text.secondary">
              {t(`${K}.firstAttemptHint`)}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
