import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MailTemplate } from '@schutzwerk/shared/mail/mail.schema.ts';
import { MAIL_PURPOSE_LABELS } from '@schutzwerk/shared/mail/mail-template.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useMailTemplates } from './api/get-mail-templates.ts';
import { TemplateDialog } from './components/template-dialog.tsx';

/** E-Mail-Vorlagen: the list by purpose and language; a row opens the edit dialog with preview. */
export default function TemplatesTab() {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const user = useSessionUser();
  const canEdit = canAny([P.MAIL_TEMPLATES]) && user.scope.isMainPortal;
  const templates = useMailTemplates();
  const [open, setOpen] = useState<{ template: MailTemplate | null } | null>(null);

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      component="section"
      aria-label={t('mail.tabs.templates')}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
            {t('mail.tabs.templates')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('mail.templates.description')}
          </Typography>
        </Box>
        {canEdit ? (
          <Button variant="contained" onClick={() => setOpen({ template: null })}>
            {t('mail.templates.new')}
          </Button>
        ) : null}
      </Box>
      {!canEdit && canAny([P.MAIL_TEMPLATES]) ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('apiErrors.SETTINGS_MAIN_PORTAL_ONLY')}
        </Alert>
      ) : null}
      {templates.isPending ? (
        <CircularProgress aria-label={t('mail.loading')} />
      ) : templates.isError ? (
        <Alert severity="error" role="alert">
          {errorMessage(templates.error, t)}
        </Alert>
      ) : templates.data.length === 0 ? (
        <Typography>{t('mail.templates.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('mail.tabs.templates')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('mail.templates.purpose')}</TableCell>
                <TableCell>{t('mail.templates.language')}</TableCell>
                <TableCell>{t('mail.templates.country')}</TableCell>
                <TableCell>{t('mail.templates.isDefault')}</TableCell>
                <TableCell>{t('mail.templates.subject')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.data.map((template) => (
                <TableRow
                  key={template.id}
                  hover
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                  onClick={() => setOpen({ template })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') setOpen({ template });
                  }}
                >
                  <TableCell>{MAIL_PURPOSE_LABELS[template.purpose]}</TableCell>
                  <TableCell>{template.language}</TableCell>
                  <TableCell>{template.country ?? t('mail.templates.anyCountry')}</TableCell>
                  <TableCell>
                    {template.isDefault ? (
                      <Chip size="small" color="primary" label={t('mail.templates.isDefault')} />
                    ) : null}
                  </TableCell>
                  <TableCell>{template.subject}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {open ? (
        <TemplateDialog template={open.template} canEdit={canEdit} onClose={() => setOpen(null)} />
      ) : null}
    </Paper>
  );
}
