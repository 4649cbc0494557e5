import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccidentReadRow } from '@schutzwerk/shared/accidents/read-log.schema.ts';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { formatDateTime } from '#lib/format.ts';
import { readLogSource } from '../api/accident-keys.ts';

type HealthFilter = 'all' | 'shown' | 'hidden';

/**
 * The read log of one report (decision 062, LOG_VIEWER): who opened it when and whether with health data, through
 * the list protocol (search by reader, sort by time or reader, filter by health data). Fresh on every opening.
 */
export function ReadLogDialog({
  reportId,
  open,
  onClose,
}: {
  reportId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      slotProps={{
        paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, height: { sm: 'min(720px, calc(100% - 64px))' } } },
      }}
    >
      <DialogTitle id={titleId}>{t('accidents.readLog.title')}</DialogTitle>
      {/* Modal unmounts its children once closed: the body starts afresh on every opening. */}
      <ReadLogBody reportId={reportId} />
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Button onClick={onClose}>{t('accidents.readLog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function ReadLogBody({ reportId }: { reportId: number }) {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState('');
  const search = useDeferredValue(searchText.trim());
  const [health, setHealth] = useState<HealthFilter>('all');
  const [order, setOrder] = useState<{ orderBy: string; orderDirection: SortDirection }>({
    orderBy: 'at',
    orderDirection: 'desc',
  });
  const [count, setCount] = useState<number | null>(null);
  const params = useMemo(
    () => (health === 'all' ? undefined : { healthVisible: health === 'shown' }),
    [health],
  );
  const columns = useMemo<ScrollingListColumn<AccidentReadRow>[]>(
    () => [
      {
        id: 'at',
        header: t('accidents.readLog.at'),
        sortKey: 'at',
        minWidth: 140,
        grow: 0.8,
        compact: 'trailing',
        render: (r) => formatDateTime(r.at),
      },
      {
        id: 'readerName',
        header: t('accidents.readLog.reader'),
        sortKey: 'readerName',
        minWidth: 160,
        grow: 1.3,
        compact: 'primary',
        render: (r) => r.readerName ?? t('accidents.readLog.unknownReader'),
      },
      {
        id: 'personnelNumber',
        header: t('accidents.readLog.personnelNumber'),
        minWidth: 110,
        grow: 0.6,
        compact: 'hidden',
        render: (r) => r.personnelNumber ?? '',
      },
      {
        id: 'health',
        header: t('accidents.readLog.health'),
        minWidth: 120,
        grow: 0.6,
        compact: 'secondary',
        render: (r) =>
          r.healthVisible ? t('accidents.readLog.healthShown') : t('accidents.readLog.healthHidden'),
      },
    ],
    [t],
  );
  return (
    <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minHeight: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {t('accidents.readLog.hint')}
      </Typography>
      <TextField
        label={t('accidents.readLog.search')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        type="search"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        label={t('accidents.readLog.filter')}
        value={health}
        onChange={(event) => setHealth(event.target.value as HealthFilter)}
      >
        <MenuItem value="all">{t('accidents.readLog.filterAll')}</MenuItem>
        <MenuItem value="shown">{t('accidents.readLog.filterShown')}</MenuItem>
        <MenuItem value="hidden">{t('accidents.readLog.filterHidden')}</MenuItem>
      </TextField>
      <ListCount count={count} />
      <ScrollingList<AccidentReadRow>
        source={readLogSource(reportId)}
        params={params}
        columns={columns}
        label={t('accidents.readLog.title')}
        search={search}
        orderBy={order.orderBy}
        orderDirection={order.orderDirection}
        onSortChange={(orderBy, orderDirection) => setOrder({ orderBy, orderDirection })}
        onTotalChange={setCount}
        emptyText={t('accidents.readLog.empty')}
        sx={{ minHeight: 240 }}
      />
    </DialogContent>
  );
}
