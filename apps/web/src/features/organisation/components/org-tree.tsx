import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { RichTreeView } from '@mui/x-tree-view/RichTreeView';
import { TreeItem, type TreeItemProps } from '@mui/x-tree-view/TreeItem';
import { ancestorIds, childrenByParent } from '@schutzwerk/shared/organisation/tree.ts';
import {
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgTreeNode } from '../api/get-tree.ts';

/** The nodes by item id, for the item renderer (which the tree view creates). */
const NodesContext = createContext<ReadonlyMap<string, OrgTreeNode>>(new Map());

/** One row: name, 'Container' chip for department containers, a lock for read-only nodes. */
const OrgTreeItem = forwardRef<HTMLLIElement, TreeItemProps>(function OrgTreeItem(props, ref) {
  const { t } = useTranslation();
  const node = useContext(NodesContext).get(props.itemId);
  return (
    <TreeItem
      {...props}
      ref={ref}
      data-testid={`tree-node-${props.itemId}`}
      label={
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ flex: '0 1 auto' }}>
            {props.label}
          </Typography>
          {node?.isContainer ? (
            <Chip size="small" variant="outlined" label={t('departments.containerChip')} />
          ) : null}
          {node && !node.editable ? (
            <LockOutlinedIcon
              fontSize="inherit"
              color="disabled"
              aria-label={t('organisation.readOnlyNode')}
            />
          ) : null}
        </Box>
      }
    />
  );
});

type Item = { id: string; label: string; node: OrgTreeNode; children: Item[] };

function buildItems(nodes: readonly OrgTreeNode[]): Item[] {
  const children = childrenByParent(nodes);
  const build = (parent: number | null): Item[] =>
    (children.get(parent) ?? []).map((node) => ({
      id: String(node.id),
      label: node.name,
      node,
      children: build(node.id),
    }));
  return build(null);
}

/**
 * Expanded items and scroll position per tree, kept while the app runs: the page is keyed by path, so
 * selecting another node (a new URL) mounts the tree afresh and must not fold it up again.
 */
const memory = new Map<string, { expanded: string[]; scrollTop: number }>();

type Props = {
  /** Which tree ('locations', 'departments'): the key of its remembered expansion. */
  memoryKey: string;
  nodes: readonly OrgTreeNode[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  label: string;
};

/**
 * The organisation tree (locations or departments): keyboard navigable (arrows, Home/End, type-ahead),
 * expand/collapse, one selected node. Nodes outside one's own area carry a lock (read-only); department
 * containers a 'Container' chip.
 */
export function OrgTree({ memoryKey, nodes, selectedId, onSelect, label }: Props) {
  const { t } = useTranslation();
  const items = useMemo(() => buildItems(nodes), [nodes]);
  const byId = useMemo(() => new Map(nodes.map((n) => [String(n.id), n])), [nodes]);
  const [expanded, setExpandedState] = useState<string[]>(() => {
    const remembered = memory.get(memoryKey)?.expanded;
    const start = remembered ?? nodes.filter((n) => n.parentId === null).map((n) => String(n.id));
    const path = selectedId === null ? [] : ancestorIds(nodes, selectedId).map(String);
    return [...new Set([...start, ...path])];
  });
  const setExpanded = setExpandedState;
  useEffect(() => {
    memory.set(memoryKey, { scrollTop: memory.get(memoryKey)?.scrollTop ?? 0, expanded });
  }, [memoryKey, expanded]);
  const scrollRef = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = memory.get(memoryKey)?.scrollTop ?? 0;
  }, [memoryKey]);
  // A deep link, a new node below a collapsed parent or a moved node: open the path to the selection
  // (state adjusted while rendering, keyed by the selection and its current ancestors).
  const path = selectedId === null ? [] : ancestorIds(nodes, selectedId).map(String);
  const pathKey = `${selectedId}:${path.join(',')}`;
  const [shownFor, setShownFor] = useState(pathKey);
  if (pathKey !== shownFor) {
    setShownFor(pathKey);
    const missing = path.filter((id) => !expanded.includes(id));
    if (missing.length > 0) setExpanded([...expanded, ...missing]);
  }

  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        {t('organisation.emptyTree')}
      </Typography>
    );
  }
  return (
    <NodesContext value={byId}>
      <RichTreeView
        aria-label={label}
        items={items}
        selectedItems={selectedId === null ? null : String(selectedId)}
        onSelectedItemsChange={(_event, id) => {
          if (typeof id === 'string') onSelect(Number(id));
        }}
        expandedItems={expanded}
        onExpandedItemsChange={(event, ids) => {
          // Only the user folds: the tree view itself drops a moved item from the expanded list (no event).
          if (event) setExpanded(ids);
        }}
        expansionTrigger="iconContainer"
        ref={scrollRef}
        onScroll={(event) =>
          memory.set(memoryKey, { expanded, scrollTop: (event.currentTarget as HTMLElement).scrollTop })
        }
        slots={{ item: OrgTreeItem }}
        sx={{ overflowY: 'auto', flex: 1, minHeight: 0, py: 0.5 }}
      />
    </NodesContext>
  );
}
