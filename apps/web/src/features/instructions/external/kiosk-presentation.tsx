import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { externalKeys, fetchKioskPresentation } from './external-api.ts';

/** pdf.js (a chunk of its own, shared with the run page's viewer) and the topic's file, loaded together. */
async function loadPresentation(token: string) {
  const [pages, data] = await Promise.all([import('#lib/pdf-pages.ts'), fetchKioskPresentation(token)]);
  return { pdf: await pages.openPdf(data), renderPage: pages.renderPage };
}

/**
 * The kiosk's presentation (decision 078): the current topic's PDF page by page before its questions, previous
 * and next with the buttons or the arrow keys; after the last slide „Weiter zu den Fragen“. The slide lives in
 * the page only (a visitor's run keeps no slide on the server).
 */
export function KioskPresentation({
  token,
  topicKey,
  pages,
  onDone,
}: {
  token: string;
  /** Identifies the topic and attempt: a new one loads its own file. */
  topicKey: string;
  pages: number;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [slide, setSlide] = useState(1);
  const [rendered, setRendered] = useState<number | null>(null);
  const [drawError, setDrawError] = useState(false);

  useEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const document = useQuery({
    queryKey: externalKeys.kioskPresentation(topicKey),
    queryFn: () => loadPresentation(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    structuralSharing: false,
    retry: false,
  });
  const loaded = document.data;

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

  const atEnd = slide >= pages;
  const back = () => setSlide((s) => Math.max(1, s - 1));
  const forward = () => (atEnd ? onDone() : setSlide((s) => Math.min(pages, s + 1)));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'PageDown') {
      event.preventDefault();
      if (!atEnd) forward();
    } else if (event.key === 'ArrowLeft' || event.key === 'PageUp') {
      event.preventDefault();
      back();
    }
  };
  const position = t('externalInstructions.kiosk.slideOf', { slide, pages });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} data-testid="kiosk-presentation">
      <Stack spacing={1.5}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('externalInstructions.kiosk.presentation')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('externalInstructions.kiosk.presentationHint')}
        </Typography>
        <Box
          ref={boxRef}
          role="region"
          aria-roledescription={t('externalInstructions.kiosk.presentationRole')}
          aria-label={t('externalInstructions.kiosk.presentationKeys')}
          tabIndex={0}
          onKeyDown={onKeyDown}
          sx={{
            width: '100%',
            minHeight: 120,
            bgcolor: 'grey.100',
            borderRadius: 1,
            overflow: 'hidden',
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {document.isError || drawError ? (
            <Alert severity="error" role="alert" data-testid="kiosk-presentation-error">
              {document.isError
                ? errorMessage(document.error, t)
                : t('externalInstructions.kiosk.presentationDrawError')}
            </Alert>
          ) : null}
          {document.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress aria-label={t('externalInstructions.kiosk.presentationLoading')} />
            </Box>
          ) : null}
          <canvas
            ref={canvasRef}
            role="img"
            aria-label={position}
            data-testid="kiosk-presentation-canvas"
            data-page={rendered ?? undefined}
            style={{ display: document.isSuccess ? 'block' : 'none', maxWidth: '100%' }}
          />
        </Box>
        <Typography variant="body2" aria-live="polite" data-testid="kiosk-presentation-position">
          {position}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button
            variant="outlined"
            startIcon={<NavigateBeforeIcon />}
            disabled={slide <= 1}
            onClick={back}
            sx={{ minHeight: 44 }}
          >
            {t('externalInstructions.kiosk.previousSlide')}
          </Button>
          <Button
            variant="contained"
            endIcon={<NavigateNextIcon />}
            onClick={forward}
            sx={{ minHeight: 44 }}
            data-testid="kiosk-presentation-next"
          >
            {atEnd ? t('externalInstructions.kiosk.toQuestions') : t('externalInstructions.kiosk.nextSlide')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
