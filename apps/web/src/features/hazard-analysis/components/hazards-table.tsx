import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Hazard } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { formatEmployeeName } from '#features/auth/session.tsx';
import { RiskChip } from './risk.tsx';

/** The assessment's hazards: title, factor, responsible, risk before/after and the row actions. */
export function HazardsTable({
  hazards,
  canHazards,
  reorderPending,
  onEdit,
  onMove,
  onRemove,
}: {
  hazards: Hazard[];
  canHazards: boolean;
  reorderPending: boolean;
  onEdit: (hazardId: number) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (hazardId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{t('hazardAnalysis.hazardTitle')}</TableCell>
          <TableCell>{t('hazardAnalysis.factor')}</TableCell>
          <TableCell>{t('hazardAnalysis.responsible')}</TableCell>
          <TableCell>{t('hazardAnalysis.riskBefore')}</TableCell>
          <TableCell>{t('hazardAnalysis.riskAfter')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {hazards.map((h, index) => (
          <TableRow key={h.id} hover data-testid={`hazard-row-${index}`}>
            <TableCell>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {h.brickIdentifier && <Chip size="small" variant="outlined" label={h.brickIdentifier} />}
                {h.brickFree && <Chip size="small" color="info" label={t('hazardAnalysis.free')} />}
                {h.inherited && <Chip size="small" label={t('hazardAnalysis.inherited')} />}
                <span>{h.title}</span>
              </Stack>
            </TableCell>
            <TableCell data-testid="hazard-factor">{h.factorLabel ?? ''}</TableCell>
            <TableCell>{formatEmployeeName(h.responsible)}</TableCell>
            <TableCell>
              <RiskChip rating={h.ratingBefore} />
            </TableCell>
            <TableCell>
              <RiskChip rating={h.ratingAfter} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <IconButton aria-label={t('hazardAnalysis.editHazard')} onClick={() => onEdit(h.id)}>
                <EditIcon />
              </IconButton>
              {canHazards && (
                <>
                  <IconButton
                    aria-label={t('hazardAnalysis.moveUp')}
                    disabled={index === 0 || reorderPending}
                    onClick={() => onMove(index, -1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('hazardAnalysis.moveDown')}
                    disabled={index === hazards.length - 1 || reorderPending}
                    onClick={() => onMove(index, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('hazardAnalysis.removeHazard')}
                    disabled={h.inherited}
                    onClick={() => onRemove(h.id)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
