import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useRoute, useStartRoute } from '../api/questionnaires-api.ts';
import { StartQuestionnaireDialog } from './start-dialog.tsx';

type Props = {
  analysisId: number;
  /** The assessment's version (starting the questionnaire changes the assessment). */
  version: number;
  title: string;
  /** Called after the questionnaire was started (the assessment's version moved on). */
  onStarted: () => void;
};

/** The questionnaire of a hazard assessment (its route): open it, or start one. */
export function QuestionnaireRouteSection({ analysisId, version, title, onStarted }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const headingId = useId();
  const { canAny } = usePermissions();
  const route = useRoute(analysisId);
  const start = useStartRoute(analysisId);
  const [starting, setStarting] = useState(false);
  if (!canAny([P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST])) return null;
  const none = isApiError(route.error) && route.error.code === 'QUESTIONNAIRE_ROUTE_NOT_FOUND';
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby={headingId} data-testid="questionnaire-route">
      <Stack spacing={1.5}>
        <Typography id={headingId} variant="h6" component="h2">
          {t('questionnaires.route.title')}
        </Typography>
        {route.data && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography>
              {t('questionnaires.route.status', {
                title: route.data.title,
                status: t(`questionnaires.status.${route.data.status}`),
              })}
            </Typography>
            <Button
              component={RouterLink}
              to={`/checklists/tree/${route.data.status === 'open' && canAny([P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]) ? 'edit' : 'read'}/${route.data.id}`}
              variant="outlined"
            >
              {t('questionnaires.route.open')}
            </Button>
          </Stack>
        )}
        {none && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">{t('questionnaires.route.none')}</Typography>
            {canAny([P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]) && (
              <Button variant="outlined" onClick={() => setStarting(true)}>
                {t('questionnaires.start.title')}
              </Button>
            )}
          </Stack>
        )}
        {route.error && !none && (
          <Alert severity="error" role="alert">
            {errorMessage(route.error, t)}
          </Alert>
        )}
      </Stack>
      <StartQuestionnaireDialog
        open={starting}
        defaultTitle={title}
        onClose={() => setStarting(false)}
        onStart={async (input) => {
          await start.mutateAsync({ ...input, version });
          notify(t('questionnaires.start.started'));
          onStarted();
        }}
      />
    </Paper>
  );
}
