import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { documentTypeLabel } from '@schutzwerk/shared/documents/documents.schema.ts';
import type { FrozenDocument } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadDocumentFile } from '#features/documents/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';

/**
 * The documents of a frozen version (/hazardanalysis/ref/{versionId}) as linked at release time, each with
 * the file version it had then (downloadable with DOCUMENTS while the document exists). Read-only.
 */
export function FrozenDocuments({ documents }: { documents: FrozenDocument[] }) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const [error, setError] = useState<string | null>(null);
  if (!canAny([P.DOCUMENTS])) return null;
  return (
    <Paper sx={{ p: 2 }} data-testid="frozen-documents">
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('hazardAnalysis.frozenDocuments')}
      </Typography>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {documents.length === 0 ? (
        <Typography color="text.secondary">{t('hazardAnalysis.noFrozenDocuments')}</Typography>
      ) : (
        <List dense disablePadding>
          {documents.map((d) => (
            <ListItem
              key={d.id}
              disableGutters
              secondaryAction={
                d.fileVersionId !== null && d.fileName !== null ? (
                  <Tooltip title={t('documents.download')}>
                    <IconButton
                      aria-label={`${t('documents.download')} ${d.fileName}`}
                      onClick={() => {
                        if (d.fileVersionId !== null && d.fileName !== null)
                          downloadDocumentFile(d.id, d.fileVersionId, d.fileName).catch((e) =>
                            setError(errorMessage(e, t)),
                          );
                      }}
                    >
                      <DownloadIcon />
                    </IconButton>
                  </Tooltip>
                ) : null
              }
            >
              <ListItemText
                primary={d.label}
                secondary={[
                  documentTypeLabel(d.type),
                  d.fileName
                    ? t('hazardAnalysis.frozenFile', { name: d.fileName, number: d.fileVersionNumber })
                    : d.fileVersionId !== null
                      ? t('documents.fileHidden')
                      : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
