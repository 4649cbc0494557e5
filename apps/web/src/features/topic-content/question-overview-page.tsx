import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { QuestionOverviewRow } from '@schutzwerk/shared/instructions/topics-file.schema.ts';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import {
  ScrollingList,
  type ScrollingListColumn,
  type SortDirection,
} from '#components/scrolling-list/scrolling-list.tsx';
import { formatNumber } from '#lib/format.ts';
import { useListState } from '#lib/list-state.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';

/** List source of the question overview (list protocol; filters mandatory, released). */
export const QUESTION_OVERVIEW_SOURCE = 'topics/questions';

const ORDER_COLUMNS = ['topic', 'text', 'mandatory'] as const;
type OrderColumn = (typeof ORDER_COLUMNS)[number];
const KINDS = ['all', 'mandatory', 'optional'] as const;
type Kind = (typeof KINDS)[number];
type StoredFilter = { orderBy: OrderColumn; orderDirection: SortDirection; kind: Kind };
const DEFAULT_FILTER: StoredFilter = { orderBy: 'topic', orderDirection: 'asc', kind: 'all' };

function isStoredFilter(value: unknown): value is StoredFilter {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (ORDER_COLUMNS as readonly unknown[]).includes(v.orderBy) &&
    (v.orderDirection === 'asc' || v.orderDirection === 'desc') &&
    (KINDS as readonly unknown[]).includes(v.kind)
  );
}

/** /instructions/questions „Fragenübersicht“: every question of the portal's topics, to find and compare them. */
export function QuestionOverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const [count, setCount] = useState<number | null>(null);

  useToolbar({
    title: t('topicContent.questionsTitle'),
    search: { value: search, onChange: setSearch },
    sort: { value: filter.orderDirection, onChange: (orderDirection) => updateFilter({ orderDirection }) },
  });

  const params = useMemo(
    () => (filter.kind === 'all' ? undefined : { mandatory: filter.kind === 'mandatory' }),
    [filter.kind],
  );
  const onTotalChange = useCallback((total: number | null) => setCount(total), []);
  const columns = useMemo<ScrollingListColumn<QuestionOverviewRow>[]>(
    () => [
      {
        id: 'topic',
        header: t('topicContent.topic'),
        sortKey: 'topic',
        minWidth: 200,
        grow: 1.5,
        render: (r) => `${r.topicIdentifier} – ${r.topicLabel}`,
      },
      {
        id: 'number',
        header: t('topicContent.questionNumber'),
        minWidth: 60,
        grow: 0.3,
        render: (r) => formatNumber(r.number),
      },
      {
        id: 'text',
        header: t('topicContent.question'),
        sortKey: 'text',
        minWidth: 260,
        grow: 3,
        render: (r) => r.text,
      },
      {
        id: 'answers',
        header: t('topicContent.answers'),
        minWidth: 130,
        grow: 0.6,
        render: (r) => t('topicContent.answersOf', { count: r.answerCount, right: r.rightCount }),
      },
      {
        id: 'mandatory',
        header: t('topicContent.mandatory'),
        sortKey: 'mandatory',
        minWidth: 110,
        grow: 0.5,
        render: (r) =>
          r.mandatory ? <Chip size="small" color="warning" label={t('topicContent.mandatoryChip')} /> : null,
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <ListCount count={count} grow />
        <TextField
          select
          size="small"
          label={t('topicContent.filterKind')}
          value={filter.kind}
          onChange={(e) => updateFilter({ kind: e.target.value as Kind })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">{t('topicContent.kindAll')}</MenuItem>
          <MenuItem value="mandatory">{t('topicContent.kindMandatory')}</MenuItem>
          <MenuItem value="optional">{t('topicContent.kindOptional')}</MenuItem>
        </TextField>
      </Box>
      <ScrollingList<QuestionOverviewRow>
        source={QUESTION_OVERVIEW_SOURCE}
        params={params}
        label={t('topicContent.questionsTitle')}
        columns={columns}
        search={search}
        orderBy={filter.orderBy}
        orderDirection={filter.orderDirection}
        onSortChange={(orderBy, orderDirection) =>
          updateFilter({ orderBy: orderBy as OrderColumn, orderDirection })
        }
        onRowClick={(row) => navigate(`/instructions/edit/${row.topicId}`)}
        onTotalChange={onTotalChange}
      />
    </Box>
  );
}
