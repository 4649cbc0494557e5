import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME, PRODUCT_VERSION } from '@schutzwerk/shared/constants.ts';
import { CLP_ATTRIBUTION } from '@schutzwerk/shared/substances/clp.ts';
import { useTranslation } from 'react-i18next';

type Props = { open: boolean; onClose: () => void; portalName?: string | undefined };

export function VersionDialog({ open, onClose, portalName }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" aria-labelledby="version-dialog-title">
      <DialogTitle id="version-dialog-title">{t('version.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 3,
            rowGap: 1,
            m: 0,
            '& dd': { m: 0 },
          }}
        >
          <Typography component="dt" color="text.secondary">
            {t('version.product')}
          </Typography>
          <Typography component="dd" sx={{ fontWeight: 500 }}>
            {PRODUCT_NAME}
          </Typography>
          <Typography component="dt" color="text.secondary">
            {t('version.version')}
          </Typography>
          <Typography component="dd" data-testid="product-version" sx={{ fontWeight: 500 }}>
            {PRODUCT_VERSION}
          </Typography>
          {portalName ? (
            <>
              <Typography component="dt" color="text.secondary">
                {t('version.portal')}
              </Typography>
              <Typography component="dd">{portalName}</Typography>
            </>
          ) : null}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('version.copyright')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('version.clpSource', { version: CLP_ATTRIBUTION.contentVersion })}
        </Typography>
        {CLP_ATTRIBUTION.lines.map((line) => (
          <Typography key={line} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
