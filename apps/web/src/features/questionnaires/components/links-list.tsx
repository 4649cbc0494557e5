import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { CollectionLink } from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { LINK_SOURCE } from '../api/links-api.ts';
import { linkColor, linkWhen } from './segment-links.tsx';

/** The list of collection links (decision 067): all of the portal for those who fill, or the ones sent to me. */
export function LinksList({ search, canSeeAll }: { search: string; canSeeAll: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mine, setMine] = useState(!canSeeAll);
  const [count, setCount] = useState<number | null>(null);
  const params = useMemo(() => ({ mine: mine ? 'true' : 'false' }), [mine]);
  const columns = useMemo<ScrollingListColumn<CollectionLink>[]>(
    () => [
      {
        id: 'questionnaire',
        header: t('questionnaires.links.fields.questionnaire'),
        sortKey: 'questionnaire',
        minWidth: 200,
        grow: 1.5,
        render: (r) => r.questionnaireTitle,
      },
      {
        id: 'segment',
        header: t('questionnaires.links.fields.segment'),
        minWidth: 160,
        grow: 1,
        render: (r) => `${r.segment} ${r.segmentLabel}`.trim(),
      },
      {
        id: 'recipient',
        header: t('questionnaires.links.fields.recipient'),
        sortKey: 'recipient',
        minWidth: 160,
        grow: 1,
        render: (r) => r.recipientName,
      },
      {
        id: 'status',
        header: t('questionnaires.links.fields.status'),
        sortKey: 'status',
        minWidth: 130,
        grow: 0.6,
        render: (r) => (
          <Chip
            size="small"
            color={linkColor(r.status)}
            label={t(`questionnaires.links.status.${r.status}`)}
          />
        ),
      },
      {
        id: 'when',
        header: t('questionnaires.links.fields.when'),
        sortKey: 'sentAt',
        minWidth: 220,
        grow: 1.2,
        render: (r) => linkWhen(r, t),
      },
    ],
    [t],
  );
  return (
    <>
      {canSeeAll && (
        <FormControlLabel
          sx={{ alignSelf: 'flex-start' }}
          control={<Switch checked={mine} onChange={(e) => setMine(e.target.checked)} />}
          label={t('questionnaires.links.onlyMine')}
        />
      )}
      <ListCount count={count} grow />
      <ScrollingList<CollectionLink>
        source={LINK_SOURCE}
        label={t('questionnaires.links.tab')}
        columns={columns}
        search={search}
        params={params}
        onRowClick={(r) =>
          navigate(
            `/checklists/tree/${r.status === 'done' || r.status === 'rejected' ? 'read' : 'edit'}/${r.questionnaireId}`,
          )
        }
        onTotalChange={setCount}
      />
    </>
  );
}
