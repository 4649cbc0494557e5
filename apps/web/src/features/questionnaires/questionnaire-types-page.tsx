import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type {
  CollectionRow,
  QuestionnaireTypeRow,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { COLLECTION_SOURCE, TYPE_SOURCE } from './api/questionnaires-api.ts';
import { CollectionDialog } from './components/collection-dialog.tsx';
import { TypeDialog } from './components/type-dialog.tsx';

type TabKey = 'types' | 'collections';

/** /checklists/tree/control: questionnaire types (Fragebogentypen) and the collections they ask. */
export function QuestionnaireTypesPage() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [tab, setTab] = useState<TabKey>('types');
  const [search, setSearch] = useState('');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<{ tab: TabKey; id: number | null } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  useToolbar({
    title: t('questionnaires.typesTitle'),
    search: {
      value: search,
      onChange: setSearch,
      label: tab === 'types' ? t('questionnaires.searchTypes') : t('questionnaires.searchCollections'),
    },
    onAdd: () => setEditing({ tab, id: null }),
    ...(tab === 'types'
      ? {
          filter: {
            value: showInactive,
            defaultValue: false,
            onClick: () => setShowInactive(!showInactive),
            label: t('questionnaires.showInactive'),
          },
        }
      : {}),
  });

  const typeColumns = useMemo<ScrollingListColumn<QuestionnaireTypeRow>[]>(
    () => [
      {
        id: 'title',
        header: t('questionnaires.fields.title'),
        sortKey: 'title',
        minWidth: 220,
        grow: 2,
        render: (r) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{r.title}</span>
            {!r.active && <Chip size="small" label={t('questionnaires.inactiveChip')} />}
          </Stack>
        ),
      },
      {
        id: 'module',
        header: t('questionnaires.fields.module'),
        minWidth: 140,
        grow: 1,
        render: (r) => t(`checklists.modules.${r.module}`),
      },
      {
        id: 'segments',
        header: t('questionnaires.fields.segments'),
        minWidth: 90,
        grow: 0.4,
        render: (r) => r.segmentCount,
      },
    ],
    [t],
  );
  const collectionColumns = useMemo<ScrollingListColumn<CollectionRow>[]>(
    () => [
      {
        id: 'label',
        header: t('questionnaires.fields.label'),
        sortKey: 'label',
        minWidth: 220,
        grow: 2,
        render: (r) => r.label,
      },
      {
        id: 'module',
        header: t('questionnaires.fields.module'),
        minWidth: 140,
        grow: 1,
        render: (r) => t(`checklists.modules.${r.module}`),
      },
      {
        id: 'count',
        header: t('questionnaires.fields.checklists'),
        minWidth: 90,
        grow: 0.4,
        render: (r) => r.checklistCount,
      },
    ],
    [t],
  );

  const closed = (changed: boolean) => {
    setEditing(null);
    if (changed) {
      notify(t('questionnaires.saved'));
      setReloadKey((k) => k + 1);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Tabs value={tab} onChange={(_, v: TabKey) => setTab(v)} aria-label={t('questionnaires.typesTitle')}>
        <Tab value="types" label={t('questionnaires.tabs.types')} />
        <Tab value="collections" label={t('questionnaires.tabs.collections')} />
      </Tabs>
      {tab === 'types' ? (
        <ScrollingList<QuestionnaireTypeRow>
          key="types"
          source={TYPE_SOURCE}
          label={t('questionnaires.tabs.types')}
          columns={typeColumns}
          search={search}
          params={{ status: showInactive ? 'all' : 'active' }}
          reloadKey={reloadKey}
          onRowClick={(r) => setEditing({ tab: 'types', id: r.id })}
        />
      ) : (
        <ScrollingList<CollectionRow>
          key="collections"
          source={COLLECTION_SOURCE}
          label={t('questionnaires.tabs.collections')}
          columns={collectionColumns}
          search={search}
          reloadKey={reloadKey}
          onRowClick={(r) => setEditing({ tab: 'collections', id: r.id })}
        />
      )}
      {editing?.tab === 'types' && <TypeDialog id={editing.id} onClose={closed} />}
      {editing?.tab === 'collections' && <CollectionDialog id={editing.id} onClose={closed} />}
    </Box>
  );
}
