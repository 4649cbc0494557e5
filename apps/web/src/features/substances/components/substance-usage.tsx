import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSubstanceUsage } from '../api/get-substance-usage.ts';

/**
 * „Verwendung“ (decision 054): the records that use the substance — today the hazards of hazard assessments
 * — each with the substance version it refers to and a link to the record. While any use exists the
 * substance can be set neither inactive nor deleted; uses the reader may not see are counted.
 */
export function SubstanceUsagePanel({ substanceId, stamp }: { substanceId: number; stamp: number }) {
  const { t } = useTranslation();
  const usage = useSubstanceUsage(substanceId, stamp);
  const rows = usage.data?.rows ?? [];
  const hidden = usage.data?.hiddenCount ?? 0;
  return (
    <Paper component="section" aria-labelledby="substance-usage" sx={{ p: 2, overflowX: 'auto' }}>
      <Typography id="substance-usage" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('substances.usage.title')}
      </Typography>
      {rows.length === 0 && hidden === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {usage.isPending ? t('substances.usage.loading') : t('substances.usage.none')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('substances.usage.caption')} data-testid="substance-usage">
          <TableHead>
            <TableRow>
              <TableCell>{t('substances.usage.source')}</TableCell>
              <TableCell>{t('substances.usage.record')}</TableCell>
              <TableCell>{t('substances.usage.detail')}</TableCell>
              <TableCell>{t('substances.usage.version')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((u) => (
              <TableRow key={`${u.source}-${u.partId}`}>
                <TableCell>{t(`substances.usage.sources.${u.source}`)}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={u.path}>
                    {u.title}
                  </Link>
                </TableCell>
                <TableCell>{u.detail}</TableCell>
                <TableCell>{u.versionNumber}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {hidden > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('substances.usage.hidden', { count: hidden })}
        </Typography>
      )}
    </Paper>
  );
}
