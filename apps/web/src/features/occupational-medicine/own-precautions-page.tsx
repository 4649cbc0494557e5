import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Precaution } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { WorksDoctorContactCard } from '#features/works-doctor/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useApprovePrecaution, useOwnPrecautions } from './api/own-precautions.ts';

/**
 * /occupational-medicine/own (decision 057): the signed-in employee's precautions; an offered examination is
 * confirmed with the employee's password (preparedness approval), checked on the server.
 */
export function OwnPrecautionsPage() {
  const { t } = useTranslation();
  const own = useOwnPrecautions();
  const [confirming, setConfirming] = useState<Precaution | null>(null);
  useToolbar({ title: t('occupationalMedicine.own.title') });
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Typography variant="body2" color="text.secondary">
        {t('occupationalMedicine.own.intro')}
      </Typography>
      {own.error && (
        <Alert severity="error" role="alert">
          {errorMessage(own.error, t)}
        </Alert>
      )}
      <WorksDoctorContactCard />
      {own.data?.length === 0 && <Typography>{t('occupationalMedicine.own.empty')}</Typography>}
      {(own.data ?? []).map((p) => (
        <Card key={p.id} variant="outlined" component="section" aria-label={p.reasonName}>
          <CardContent sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="h6" component="h2">
              {p.reasonName}
            </Typography>
            <Typography>{t(`occupationalMedicine.types.${p.type}`)}</Typography>
            <Typography>
              {t('occupationalMedicine.precautions.nextDue')}: {formatDate(p.nextDue)}{' '}
              {p.due && (
                <Chip size="small" color="warning" label={t('occupationalMedicine.precautions.due')} />
              )}
            </Typography>
            {p.approvedAt && (
              <Typography>
                {t('occupationalMedicine.precautions.approved', { date: formatDate(p.approvedAt) })}
              </Typography>
            )}
          </CardContent>
          {p.type === 'offer' && !p.approvedAt && (
            <CardActions>
              <Button variant="contained" onClick={() => setConfirming(p)}>
                {t('occupationalMedicine.own.confirm')}
              </Button>
            </CardActions>
          )}
        </Card>
      ))}
      {confirming && <ApproveDialog precaution={confirming} onClose={() => setConfirming(null)} />}
    </Box>
  );
}

function ApproveDialog({ precaution, onClose }: { precaution: Precaution; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const approve = useApprovePrecaution();
  const [password, setPassword] = useState('');
  const errors = fieldErrors(approve.error);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('occupationalMedicine.own.confirmTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          {t('occupationalMedicine.own.confirmText', { name: precaution.reasonName })}
        </DialogContentText>
        {approve.error && (
          <Alert severity="error" role="alert">
            {errorMessage(approve.error, t)}
          </Alert>
        )}
        <TextField
          type="password"
          autoComplete="current-password"
          label={t('occupationalMedicine.own.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          autoFocus
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('occupationalMedicine.precautions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={approve.isPending}
          onClick={() =>
            approve.mutate(
              { id: precaution.id, password },
              {
                onSuccess: () => {
                  notify(t('occupationalMedicine.own.confirmed'));
                  onClose();
                },
              },
            )
          }
        >
          {t('occupationalMedicine.own.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
