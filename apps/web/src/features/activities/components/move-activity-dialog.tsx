import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import type { Activity, ActivityNode } from '@schutzwerk/shared/activities/activity.schema.ts';
import {
  buildTree,
  compareNames,
  descendantIds,
  type TreeItem,
} from '@schutzwerk/shared/activities/activity-tree.ts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { useMoveActivity } from '../api/move-activity.ts';
import { filterNodes } from './activity-filter.ts';

type Props = {
  open: boolean;
  activity: Activity;
  nodes: readonly ActivityNode[];
  onClose: () => void;
  onMoved: (activity: Activity) => void;
};

type Row = { node: ActivityNode; depth: number };

function flatten(items: TreeItem<ActivityNode>[], depth = 0, out: Row[] = []): Row[] {
  for (const item of items) {
    out.push({ node: item, depth });
    flatten(item.children, depth + 1, out);
  }
  return out;
}

/**
 * Choose the new parent. Targets the rules forbid (the node itself and its descendants, roles, system nodes)
 * are greyed out; choosing one explains why, with the texts of the error catalogue.
 */
export function MoveActivityDialog(props: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('activities.moveTitle', { name: props.activity.name })}</DialogTitle>
      <MoveBody {...props} />
    </Dialog>
  );
}

function MoveBody({ activity, nodes, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const move = useMoveActivity();
  const [filter, setFilter] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const below = useMemo(() => descendantIds(nodes, activity.id), [nodes, activity.id]);
  const rows = useMemo(
    () => flatten(buildTree(filterNodes(nodes, filter), (a, b) => compareNames(a.name, b.name))),
    [nodes, filter],
  );

  const reasonFor = (target: ActivityNode | null): string | null => {
    if (!target) return null;
    if (target.id === activity.id || below.has(target.id)) return t('apiErrors.PARENT_IS_RECURSIVE');
    if (target.isSystem) return t('apiErrors.ACTIVITY_IS_SYSTEM');
    if (target.isRole) return t('apiErrors.ACTIVITY_IS_A_ROLE');
    return null;
  };

  const choose = (target: ActivityNode | null) => {
    move.reset();
    const reason = reasonFor(target);
    if (reason) {
      setRefusal(reason);
      return;
    }
    setRefusal(null);
    const parentId = target?.id ?? null;
    if (parentId === activity.parentId) {
      onClose();
      return;
    }
    move.mutate({ id: activity.id, input: { version: activity.version, parentId } }, { onSuccess: onMoved });
  };

  const message = refusal ?? (move.error ? errorMessage(move.error, t) : null);

  return (
    <>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <DialogContentText>{t('activities.moveHint')}</DialogContentText>
        {message ? (
          <Alert severity="error" role="alert" data-testid="move-error">
            {message}
          </Alert>
        ) : null}
        <TextField
          label={t('activities.moveFilter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          type="search"
          size="small"
          autoFocus
        />
        <List dense aria-label={t('activities.moveHint')} sx={{ overflow: 'auto', maxHeight: 420 }}>
          <ListItemButton onClick={() => choose(null)} disabled={move.isPending}>
            <ListItemText
              primary={t('activities.topLevel')}
              secondary={activity.parentId === null ? t('activities.moveCurrent') : null}
            />
          </ListItemButton>
          {rows.map(({ node, depth }) => {
            const unavailable = reasonFor(node) !== null;
            return (
              <ListItemButton
                key={node.id}
                onClick={() => choose(node)}
                disabled={move.isPending}
                aria-disabled={unavailable || undefined}
                data-testid={`move-target-${node.id}`}
                sx={{ pl: 2 + depth * 2, ...(unavailable ? { color: 'text.disabled' } : {}) }}
              >
                <ListItemText
                  primary={node.name}
                  secondary={node.id === activity.parentId ? t('activities.moveCurrent') : null}
                />
              </ListItemButton>
            );
          })}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
      </DialogActions>
    </>
  );
}
