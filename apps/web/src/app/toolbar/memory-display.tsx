import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMORY_REFRESH_MS, readHeap } from '#lib/debug-mode.ts';
import { formatNumber } from '#lib/format.ts';

const MB = 1024 * 1024;

/** Debug mode only: the tab's JavaScript heap in MB, refreshed every second (spec shell §9). */
export function MemoryDisplay() {
  const { t } = useTranslation();
  const [heap, setHeap] = useState(() => readHeap());

  useEffect(() => {
    const timer = window.setInterval(() => setHeap(readHeap()), MEMORY_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <Typography
      variant="caption"
      data-testid="memory-display"
      title={t('toolbar.memoryTitle')}
      sx={{ fontVariantNumeric: 'tabular-nums', opacity: 0.85, whiteSpace: 'nowrap', px: 1 }}
    >
      {heap
        ? t('toolbar.memory', {
            used: formatNumber(Math.round(heap.usedJSHeapSize / MB)),
            total: formatNumber(Math.round(heap.totalJSHeapSize / MB)),
          })
        : t('toolbar.memoryUnavailable')}
    </Typography>
  );
}
