import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Hazard } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { NohlCriteria } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NohlRiskChip } from '#components/nohl-matrix/nohl-risk-chip.tsx';
import { useNohlCriteria } from '#components/nohl-matrix/use-nohl-criteria.ts';
import { formatEmployeeName } from '#lib/session/session.tsx';
import { FactorLabels } from './factor-field.tsx';

const COLUMNS = 6;
/** A small table row with the 40 px icon buttons; rows with wrapped titles are measured. */
const ROW_ESTIMATE = 53;
/** Phones: one column, each hazard's fields stacked under its title (measured as well). */
const PHONE_ROW_ESTIMATE = 190;
/** Rows rendered beyond the visible ones: keeps Tab moving through the buttons into rows below. */
const OVERSCAN = 8;

type Props = {
  hazards: Hazard[];
  canHazards: boolean;
  reorderPending: boolean;
  onEdit: (hazardId: number) => void;
  onMove: (index: number, delta: number) => void;
  onRemove: (hazardId: number) => void;
};

/**
 * The assessment's hazards: title, factor, responsible, risk before/after and the row actions.
 *
 * Virtualised (decision 021, performance): the table scrolls in its own container and the DOM holds only
 * the rows on screen plus an overscan, with spacer rows above and below, so opening an assessment with
 * hundreds of hazards renders a few dozen rows. It stays a real table; `aria-rowcount`/`aria-rowindex` tell
 * assistive technology the full size. Memoised: typing in the master data does not re-render the rows.
 * Phones (below 600 px): one column — title, factor, responsible person, both risks and the buttons
 * stacked in each row, so nothing lies beyond the screen's edge.
 */
export const HazardsTable = memo(function HazardsTable({
  hazards,
  canHazards,
  reorderPending,
  onEdit,
  onMove,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Once for the table (not per chip): the criteria in force classify every rating.
  const criteria = useNohlCriteria().data?.criteria;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: hazards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (phone ? PHONE_ROW_ESTIMATE : ROW_ESTIMATE),
    getItemKey: (index) => hazards[index]?.id ?? index,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <TableContainer ref={scrollRef} data-testid="hazards-scroller" sx={{ maxHeight: '70vh' }}>
      <Table size="small" stickyHeader aria-rowcount={hazards.length + 1}>
        <TableHead>
          {phone ? (
            <TableRow aria-rowindex={1}>
              <TableCell>{t('hazardAnalysis.hazardTitle')}</TableCell>
            </TableRow>
          ) : (
            <TableRow aria-rowindex={1}>
              <TableCell>{t('hazardAnalysis.hazardTitle')}</TableCell>
              <TableCell>{t('hazardAnalysis.factor')}</TableCell>
              <TableCell>{t('hazardAnalysis.responsible')}</TableCell>
              <TableCell>{t('hazardAnalysis.riskBefore')}</TableCell>
              <TableCell>{t('hazardAnalysis.riskAfter')}</TableCell>
              <TableCell />
            </TableRow>
          )}
        </TableHead>
        <TableBody>
          {before > 0 && <SpacerRow height={before} columns={phone ? 1 : COLUMNS} />}
          {items.map((item) => {
            const h = hazards[item.index];
            if (!h) return null;
            return (
              <HazardRow
                key={h.id}
                hazard={h}
                index={item.index}
                last={item.index === hazards.length - 1}
                criteria={criteria}
                phone={phone}
                canHazards={canHazards}
                reorderPending={reorderPending}
                onEdit={onEdit}
                onMove={onMove}
                onRemove={onRemove}
                measureRef={virtualizer.measureElement}
              />
            );
          })}
          {after > 0 && <SpacerRow height={after} columns={phone ? 1 : COLUMNS} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
});

/** Keeps the scroll height of the rows not rendered; hidden from assistive technology. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row has no content and nothing focusable.
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

type RowProps = Omit<Props, 'hazards'> & {
  hazard: Hazard;
  index: number;
  last: boolean;
  criteria: NohlCriteria | undefined;
  phone: boolean;
  measureRef: (element: HTMLTableRowElement | null) => void;
};

const HazardRow = memo(function HazardRow({
  hazard: h,
  index,
  last,
  criteria,
  phone,
  canHazards,
  reorderPending,
  onEdit,
  onMove,
  onRemove,
  measureRef,
}: RowProps) {
  const { t } = useTranslation();
  const title = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: phone ? 'wrap' : undefined }}>
      {h.brickIdentifier && <Chip size="small" variant="outlined" label={h.brickIdentifier} />}
      {h.brickFree && <Chip size="small" color="info" label={t('hazardAnalysis.free')} />}
      {h.inherited && <Chip size="small" label={t('hazardAnalysis.inherited')} />}
      <span>{h.title}</span>
    </Stack>
  );
  const risk = (rating: Hazard['ratingBefore']) =>
    criteria && <NohlRiskChip criteria={criteria} rating={rating} />;
  const buttons = (
    <>
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
            disabled={last || reorderPending}
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
    </>
  );
  if (phone) {
    const field = (label: string, value: ReactNode) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {label}
        </Typography>
        <Box component="span">{value}</Box>
      </Box>
    );
    return (
      <TableRow
        ref={measureRef}
        data-index={index}
        aria-rowindex={index + 2}
        hover
        data-testid={`hazard-row-${index}`}
      >
        <TableCell>
          <Stack spacing={0.75}>
            {title}
            {h.factorLabels.length > 0 && (
              <Box data-testid="hazard-factor">
                <FactorLabels labels={h.factorLabels} />
              </Box>
            )}
            {field(t('hazardAnalysis.responsible'), formatEmployeeName(h.responsible) || '–')}
            {field(t('hazardAnalysis.riskBefore'), risk(h.ratingBefore))}
            {field(t('hazardAnalysis.riskAfter'), risk(h.ratingAfter))}
            <Box sx={{ whiteSpace: 'nowrap' }}>{buttons}</Box>
          </Stack>
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow
      ref={measureRef}
      data-index={index}
      aria-rowindex={index + 2}
      hover
      data-testid={`hazard-row-${index}`}
    >
      <TableCell>{title}</TableCell>
      <TableCell data-testid="hazard-factor">
        <FactorLabels labels={h.factorLabels} />
      </TableCell>
      <TableCell>{formatEmployeeName(h.responsible)}</TableCell>
      <TableCell>{risk(h.ratingBefore)}</TableCell>
      <TableCell>{risk(h.ratingAfter)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {buttons}
      </TableCell>
    </TableRow>
  );
});
