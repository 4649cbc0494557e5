import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type MailTemplate,
  type MailTemplateFields,
  mailTemplateFieldsSchema,
} from '@schutzwerk/shared/mail/mail.schema.ts';
import {
  MAIL_PLACEHOLDER_LABELS,
  MAIL_PLACEHOLDERS,
  MAIL_PURPOSE_LABELS,
  MAIL_PURPOSES,
  MAIL_SAMPLE_VALUES,
  type MailPurpose,
  renderSubject,
  renderText,
} from '@schutzwerk/shared/mail/mail-template.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useDeleteMailTemplate } from '../api/delete-mail-template.ts';
import { mailTemplateQueryOptions } from '../api/get-mail-template.ts';
import { useSaveMailTemplate } from '../api/save-mail-template.ts';

type Props = {
  /** The template to edit, or null for a new one. */
  template: MailTemplate | null;
  canEdit: boolean;
  onClose: () => void;
};

type Draft = {
  purpose: MailPurpose;
  language: string;
  country: string;
  isDefault: boolean;
  sender: string;
  subject: string;
  body: string;
};

const fromTemplate = (t: MailTemplate | null): Draft =>
  t
    ? {
        purpose: t.purpose,
        language: t.language,
        country: t.country ?? '',
        isDefault: t.isDefault,
        sender: t.sender,
        subject: t.subject,
        body: t.body,
      }
    : {
        purpose: 'lostPassword',
        language: 'de',
        country: '',
        isDefault: false,
        sender: '',
        subject: '',
        body: '',
      };

const toFields = (d: Draft): MailTemplateFields => ({
  ...d,
  language: d.language.trim(),
  country: d.country.trim() === '' ? null : d.country.trim().toUpperCase(),
});

/** Edit dialog of an e-mail template: fields, placeholder buttons and a live preview with sample values. */
export function TemplateDialog({ template, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const save = useSaveMailTemplate();
  const remove = useDeleteMailTemplate();
  const queryClient = useQueryClient();
  /** The stored template (its version goes with the next save), the draft, the conflict after a stale save. */
  const record = useVersionedDraft<MailTemplate | null, Draft>({
    record: template,
    draftOf: fromTemplate,
    fetchLatest: (stored) =>
      stored
        ? queryClient.fetchQuery({ ...mailTemplateQueryOptions(stored.id), staleTime: 0 })
        : Promise.resolve(null),
  });
  const { draft, setDraft, conflict, reloading } = record;
  const version = record.base?.version ?? 0;
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const check = useMemo(() => mailTemplateFieldsSchema.safeParse(toFields(draft)), [draft]);
  const clientErrors: Record<string, string> = {};
  if (!check.success)
    for (const issue of check.error.issues) {
      const key = String(issue.path[0] ?? '_');
      clientErrors[key] ??= issue.message;
    }
  const serverErrors = fieldErrors(save.error);
  const errorOf = (field: keyof Draft) =>
    submitted || touched[field] ? (clientErrors[field] ?? serverErrors[field]) : serverErrors[field];
  const otherError =
    save.error && !conflict && Object.keys(serverErrors).length === 0 ? errorMessage(save.error, t) : null;

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setTouched((x) => ({ ...x, [field]: true }));
  };

  const insertPlaceholder = (name: string) => {
    const token = `{{${name}}}`;
    const el = bodyRef.current;
    const start = el?.selectionStart ?? draft.body.length;
    const end = el?.selectionEnd ?? draft.body.length;
    set('body', draft.body.slice(0, start) + token + draft.body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const submit = () => {
    setSubmitted(true);
    if (!check.success || save.isPending) return;
    save.mutate(
      template ? { id: template.id, fields: { ...check.data, version } } : { id: null, fields: check.data },
      {
        onSuccess: () => {
          notify(t('mail.templates.saved'));
          onClose();
        },
        onError: record.saveFailed,
      },
    );
  };

  const reloadLatest = async () => {
    // Conflict: what was typed stays on top of the newest stored template; untouched fields take its values.
    try {
      await record.reloadLatest();
      save.reset();
    } catch (error) {
      notify(errorMessage(error, t), 'error');
    }
  };

  const previewSubject = renderSubject(draft.subject, MAIL_SAMPLE_VALUES);
  const previewText = renderText(draft.body, MAIL_SAMPLE_VALUES);

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      aria-labelledby={titleId}
      maxWidth="lg"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {template ? t('mail.templates.editTitle') : t('mail.templates.newTitle')}
      </DialogTitle>
      <DialogContent>
        {conflict ? (
          <Box sx={{ mb: 2 }}>
            <ConflictAlert
              announce
              message={t('mail.templates.conflict')}
              reloadLabel={t('mail.templates.conflictReload')}
              reloading={reloading}
              onReload={reloadLatest}
            />
          </Box>
        ) : null}
        {otherError ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {otherError}
          </Alert>
        ) : null}
        {!canEdit ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('mail.templates.readOnly')}
          </Alert>
        ) : null}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, pt: 1 }}>
          <Stack spacing={2}>
            <TextField
              select
              label={t('mail.templates.purpose')}
              value={draft.purpose}
              disabled={!canEdit}
              onChange={(e) => set('purpose', e.target.value as MailPurpose)}
            >
              {MAIL_PURPOSES.map((p) => (
                <MenuItem key={p} value={p}>
                  {MAIL_PURPOSE_LABELS[p]}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('mail.templates.language')}
                value={draft.language}
                disabled={!canEdit}
                onChange={(e) => set('language', e.target.value)}
                error={Boolean(errorOf('language'))}
                helperText={errorOf('language') ?? t('mail.templates.languageHint')}
                slotProps={{ htmlInput: { maxLength: 2 } }}
              />
              <TextField
                label={t('mail.templates.country')}
                value={draft.country}
                disabled={!canEdit}
                onChange={(e) => set('country', e.target.value)}
                error={Boolean(errorOf('country'))}
                helperText={errorOf('country') ?? t('mail.templates.countryHint')}
                slotProps={{ htmlInput: { maxLength: 2 } }}
              />
            </Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.isDefault}
                  disabled={!canEdit}
                  onChange={(e) => set('isDefault', e.target.checked)}
                />
              }
              label={t('mail.templates.isDefaultLabel')}
            />
            <TextField
              label={t('mail.templates.sender')}
              value={draft.sender}
              disabled={!canEdit}
              type="email"
              onChange={(e) => set('sender', e.target.value)}
              error={Boolean(errorOf('sender'))}
              helperText={errorOf('sender') ?? t('mail.templates.senderHint')}
            />
            <TextField
              label={t('mail.templates.subject')}
              value={draft.subject}
              disabled={!canEdit}
              required
              onChange={(e) => set('subject', e.target.value)}
              error={Boolean(errorOf('subject'))}
              helperText={errorOf('subject')}
            />
            <TextField
              label={t('mail.templates.body')}
              value={draft.body}
              disabled={!canEdit}
              required
              multiline
              minRows={10}
              inputRef={bodyRef}
              onChange={(e) => set('body', e.target.value)}
              error={Boolean(errorOf('body'))}
              helperText={errorOf('body') ?? t('mail.templates.bodyHint')}
            />
            {canEdit ? (
              <Box>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('mail.templates.insertPlaceholder')}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {MAIL_PLACEHOLDERS.map((name) => (
                    <Chip
                      key={name}
                      size="small"
                      label={MAIL_PLACEHOLDER_LABELS[name]}
                      title={`{{${name}}}`}
                      onClick={() => insertPlaceholder(name)}
                    />
                  ))}
                </Box>
              </Box>
            ) : null}
          </Stack>
          <Paper
            variant="outlined"
            sx={{ p: 2, bgcolor: 'grey.50' }}
            aria-label={t('mail.templates.preview')}
          >
            <Typography variant="overline">{t('mail.templates.preview')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('mail.templates.previewHint')}
            </Typography>
            <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="preview-subject">
              {previewSubject}
            </Typography>
            <Box sx={{ whiteSpace: 'pre-wrap', fontFamily: 'Arial, sans-serif' }} data-testid="preview-body">
              {previewText}
            </Box>
          </Paper>
        </Box>
      </DialogContent>
      <DialogActions>
        {template && canEdit ? (
          confirmDelete ? (
            <Button
              color="error"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: template.id, version },
                  {
                    onSuccess: () => {
                      notify(t('mail.templates.deleted'));
                      onClose();
                    },
                    onError: (error) => notify(errorMessage(error, t), 'error'),
                  },
                )
              }
            >
              {t('mail.templates.confirmDelete')}
            </Button>
          ) : (
            <Button color="error" onClick={() => setConfirmDelete(true)}>
              {t('mail.templates.delete')}
            </Button>
          )
        ) : null}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} disabled={save.isPending}>
          {canEdit ? t('mail.cancel') : t('mail.close')}
        </Button>
        {canEdit ? (
          <Button variant="contained" onClick={submit} disabled={save.isPending}>
            {t('mail.save')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
