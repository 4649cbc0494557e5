import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RunSlideResult, RunState } from '@schutzwerk/shared/instructions/run.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { fetchRunPresentation, moveToSlide, runKeys } from '../api/run-api.ts';

type Presentation = NonNullable<RunState['presentation']>;

/** pdf.js and the document, loaded together: the library is a chunk of its own (only run pages with slides). */
async function loadPresentation(assignmentId: number) {
  const [pages, data] = await Promise.all([import('#lib/pdf-pages.ts'), fetchRunPresentation(assignmentId)]);
  return { pdf: await pages.openPdf(data), renderPage: pages.renderPage };
}

/** The width the page is drawn at: the box's width, followed while the window changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The presentation viewer of the run-through (decision 044): the PDF's pages one by one, previous/next with the
 * buttons or the arrow keys, „Folie x von y“. Each move is stored on the server (the run resumes at its slide);
 * while a question of the current slide is open, the viewer does not go further (`questionOpen`).
 */
export function PresentationViewer({
  assignmentId,
  presentation,
  questionOpen,
  onMoved,
}: {
  assignmentId: number;
  presentation: Presentation;
  questionOpen: boolean;
  onMoved: (result: RunSlideResult) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { ref: boxRef, width } = useWidth<HTMLDivElement>();
  const [rendered, setRendered] = useState<number | null>(null);
  const [drawError, setDrawError] = useState(false);
  const { pages, slide, done } = presentation;

  const document = useQuery({
    queryKey: runKeys.presentation(assignmentId),
    queryFn: () => loadPresentation(assignmentId),
    staleTime: Number.POSITIVE_INFINITY,
    structuralSharing: false,
    retry: false,
  });
  const loaded = document.data;

  // Drawing into the canvas is a side effect of the page shown and the space it has.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!loaded || !canvas || width === 0) return;
    let cancelled = false;
    let task: { cancel: () => void } | null = null;
    setDrawError(false);
    void (async () => {
      try {
        const running = await loaded.renderPage(loaded.pdf, slide, canvas, width);
        if (cancelled) {
          running.cancel();
          return;
        }
        task = running;
        await running.promise;
        if (!cancelled) setRendered(slide);
      } catch (error) {
        if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException')
          setDrawError(true);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [loaded, slide, width]);

  const move = useMutation({
    mutationFn: (input: { slide: number; done?: boolean }) => moveToSlide(assignmentId, input),
    onSuccess: (result) => {
      queryClient.setQueryData(runKeys.run(assignmentId), result.state);
      onMoved(result);
    },
    onError: (error) => {
      if (isApiError(error) && error.code !== 'RUN_QUESTION_PENDING')
        void queryClient.invalidateQueries({ queryKey: runKeys.run(assignmentId) });
    },
  });

  const atEnd = slide >= pages;
  const canBack = slide > 1 && !move.isPending;
  // After the last slide the remaining questions do not hold the slides: going back and forth stays free.
  const held = questionOpen && !done;
  const canForward = !held && !move.isPending && !(atEnd && done);
  const back = () => {
    if (canBack) move.mutate({ slide: slide - 1 });
  };
  const forward = () => {
    if (!canForward) return;
    move.mutate(atEnd ? { slide: pages, done: true } : { slide: slide + 1 });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') {
      event.preventDefault();
      forward();
    } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
      event.preventDefault();
      back();
    }
  };
  const position = t('instructionRun.slideOf', { slide, pages });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="presentation-viewer">
      <Stack spacing={1.5}>
        <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
          {t('instructionRun.presentation')}
        </Typography>
        <Box
          ref={boxRef}
          role="region"
          aria-roledescription={t('instructionRun.presentationRole')}
          aria-label={t('instructionRun.presentationKeys')}
          tabIndex={0}
          onKeyDown={onKeyDown}
          sx={{
            width: '100%',
            minHeight: 120,
            position: 'relative',
            bgcolor: 'grey.100',
            borderRadius: 1,
            overflow: 'hidden',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {document.isError || drawError ? (
            <Alert severity="error" role="alert" data-testid="presentation-error">
              {document.isError ? errorMessage(document.error, t) : t('instructionRun.presentationDrawError')}
            </Alert>
          ) : null}
          {document.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress aria-label={t('instructionRun.presentationLoading')} />
            </Box>
          ) : null}
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={position}
            data-testid="presentation-canvas"
            data-page={rendered ?? undefined}
            style={{ display: document.isSuccess ? 'block' : 'none', maxWidth: '100%' }}
          />
        </Box>
        <Typography variant="body2" aria-live="polite" data-testid="presentation-position">
          {position}
        </Typography>
        {held ? (
          <Typography variant="body2" color="text.secondary" data-testid="presentation-wait">
            {t('instructionRun.answerFirst')}
          </Typography>
        ) : null}
        {move.error ? (
          <Alert severity="warning" role="alert" data-testid="presentation-move-error">
            {errorMessage(move.error, t)}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button
            variant="outlined"
            startIcon={<NavigateBeforeIcon />}
            disabled={!canBack}
            onClick={back}
            sx={{ minHeight: 44 }}
          >
            {t('instructionRun.previousSlide')}
          </Button>
          <Button
            variant="contained"
            endIcon={<NavigateNextIcon />}
            disabled={!canForward}
            onClick={forward}
            sx={{ minHeight: 44 }}
          >
            {!atEnd
              ? t('instructionRun.nextSlide')
              : done
                ? t('instructionRun.slidesFinished')
                : t('instructionRun.finishSlides')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
