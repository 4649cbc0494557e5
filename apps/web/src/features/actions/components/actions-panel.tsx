import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ActionRow } from '@schutzwerk/shared/actions/actions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollingList } from '#components/scrolling-list/scrolling-list.tsx';
import { usePermissions } from '#lib/session/session.tsx';
import { ACTION_LIST_SOURCE } from '../api/action-sources.ts';
import { useAction } from '../api/get-action.ts';
import { useActionColumns } from './action-columns.tsx';
import { ActionDialog } from './action-dialog.tsx';

export type ActionsPanelProps = {
  /** The source type registered on the server ('hazard', 'general', …). */
  sourceType: string;
  /** The id of the source record (0 for stand-alone actions). */
  sourceId: number;
  /** Shows the actions without create, edit or delete. */
  readOnly?: boolean;
};

/**
 * The actions of one source record (e.g. a hazard of a hazard assessment) with 'Maßnahme hinzufügen' and
 * a create/edit dialog. The server decides what the user may see and change (source registry, rights).
 */
export function ActionsPanel({ sourceType, sourceId, readOnly = false }: ActionsPanelProps) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const current = useAction(editing);
  const columns = useActionColumns({ withSource: false });
  const params = useMemo(() => ({ sourceType, sourceId }), [sourceType, sourceId]);
  const closed = () => {
    setEditing(null);
    setCreating(false);
  };
  const saved = () => {
    closed();
    setReloadKey((k) => k + 1);
  };
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minHeight: 240 }}
      data-testid="actions-panel"
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          {t('actions.panelTitle')}
        </Typography>
        {!readOnly && canAny([P.ACTIONS_CREATE]) && (
          <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('actions.add')}
          </Button>
        )}
      </Box>
      <ScrollingList<ActionRow>
        source={ACTION_LIST_SOURCE}
        params={params}
        label={t('actions.panelTitle')}
        columns={columns}
        orderBy="type"
        reloadKey={reloadKey}
        onRowClick={(row) => setEditing(row.id)}
        emptyText={t('actions.empty')}
        sx={{ minHeight: 200 }}
      />
      <ActionDialog
        open={creating || (editing !== null && current.data !== undefined)}
        onClose={closed}
        onSaved={saved}
        sourceType={sourceType}
        sourceId={sourceId}
        action={creating ? null : (current.data ?? null)}
        readOnly={readOnly}
      />
    </Box>
  );
}
