import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BadgeIcon from '@mui/icons-material/Badge';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SimpleTreeView } from '@mui/x-tree-view/SimpleTreeView';
import { TreeItem } from '@mui/x-tree-view/TreeItem';
import type { ActivityNode } from '@schutzwerk/shared/activities/activity.schema.ts';
import type { TreeItem as ActivityTreeItem } from '@schutzwerk/shared/activities/activity-tree.ts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#lib/format.ts';

type Props = {
  items: ActivityTreeItem<ActivityNode>[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  expanded: string[];
  onExpandedChange: (ids: string[]) => void;
};

/** The activities tree (arrow keys move, Enter selects; MUI X Tree View does the ARIA tree pattern). */
export function ActivityTreeView({ items, selectedId, onSelect, expanded, onExpandedChange }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleTreeView
      aria-label={t('activities.treeLabel')}
      data-testid="activity-tree"
      expandedItems={expanded}
      onExpandedItemsChange={(_event, ids) => onExpandedChange(ids)}
      selectedItems={selectedId === null ? null : String(selectedId)}
      onSelectedItemsChange={(_event, id) => {
        if (id !== null) onSelect(Number(id));
      }}
      expansionTrigger="iconContainer"
    >
      {items.map((item) => (
        <Node key={item.id} item={item} />
      ))}
    </SimpleTreeView>
  );
}

function Node({ item }: { item: ActivityTreeItem<ActivityNode> }) {
  return (
    <TreeItem
      itemId={String(item.id)}
      label={<NodeLabel node={item} />}
      data-testid={`activity-node-${item.id}`}
    >
      {item.children.map((child) => (
        <Node key={child.id} item={child} />
      ))}
    </TreeItem>
  );
}

function NodeLabel({ node }: { node: ActivityNode }) {
  const { t } = useTranslation();
  const kind = node.isSystem
    ? { icon: <LockIcon fontSize="inherit" />, label: t('activities.system') }
    : node.isRoleBase
      ? { icon: <AccountTreeIcon fontSize="inherit" />, label: t('activities.roleBase') }
      : node.isRole
        ? { icon: <BadgeIcon fontSize="inherit" />, label: t('activities.role') }
        : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25, minWidth: 0 }}>
      <Typography component="span" variant="body2" noWrap sx={{ flex: '0 1 auto' }}>
        {node.name}
      </Typography>
      {kind ? (
        <Box
          component="span"
          title={kind.label}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            color: 'text.secondary',
            fontSize: 14,
          }}
        >
          {kind.icon}
          <Typography component="span" variant="caption">
            {kind.label}
          </Typography>
        </Box>
      ) : null}
      {node.employeeCount > 0 ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          title={t('activities.employeeCount', {
            count: node.employeeCount,
            formatted: formatNumber(node.employeeCount),
          })}
          sx={{ ml: 'auto', pl: 1 }}
        >
          {formatNumber(node.employeeCount)}
        </Typography>
      ) : null}
    </Box>
  );
}
