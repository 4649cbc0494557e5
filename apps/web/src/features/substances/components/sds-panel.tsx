import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { P } from '@schutzwerk/shared/permissions.ts';
import { SDS_UNCONFIRMED_LABEL } from '@schutzwerk/shared/substances/sds.schema.ts';
import type { Substance } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { buildUrl } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { substanceQueryOptions } from '../api/get-substance.ts';
import { useConfirmSds, useImportSdsInto, useSubstanceSds } from '../api/sds.ts';

const when = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Berlin',
  }).format(new Date(iso));

/**
 * The data sheet part of the editor (decision 049): the current SDS file, the archive of older ones, uploading a
 * newer sheet (its differing values are proposed), and the values taken over from a PDF that are still
 * unconfirmed („aus PDF übernommen – ungeprüft“) with confirm per field or all.
 */
export function SdsPanel({
  substance,
  blocked,
  onSubstanceChanged,
}: {
  substance: Substance;
  blocked: boolean;
  /** A newer sheet changed the record (maybe a new version): the editor takes it over. */
  onSubstanceChanged: (fresh: Substance) => void;
}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const notify = useNotify();
  const headingId = useId();
  const inputId = useId();
  const { canAny } = usePermissions();
  const sds = useSubstanceSds(substance.id);
  const confirm = useConfirmSds(substance.id);
  const upload = useImportSdsInto(substance.id);
  const canConfirm = canAny([P.HAZMAT_EDIT]);
  const canUpload = canAny([P.HAZMAT_EDIT]) && canAny([P.HAZMAT_SDS]);
  const data = sds.data;
  const fileUrl = (versionId: number) => buildUrl(`substances/${substance.id}/sds/files/${versionId}`);
  const error = confirm.error ?? upload.error;

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('substances.sds.title')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {errorMessage(error, t)}
        </Alert>
      )}
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="body2" data-testid="sds-current">
            {data?.current ? (
              <>
                {t('substances.sds.current')}{' '}
                <Link href={fileUrl(data.current.id)} download>
                  {data.current.fileName ?? t('substances.sds.file')}
                </Link>{' '}
                ({when(data.current.uploadedAt)})
              </>
            ) : (
              t('substances.sds.noSheet')
            )}
          </Typography>
          {canUpload && (
            <Button
              component="label"
              htmlFor={inputId}
              size="small"
              variant="outlined"
              disabled={blocked || upload.isPending}
            >
              {t('substances.sds.uploadNewer')}
              <input
                id={inputId}
                type="file"
                accept="application/pdf,.pdf"
                hidden
                data-testid="sds-newer-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  upload.mutate(
                    { file, version: substance.version },
                    {
                      onSuccess: async (result) => {
                        const fresh = await queryClient.fetchQuery({
                          ...substanceQueryOptions(substance.id),
                          staleTime: 0,
                        });
                        onSubstanceChanged(fresh);
                        notify(t('substances.sds.newerRead', { count: result.proposed.length }));
                      },
                    },
                  );
                }}
              />
            </Button>
          )}
        </Stack>
        {data && data.archive.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t('substances.sds.archive')}
            </Typography>
            <ul data-testid="sds-archive">
              {data.archive.map((f) => (
                <li key={f.id}>
                  <Link href={fileUrl(f.id)} download>
                    {f.fileName ?? t('substances.sds.file')}
                  </Link>{' '}
                  ({when(f.uploadedAt)})
                </li>
              ))}
            </ul>
          </Box>
        )}
        {data && data.proposals.length > 0 && (
          <Box>
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
              <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                {t('substances.sds.proposals')}
              </Typography>
              {canConfirm && (
                <Button
                  size="small"
                  variant="contained"
                  disabled={blocked || confirm.isPending}
                  onClick={() =>
                    confirm.mutate(
                      { version: substance.version, fields: [] },
                      { onSuccess: () => notify(t('substances.sds.allConfirmed')) },
                    )
                  }
                >
                  {t('substances.sds.confirmAll')}
                </Button>
              )}
            </Stack>
            <Table size="small" aria-label={t('substances.sds.proposals')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('substances.sds.field')}</TableCell>
                  <TableCell>{t('substances.sds.value')}</TableCell>
                  <TableCell>{t('substances.sds.state')}</TableCell>
                  {canConfirm && <TableCell>{t('substances.sds.action')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.proposals.map((p) => (
                  <TableRow key={p.field} data-testid={`sds-proposal-${p.field}`}>
                    <TableCell>{p.label}</TableCell>
                    <TableCell>{p.value}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        sx={{ color: 'text.primary', borderColor: 'warning.main' }}
                        label={SDS_UNCONFIRMED_LABEL}
                      />
                    </TableCell>
                    {canConfirm && (
                      <TableCell>
                        <Button
                          size="small"
                          disabled={blocked || confirm.isPending}
                          aria-label={t('substances.sds.confirmField', { field: p.label })}
                          onClick={() => confirm.mutate({ version: substance.version, fields: [p.field] })}
                        >
                          {t('substances.sds.confirm')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
