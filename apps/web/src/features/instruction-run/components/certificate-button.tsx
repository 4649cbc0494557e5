import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { downloadCertificate } from '../api/run-api.ts';

/** Downloads the certificate PDF of a done assignment under the name the server gives. */
export function CertificateButton({
  assignmentId,
  topicLabel,
  variant = 'text',
}: {
  assignmentId: number;
  topicLabel: string;
  variant?: 'text' | 'contained' | 'outlined';
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const download = useMutation({
    mutationFn: () => downloadCertificate(assignmentId),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? 'Teilnahmebescheinigung.pdf'),
    onError: (error) => notify(errorMessage(error, t), 'error'),
  });
  return (
    <Button
      size="small"
      variant={variant}
      startIcon={<DownloadIcon />}
      disabled={download.isPending}
      onClick={() => download.mutate()}
      aria-label={t('instructionRun.certificateFor', { topic: topicLabel })}
      data-testid="certificate-download"
      sx={{ minHeight: 40 }}
    >
      {t('instructionRun.certificate')}
    </Button>
  );
}
