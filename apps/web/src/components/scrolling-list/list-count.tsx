import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#lib/format.ts';

/**
 * The line above a scrolling list with its number of entries ('1.234 Einträge'), announced politely to screen
 * readers; a blank line until the first page has answered. `grow`: takes the free width of a toolbar row.
 */
export function ListCount({ count, grow = false }: { count: number | null; grow?: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
      data-testid="list-count"
      color="text.secondary"
      variant="body2"
      aria-live="polite"
      sx={grow ? { flex: 1 } : undefined}
    >
      {count === null ? '\u00a0' : t('common.entries', { count, formatted: formatNumber(count) })}
    </Typography>
  );
}
