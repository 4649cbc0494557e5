import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HazardAnalysisVersionRow } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '#lib/format.ts';

/** The released versions of an assessment, each opening its read-only reference view. */
export function AnalysisVersions({ versions }: { versions: HazardAnalysisVersionRow[] }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2, overflowX: 'auto' }} data-testid="versions">
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('hazardAnalysis.versions')}
      </Typography>
      {versions.length === 0 ? (
        <Typography color="text.secondary">{t('hazardAnalysis.noVersions')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('hazardAnalysis.versionNumber')}</TableCell>
              <TableCell>{t('hazardAnalysis.releaseDate')}</TableCell>
              <TableCell>{t('hazardAnalysis.releaseResponsible')}</TableCell>
              <TableCell>{t('hazardAnalysis.nextCheckDate')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.map((v) => (
              <TableRow key={v.id}>
                <TableCell>{v.versionNumber}</TableCell>
                <TableCell>{formatDate(v.releaseDate)}</TableCell>
                <TableCell>{v.responsibleName}</TableCell>
                <TableCell>{formatDate(v.nextCheckDate)}</TableCell>
                <TableCell align="right">
                  <Button component={Link} to={`/hazardanalysis/ref/${v.id}`}>
                    {t('hazardAnalysis.openVersion')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
