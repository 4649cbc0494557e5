import PrintIcon from '@mui/icons-material/Print';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Questionnaire } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useQuestionnaire, useUpdateQuestionnaire } from './api/questionnaires-api.ts';
import { CommentForm } from './components/comment-form.tsx';
import { EntryCard } from './components/entry-card.tsx';
import { SegmentLinks, SendDialog } from './components/segment-links.tsx';

/** The segments in tree order (parents before children) with their depth. */
function treeOrder(segments: Questionnaire['segments']) {
  const out: { segment: Questionnaire['segments'][number]; depth: number }[] = [];
  const keys = new Set(segments.map((s) => s.key));
  const visit = (parent: number | null, depth: number) => {
    for (const s of segments)
      if (s.parentKey === parent || (parent === null && s.parentKey !== null && !keys.has(s.parentKey))) {
        if (out.some((o) => o.segment.key === s.key)) continue;
        out.push({ segment: s, depth });
        visit(s.key, depth + 1);
      }
  };
  visit(null, 0);
  return out;
}

/** /checklists/tree/{viewMode}/{id}: the questionnaire viewer in its view modes (edit fills, read shows). */
export function QuestionnairePage() {
  const { t } = useTranslation();
  const { viewMode = '', id = '' } = useParams();
  const navigate = useNavigate();
  const qid = Number(id);
  const query = useQuestionnaire(qid, viewMode);
  const q = query.data;
  useToolbar({
    title: q ? `${t('questionnaires.view.title')}: ${q.title}` : t('questionnaires.view.title'),
    back: '/checklists/tree',
  });

  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('questionnaires.view.title')} />
      </Box>
    );
  if (!q)
    return (
      <Stack spacing={2} sx={{ maxWidth: 800 }}>
        <Alert severity="error" role="alert">
          {errorMessage(query.error, t)}
        </Alert>
        <Button component={RouterLink} to="/checklists/tree" sx={{ alignSelf: 'flex-start' }}>
          {t('questionnaires.view.back')}
        </Button>
      </Stack>
    );
  return (
    <Viewer
      key={`${q.id}-${q.mode}-${q.version}`}
      questionnaire={q}
      onMode={(mode) => void navigate(`/checklists/tree/${mode}/${q.id}`)}
      onReload={() => void query.refetch()}
    />
  );
}

function Viewer({
  questionnaire: q,
  onMode,
  onReload,
}: {
  questionnaire: Questionnaire;
  onMode: (mode: string) => void;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const update = useUpdateQuestionnaire(q.id);
  const canEdit = canAny([P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]);
  // „Sammlung senden …“ for the whole questionnaire: the segment is picked (checklist_segment, decision 070).
  const [sending, setSending] = useState(false);
  const canSend = canEdit && q.status === 'open' && q.segments.some((s) => s.editable);
  const setStatus = (status: 'open' | 'done') =>
    update.mutate(
      { version: q.version, title: q.title, status },
      {
        onSuccess: () => {
          notify(status === 'done' ? t('questionnaires.view.finished') : t('questionnaires.view.reopened'));
          onReload();
        },
      },
    );
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <Paper sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {q.title}
          </Typography>
          <Typography color="text.secondary">{q.typeTitle}</Typography>
          <Chip
            color={q.status === 'done' ? 'success' : 'default'}
            label={t(`questionnaires.status.${q.status}`)}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={q.mode}
            aria-label={t('questionnaires.view.modes')}
            onChange={(_, mode: string | null) => mode && onMode(mode)}
          >
            <ToggleButton value="edit">{t('questionnaires.view.modeEdit')}</ToggleButton>
            <ToggleButton value="read">{t('questionnaires.view.modeRead')}</ToggleButton>
          </ToggleButtonGroup>
          <Button component={RouterLink} to={`/checklists/tree/print/${q.id}`} startIcon={<PrintIcon />}>
            {t('questionnaires.print.button')}
          </Button>
          {canSend && (
            <Button startIcon={<SendIcon />} onClick={() => setSending(true)}>
              {t('questionnaires.links.sendAny')}
            </Button>
          )}
          {canEdit && q.mode === 'edit' && (
            <Button
              variant={q.status === 'open' ? 'contained' : 'outlined'}
              disabled={update.isPending}
              onClick={() => setStatus(q.status === 'open' ? 'done' : 'open')}
            >
              {q.status === 'open' ? t('questionnaires.view.finish') : t('questionnaires.view.reopen')}
            </Button>
          )}
        </Stack>
        {q.hazardAnalysisId !== null && (
          <Link
            component={RouterLink}
            to={`/hazardanalysis/${q.hazardAnalysisId}`}
            sx={{ display: 'inline-block', mt: 1 }}
          >
            {t('questionnaires.view.assessment')}
          </Link>
        )}
        {update.error && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {errorMessage(update.error, t)}
          </Alert>
        )}
      </Paper>
      {sending && (
        <SendDialog
          questionnaireId={q.id}
          typeId={q.typeId}
          segment={null}
          onClose={() => setSending(false)}
        />
      )}
      {treeOrder(q.segments).map(({ segment, depth }) => (
        <Box
          key={segment.key}
          component="section"
          aria-label={`${segment.segment} ${segment.label}`.trim()}
          sx={{ pl: { xs: depth, sm: depth * 3 } }}
        >
          <Typography variant="h6" component="h2" gutterBottom>
            {`${segment.segment} ${segment.label}`.trim()}
          </Typography>
          {segment.brickTitle && (
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t('questionnaires.view.brick', { title: segment.brickTitle })}
            </Typography>
          )}
          <Stack spacing={2}>
            <SegmentLinks questionnaire={q} segment={segment} />
            {q.editable && !segment.editable && (
              <Typography variant="body2" color="text.secondary">
                {t('questionnaires.view.readOnlySegment')}
              </Typography>
            )}
            {segment.entries.length === 0 && (
              <Typography color="text.secondary">{t('questionnaires.view.noEntries')}</Typography>
            )}
            {segment.entries.map((entry) => (
              <EntryCard
                key={entry.entryId}
                questionnaireId={q.id}
                entry={entry}
                editable={segment.editable}
                onReload={onReload}
              />
            ))}
            {segment.editable &&
              segment.brickId !== null &&
              q.hazardAnalysisId !== null &&
              segment.entries.length > 0 && <CommentForm questionnaire={q} segment={segment} />}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
