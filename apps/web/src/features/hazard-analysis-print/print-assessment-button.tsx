import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { downloadAssessmentPdf } from './print-api.ts';

/**
 * 'Drucken' on the editor and the reference view: downloads the assessment's PDF under the name the server
 * gives (content-filename). Shown only with HAZARDANALYSIS_PRINT (the server checks it too).
 */
export function PrintAssessmentButton(props: { analysisId: number } | { versionId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const target = 'analysisId' in props ? { analysisId: props.analysisId } : { versionId: props.versionId };
  const print = useMutation({
    mutationFn: () => downloadAssessmentPdf(target),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Gefaehrdungsbeurteilung.pdf'),
    onError: (error) => notify(t('hazardAnalysisPrint.failed', { message: errorMessage(error, t) }), 'error'),
  });
  if (!canAny([P.HAZARDANALYSIS_PRINT])) return null;
  return (
    <Button
      startIcon={<PrintIcon />}
      onClick={() => print.mutate()}
      disabled={print.isPending}
      data-testid="print-assessment"
    >
      {print.isPending ? t('hazardAnalysisPrint.printing') : t('hazardAnalysisPrint.print')}
    </Button>
  );
}
