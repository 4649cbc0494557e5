import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VerifiedIcon from '@mui/icons-material/Verified';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { LOCALES } from '@schutzwerk/shared/constants.ts';
import {
  CHECK_INTERVALS,
  DOCUMENT_TYPES,
  type Document,
} from '@schutzwerk/shared/documents/documents.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate, formatDateTime, formatNumber } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteDocument } from './api/delete-document.ts';
import { useDocumentAction } from './api/document-actions.ts';
import { downloadDocumentFile } from './api/download-document-file.ts';
import { documentQueryOptions, useDocument } from './api/get-document.ts';
import { useUpdateDocument } from './api/update-document.ts';
import { UploadDialog } from './components/upload-dialog.tsx';
import {
  draftFromDocument,
  isDocumentDraftDirty,
  responsibleById,
  updateFromDraft,
} from './document-draft.ts';

const languageNames = new Intl.DisplayNames(['de-DE'], { type: 'language' });

export function DocumentPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useDocument(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('documents.editTitle')}
      back="/documents/list"
      notFoundHint={t('documents.notFound')}
      backLabel={t('documents.backToList')}
    >
      {(doc, key) => <DocumentEditor key={key} doc={doc} />}
    </RecordPageLoader>
  );
}

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 * 1024
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}

function DocumentEditor({ doc }: { doc: Document }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateDocument(doc.id);
  const action = useDocumentAction(doc.id);
  const remove = useDeleteDocument(doc.id);
  const record = useVersionedDraft({
    record: doc,
    draftOf: draftFromDocument,
    fetchLatest: () => queryClient.fetchQuery({ ...documentQueryOptions(doc.id), staleTime: 0 }),
    isDirty: isDocumentDraftDirty,
    rebase: { comparable: responsibleById },
  });
  const { base, draft, set, dirty, conflict, adopt } = record;
  const [uploadOpen, setUploadOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const leaving = useRef(false);

  const canEdit = canAny([P.DOCUMENTS_EDIT]) && (!base.isTemplate || canAny([P.DOCUMENTS_TEMPLATES]));
  const canUpload =
    canAny([P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]) && (!base.isTemplate || canAny([P.DOCUMENTS_TEMPLATES]));
  const errors = fieldErrors(update.error);
  // Setting or clearing the flag needs DOCUMENTS_CONFIDENTIAL (the server refuses it otherwise).
  const canFlagConfidential = canAny([P.DOCUMENTS_CONFIDENTIAL]);

  const save = () => {
    if (update.isPending) return;
    dismissNotification();
    update.mutate(
      updateFromDraft(draft, base.version),
      record.onSave(() => notify(t('documents.saved'))),
    );
  };

  const reloadLatest = async () => {
    await record.reloadLatest();
    update.reset();
  };

  const runAction = (kind: 'release' | 'check') => {
    setActionError(null);
    action.mutate(
      { action: kind, version: base.version },
      {
        onSuccess: (fresh) => {
          adopt(fresh);
          notify(t(kind === 'release' ? 'documents.releaseDone' : 'documents.checkDone'));
        },
        onError: (error) => setActionError(errorMessage(error, t)),
      },
    );
  };

  const download = (versionId: number, fileName: string) => {
    setActionError(null);
    downloadDocumentFile(base.id, versionId, fileName).catch((error) =>
      setActionError(errorMessage(error, t)),
    );
  };

  useToolbar({
    title: t('documents.editTitle'),
    back: '/documents/list',
    onSave: canEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
    onUpload: canUpload ? () => setUploadOpen(true) : undefined,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);

  const saveError =
    update.error && !conflict && Object.keys(errors).length === 0 ? errorMessage(update.error, t) : null;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {conflict && <ConflictAlert message={t('documents.conflict')} onReload={reloadLatest} />}
      {saveError && <Alert severity="error">{saveError}</Alert>}
      {actionError && (
        <Alert severity="error" role="alert" onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}

      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('documents.masterData')}
          </Typography>
          {base.releasedAt ? (
            <Chip
              color="success"
              icon={<VerifiedIcon />}
              data-testid="document-released"
              label={t('documents.releasedBy', {
                date: formatDateTime(base.releasedAt),
                name: base.releasedByName ?? '',
              })}
            />
          ) : (
            <Chip label={t('documents.notReleased')} data-testid="document-not-released" />
          )}
          {canAny([P.DOCUMENTS_RELEASE]) && (
            <Tooltip title={t('documents.releaseHint')}>
              <span>
                <Button
                  startIcon={<VerifiedIcon />}
                  onClick={() => runAction('release')}
                  disabled={action.isPending || dirty}
                >
                  {t('documents.release')}
                </Button>
              </span>
            </Tooltip>
          )}
          {/* The server decides: DOCUMENTS_CHECK, or 617 on an assessment the document is linked to. */}
          {base.mayCheck && (
            <Tooltip title={t('documents.checkHint')}>
              <span>
                <Button
                  startIcon={<FactCheckIcon />}
                  onClick={() => runAction('check')}
                  disabled={action.isPending || dirty}
                >
                  {t('documents.check')}
                </Button>
              </span>
            </Tooltip>
          )}
          {canAny([P.DOCUMENTS_DELETE]) && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleteOpen(true)}>
              {t('documents.delete')}
            </Button>
          )}
        </Stack>
        {base.lastCheckedAt && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('documents.lastChecked', {
              date: formatDateTime(base.lastCheckedAt),
              name: base.lastCheckedByName ?? '',
            })}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <TextField
            required
            label={t('documents.label')}
            value={draft.label}
            onChange={(e) => set({ label: e.target.value })}
            error={Boolean(errors.label)}
            helperText={errors.label}
            disabled={!canEdit}
          />
          <TextField
            select
            label={t('documents.type')}
            value={draft.type}
            onChange={(e) => set({ type: Number(e.target.value) })}
            disabled={!canEdit}
          >
            {DOCUMENT_TYPES.map((dt) => (
              <MenuItem key={dt.id} value={dt.id}>
                {dt.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('documents.docVersion')}
            value={draft.docVersion}
            onChange={(e) => set({ docVersion: e.target.value })}
            error={Boolean(errors.docVersion)}
            helperText={errors.docVersion}
            disabled={!canEdit}
          />
          <TextField
            label={t('documents.revision')}
            value={draft.revision}
            onChange={(e) => set({ revision: e.target.value })}
            error={Boolean(errors.revision)}
            helperText={errors.revision}
            disabled={!canEdit}
          />
          <EmployeePickerField
            label={t('documents.responsible')}
            value={draft.responsible}
            onChange={(responsible) => set({ responsible })}
            disabled={!canEdit}
            error={Boolean(errors.responsibleId)}
            helperText={errors.responsibleId}
          />
          <TextField
            select
            label={t('documents.languages')}
            value={draft.languages}
            onChange={(e) => set({ languages: e.target.value as unknown as string[] })}
            slotProps={{ select: { multiple: true } }}
            disabled={!canEdit}
          >
            {LOCALES.map((locale) => (
              <MenuItem key={locale} value={locale}>
                {languageNames.of(locale) ?? locale}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('documents.nextCheck')}
            value={draft.nextCheck}
            onChange={(e) => set({ nextCheck: e.target.value })}
            error={Boolean(errors.nextCheck)}
            helperText={errors.nextCheck}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={!canEdit}
          />
          <TextField
            select
            label={t('documents.checkInterval')}
            value={draft.checkInterval ?? ''}
            onChange={(e) => set({ checkInterval: e.target.value === '' ? null : Number(e.target.value) })}
            disabled={!canEdit}
          >
            <MenuItem value="">{t('documents.noInterval')}</MenuItem>
            {CHECK_INTERVALS.map((i) => (
              <MenuItem key={i.days} value={i.days}>
                {i.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={t('documents.validFrom')}
            value={draft.validFrom}
            onChange={(e) => set({ validFrom: e.target.value })}
            error={Boolean(errors.validFrom)}
            helperText={errors.validFrom}
            slotProps={{ inputLabel: { shrink: true } }}
            disabled={!canEdit}
          />
          <Stack direction="row" spacing={2}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.confidential}
                  onChange={(e) => set({ confidential: e.target.checked })}
                  disabled={!canEdit || !canFlagConfidential}
                  slotProps={{ input: { 'aria-describedby': 'document-confidential-hint' } }}
                />
              }
              label={t('documents.confidential')}
            />
            {canEdit && !canFlagConfidential && (
              <Typography
                id="document-confidential-hint"
                variant="body2"
                color="text.secondary"
                sx={{ alignSelf: 'center' }}
              >
                {t('documents.confidentialFlagHint')}
              </Typography>
            )}
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.isTemplate}
                  onChange={(e) => set({ isTemplate: e.target.checked })}
                  disabled={!canEdit || !canAny([P.DOCUMENTS_TEMPLATES])}
                />
              }
              label={t('documents.isTemplate')}
            />
          </Stack>
        </Box>
      </Paper>

      <Paper sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('documents.versions')}
          </Typography>
          {canUpload && (
            <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setUploadOpen(true)}>
              {base.currentVersion ? t('documents.uploadNewVersion') : t('documents.upload')}
            </Button>
          )}
        </Stack>
        {base.versions.length === 0 ? (
          <Typography color="text.secondary">{t('documents.noVersions')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('documents.versions')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('documents.versionNumber')}</TableCell>
                  <TableCell>{t('documents.file')}</TableCell>
                  <TableCell>{t('documents.size')}</TableCell>
                  <TableCell>{t('documents.uploadedAt')}</TableCell>
                  <TableCell>{t('documents.uploadedBy')}</TableCell>
                  <TableCell>{t('documents.comment')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {base.versions.map((v) => (
                  <TableRow key={v.id} data-testid="document-version-row">
                    <TableCell>
                      {v.number}
                      {v.id === base.currentVersion?.id && (
                        <Chip size="small" sx={{ ml: 1 }} label={t('documents.current')} />
                      )}
                      {v.id === base.releasedVersionId && (
                        <Chip size="small" color="success" sx={{ ml: 1 }} label={t('documents.released')} />
                      )}
                    </TableCell>
                    <TableCell>{v.fileName ?? t('documents.fileHidden')}</TableCell>
                    <TableCell>{formatSize(v.size)}</TableCell>
                    <TableCell>{formatDateTime(v.uploadedAt)}</TableCell>
                    <TableCell>{v.uploadedByName ?? ''}</TableCell>
                    <TableCell>{v.comment ?? ''}</TableCell>
                    <TableCell align="right">
                      {v.fileName !== null && (
                        <Tooltip title={t('documents.download')}>
                          <IconButton
                            aria-label={`${t('documents.download')} ${v.fileName}`}
                            onClick={() => v.fileName !== null && download(v.id, v.fileName)}
                          >
                            <DownloadIcon />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {base.nextCheck && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('documents.nextCheck')}: {formatDate(base.nextCheck)}
          </Typography>
        )}
      </Paper>

      <UploadDialog
        open={uploadOpen}
        document={base}
        onClose={() => setUploadOpen(false)}
        onUploaded={(fresh) => {
          setUploadOpen(false);
          adopt(fresh);
          notify(t('documents.uploaded'));
        }}
      />
      <ConfirmDialog
        open={deleteOpen}
        title={t('documents.deleteTitle')}
        text={t('documents.deleteText', { label: base.label })}
        confirmLabel={t('documents.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setDeleteOpen(false);
              notify(t('documents.deleted'));
              void navigate('/documents/list', { replace: true });
            },
          })
        }
      />
      {unsavedDialog}
    </Stack>
  );
}
