import AttachFileIcon from '@mui/icons-material/AttachFile';
import DownloadIcon from '@mui/icons-material/Download';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type DocumentLinkEntity,
  type DocumentRow,
  documentTypeLabel,
} from '@schutzwerk/shared/documents/documents.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { DOCUMENT_LIST_SOURCE } from '../api/document-keys.ts';
import { useDocumentLinkMutation, useDocumentLinks } from '../api/document-links.ts';
import { downloadDocumentFile } from '../api/download-document-file.ts';
import { UploadDialog } from './upload-dialog.tsx';

type Props = {
  entity: DocumentLinkEntity;
  entityId: number;
  /** The record cannot be changed by this user now (no right, inactive …): list and download only. */
  readOnly?: boolean;
  /** After a document was attached or detached (e.g. the record's version rose: reload it). */
  onChanged?: () => void;
  /** New files come from the camera (photos of a filled checklist, decision 059). */
  photos?: boolean;
};

/**
 * The one way other modules show and attach documents (decision 016): the documents linked to a record,
 * a picker of existing documents, and "upload new" (creates a document from the file, then links it).
 * Without DOCUMENTS it renders nothing; attaching needs DOCUMENTS_EDIT or DOCUMENTS_CREATE.
 */
export function AttachedDocuments({ entity, entityId, readOnly = false, onChanged, photos = false }: Props) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const canRead = canAny([P.DOCUMENTS]);
  const links = useDocumentLinks(entity, entityId, canRead);
  const mutation = useDocumentLinkMutation(entity, entityId);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canAttach = !readOnly && canAny([P.DOCUMENTS_EDIT, P.DOCUMENTS_CREATE]);
  const canDetach = !readOnly && canAny([P.DOCUMENTS_EDIT]);
  const canCreate = canAny([P.DOCUMENTS_CREATE]);

  const columns = useMemo<ScrollingListColumn<DocumentRow>[]>(
    () => [
      { id: 'label', header: t('documents.label'), render: (r) => r.label },
      { id: 'type', header: t('documents.type'), render: (r) => documentTypeLabel(r.type) },
      {
        id: 'file',
        header: t('documents.file'),
        render: (r) =>
          r.fileName ?? (r.confidential && r.fileCount > 0 ? t('documents.fileHiddenShort') : ''),
      },
    ],
    [t],
  );

  const change = (documentId: number, remove?: boolean) => {
    setError(null);
    mutation.mutate(
      { documentId, ...(remove ? { remove } : {}) },
      { onSuccess: () => onChanged?.(), onError: (e) => setError(errorMessage(e, t)) },
    );
  };
  const attach = (documentId: number) => change(documentId);

  if (!canRead) return null;
  const docs = links.data ?? [];
  return (
    <Stack
      spacing={1}
      component="section"
      aria-label={t('documents.attached')}
      data-testid="attached-documents"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', flex: 1 }}>
          {t('documents.attached')}
        </Typography>
        {canAttach && (
          <Button size="small" startIcon={<AttachFileIcon />} onClick={() => setPickerOpen(true)}>
            {t('documents.attach')}
          </Button>
        )}
        {canAttach && canCreate && (
          <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setUploadOpen(true)}>
            {photos ? t('documents.attachPhoto') : t('documents.attachNew')}
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {links.isError && <Alert severity="error">{errorMessage(links.error, t)}</Alert>}
      {docs.length === 0 && links.isSuccess ? (
        <Typography variant="body2" color="text.secondary">
          {t('documents.noAttached')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {docs.map((doc) => (
            <ListItem
              key={doc.id}
              disableGutters
              secondaryAction={
                <>
                  {doc.currentVersion?.fileName && (
                    <Tooltip title={t('documents.download')}>
                      <IconButton
                        aria-label={`${t('documents.download')} ${doc.currentVersion.fileName}`}
                        onClick={() => {
                          const v = doc.currentVersion;
                          if (v?.fileName)
                            downloadDocumentFile(doc.id, v.id, v.fileName).catch((e) =>
                              setError(errorMessage(e, t)),
                            );
                        }}
                      >
                        <DownloadIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                  {canDetach && (
                    <Tooltip title={t('documents.detach')}>
                      <IconButton
                        aria-label={`${t('documents.detach')}: ${doc.label}`}
                        onClick={() => change(doc.id, true)}
                      >
                        <LinkOffIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </>
              }
            >
              <ListItemText
                primary={<RouterLink to={`/documents/${doc.id}`}>{doc.label}</RouterLink>}
                secondary={[
                  documentTypeLabel(doc.type),
                  doc.currentVersion && (doc.currentVersion.fileName ?? t('documents.fileHidden')),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
      <PickerDialog<DocumentRow>
        open={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onSelect={(rows) => {
          setPickerOpen(false);
          if (rows[0]) attach(rows[0].id);
        }}
        source={DOCUMENT_LIST_SOURCE}
        columns={columns}
        getRowId={(r) => r.id}
        title={t('documents.pickTitle')}
        orderBy="label"
        value={docs.map((d) => d.id)}
      />
      {/* "Neues Dokument hochladen": the dialog creates a document named after the file, then it is linked. */}
      <UploadDialog
        open={uploadOpen}
        document={null}
        photo={photos}
        onClose={() => setUploadOpen(false)}
        onUploaded={(doc) => {
          setUploadOpen(false);
          attach(doc.id);
        }}
      />
    </Stack>
  );
}
