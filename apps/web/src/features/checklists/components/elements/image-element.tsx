import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ChecklistElement } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDocument,
  documentFileBlob,
  getDocument,
  uploadDocumentFile,
} from '#features/documents/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { api } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';

type Props = {
  element: Extract<ChecklistElement, { type: 'image' }>;
  /** The photo's document id. */
  value: number | null;
  instanceId: number;
  disabled: boolean;
  onChange: (value: number | null) => void;
};

/** Document type „Foto“ (spec document types). */
const PHOTO_TYPE = 7;

/** The picture of a document's current file, fetched with the session's token. */
function useDocumentImage(documentId: number | null) {
  const doc = useQuery({
    queryKey: ['checklists', 'image', documentId],
    queryFn: () => getDocument(documentId ?? 0),
    enabled: documentId !== null,
  });
  const versionId = doc.data?.currentVersion?.id ?? null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (documentId === null || versionId === null) return;
    let revoked = false;
    let objectUrl: string | null = null;
    documentFileBlob(documentId, versionId)
      .then((blob) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [documentId, versionId]);
  return { url: documentId === null ? null : url, error: doc.error };
}

/**
 * An image cell: a photo from the camera (phones) or a picture file. It becomes a document of type „Foto“
 * attached to the filled checklist (the documents' attach API); the answer is the document's id.
 */
export function ImageElement({ element, value, instanceId, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const inputId = useId();
  const { canAny } = usePermissions();
  const mayUpload = canAny([P.DOCUMENTS_CREATE]);
  const image = useDocumentImage(value);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) {
      setError(t('checklists.fill.imageNotImage'));
      return;
    }
    setPending(true);
    try {
      const doc = await createDocument({ label: element.label, type: PHOTO_TYPE });
      await uploadDocumentFile({ documentId: doc.id, version: doc.version, file, comment: '' });
      await api.post('documents/links', {
        entity: 'checklist_instance',
        entityId: instanceId,
        documentId: doc.id,
      });
      onChange(doc.id);
    } catch (e) {
      setError(errorMessage(e, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId}>
        {element.label}
        {element.required ? ' *' : ''}
      </Typography>
      {image.url && (
        <Box
          component="img"
          src={image.url}
          alt={t('checklists.fill.imageAlt', { label: element.label })}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, my: 1, borderRadius: 1 }}
        />
      )}
      {error && (
        <Alert severity="error" role="alert" sx={{ my: 1 }}>
          {error}
        </Alert>
      )}
      {pending && <Typography variant="body2">{t('checklists.fill.imageUploading')}</Typography>}
      {!disabled &&
        (mayUpload ? (
          <Button variant="outlined" component="label" htmlFor={inputId} disabled={pending}>
            {value === null ? t('checklists.fill.imageTake') : t('checklists.fill.imageReplace')}
            <input
              id={inputId}
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              data-testid="image-file"
              onChange={(e) => {
                void upload(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
        ) : (
          <Typography variant="body2">{t('checklists.fill.imageNoRight')}</Typography>
        ))}
    </Box>
  );
}
