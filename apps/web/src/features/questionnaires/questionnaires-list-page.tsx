import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { QuestionnaireRow } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { useListState } from '#lib/list-state.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { QUESTIONNAIRE_SOURCE, useCreateQuestionnaire } from './api/questionnaires-api.ts';
import { LinksList } from './components/links-list.tsx';
import { StartQuestionnaireDialog } from './components/start-dialog.tsx';

type StoredFilter = { onlyOpen: boolean };
const DEFAULT_FILTER: StoredFilter = { onlyOpen: false };
const isStoredFilter = (value: unknown): value is StoredFilter =>
  typeof value === 'object' && value !== null && typeof (value as StoredFilter).onlyOpen === 'boolean';

/** /checklists/tree: the questionnaires (Fragebogen) of the portal; open ones, or all with the filter. */
export function QuestionnairesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const create = useCreateQuestionnaire();
  const { pathname } = useLocation();
  // The stored search and filter of the page (a menu click clears them, spec shell §2.3).
  const { search, setSearch, filter, updateFilter } = useListState(pathname, DEFAULT_FILTER, isStoredFilter);
  const { onlyOpen } = filter;
  const [count, setCount] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const [tab, setTab] = useState<'questionnaires' | 'links'>('questionnaires');
  const canEdit = canAny([P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]);

  useToolbar({
    title: t('questionnaires.listTitle'),
    search: { value: search, onChange: setSearch, label: t('questionnaires.searchQuestionnaires') },
    onAdd: canEdit ? () => setStarting(true) : undefined,
    filter: {
      value: onlyOpen,
      defaultValue: false,
      onClick: () => updateFilter({ onlyOpen: !onlyOpen }),
      label: t('questionnaires.filter.open'),
    },
  });

  const columns = useMemo<ScrollingListColumn<QuestionnaireRow>[]>(
    () => [
      {
        id: 'title',
        header: t('questionnaires.fields.title'),
        sortKey: 'title',
        minWidth: 220,
        grow: 2,
        render: (r) => r.title,
      },
      {
        id: 'type',
        header: t('questionnaires.fields.typeTitle'),
        minWidth: 180,
        grow: 1.5,
        render: (r) => r.typeTitle,
      },
      {
        id: 'status',
        header: t('questionnaires.fields.status'),
        sortKey: 'status',
        minWidth: 120,
        grow: 0.6,
        render: (r) => (
          <Chip
            size="small"
            color={r.status === 'done' ? 'success' : 'default'}
            label={t(`questionnaires.status.${r.status}`)}
          />
        ),
      },
    ],
    [t],
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, gap: 1.5 }}>
      <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} aria-label={t('questionnaires.listTitle')}>
        <Tab value="questionnaires" label={t('questionnaires.links.questionnairesTab')} />
        <Tab value="links" label={t('questionnaires.links.tab')} />
      </Tabs>
      {tab === 'links' ? (
        <LinksList search={search} canSeeAll={canEdit} />
      ) : (
        <>
          <ListCount count={count} grow />
          <ScrollingList<QuestionnaireRow>
            source={QUESTIONNAIRE_SOURCE}
            label={t('questionnaires.listTitle')}
            columns={columns}
            search={search}
            params={{ status: onlyOpen ? 'open' : 'all' }}
            onRowClick={(r) =>
              navigate(`/checklists/tree/${canEdit && r.status === 'open' ? 'edit' : 'read'}/${r.id}`)
            }
            onTotalChange={setCount}
          />
        </>
      )}
      <StartQuestionnaireDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStart={async (input) => {
          const q = await create.mutateAsync(input);
          notify(t('questionnaires.start.started'));
          void navigate(`/checklists/tree/edit/${q.id}`);
        }}
      />
    </Box>
  );
}
