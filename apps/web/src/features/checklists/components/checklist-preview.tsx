import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ChecklistCell } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  rows: { key: number; label: string }[];
  columns: { key: number; label: string }[];
  cells: ChecklistCell[];
};

/** A read-only picture of a checklist's grid: each cell's element with its type and whether it is mandatory. */
export function ChecklistPreview({ label, rows, columns, cells }: Props) {
  const { t } = useTranslation();
  return (
    <Box data-testid="checklist-preview">
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {t('checklists.preview.summary', {
          label,
          rows: rows.length,
          columns: columns.length,
          cells: cells.length,
        })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('checklists.preview.table', { label })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('checklists.grid.rowHeader')}</TableCell>
              {columns.map((c, i) => (
                <TableCell key={c.key}>{c.label || t('checklists.grid.columnLabel', { n: i + 1 })}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r, i) => (
              <TableRow key={r.key}>
                <TableCell component="th" scope="row">
                  {r.label || t('checklists.grid.rowLabel', { n: i + 1 })}
                </TableCell>
                {columns.map((c) => {
                  const cell = cells.find((x) => x.row === r.key && x.column === c.key);
                  return (
                    <TableCell key={c.key}>
                      {cell
                        ? `${cell.element.label} · ${t(`checklists.types.${cell.element.type}`)}${cell.element.required ? ` (${t('checklists.element.required')})` : ''}`
                        : '–'}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
