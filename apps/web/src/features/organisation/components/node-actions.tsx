import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import VerticalAlignTopIcon from '@mui/icons-material/VerticalAlignTop';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { TreeRow } from '@schutzwerk/shared/organisation/tree.ts';
import { subtreeIds } from '@schutzwerk/shared/organisation/tree.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import {
  DepartmentPickerDialog,
  LocationPickerDialog,
} from '#components/picker-dialog/tree-picker-dialog.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { useDeleteNode } from '../api/delete-node.ts';
import { useMoveNode } from '../api/move-node.ts';
import type { OrgKind } from '../api/organisation-keys.ts';

type Props = {
  kind: OrgKind;
  node: { id: number; name: string; parentId: number | null; version: number };
  /** The whole visible tree: the move picker greys out the node itself and everything below it. */
  nodes: readonly TreeRow[];
  canMove: boolean;
  canDelete: boolean;
  /** Moving to the top level needs the "all" right. */
  canMoveToTop: boolean;
  onMoved: () => void;
  onDeleted: () => void;
  /** Called before a move or delete starts (e.g. to clear a previous save error). */
  onStart?: () => void;
};

/** 'Verschieben' (picker of the new parent) and 'Löschen' (with confirmation) for the selected node. */
export function NodeActions({
  kind,
  node,
  nodes,
  canMove,
  canDelete,
  canMoveToTop,
  onMoved,
  onDeleted,
  onStart,
}: Props) {
  const { t } = useTranslation();
  const notify = useNotify();
  const move = useMoveNode(kind, node.id);
  const remove = useDeleteNode(kind, node.id);
  const [moveOpen, setMoveOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const own = useMemo(() => subtreeIds(nodes, node.id), [nodes, node.id]);
  const Picker = kind === 'locations' ? LocationPickerDialog : DepartmentPickerDialog;

  const moveTo = (parentId: number | null) => {
    onStart?.();
    setMoveOpen(false);
    move.mutate(
      { parentId, version: node.version },
      {
        onSuccess: () => {
          notify(t(`${kind}.moved`, { name: node.name }));
          onMoved();
        },
      },
    );
  };

  return (
    <>
      {canMove ? (
        <Button
          variant="outlined"
          startIcon={<DriveFileMoveIcon />}
          onClick={() => {
            move.reset();
            setMoveOpen(true);
          }}
          disabled={move.isPending}
        >
          {t('organisation.move')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          color="error"
          variant="outlined"
          startIcon={<DeleteIcon />}
          onClick={() => {
            onStart?.();
            remove.reset();
            setDeleteOpen(true);
          }}
        >
          {t('organisation.delete')}
        </Button>
      ) : null}
      {move.error ? (
        <Alert
          severity="error"
          role="alert"
          data-testid="move-error"
          sx={{ flexBasis: '100%' }}
          onClose={() => move.reset()}
        >
          {errorMessage(move.error, t)}
        </Alert>
      ) : null}

      <Picker
        open={moveOpen}
        onClose={() => setMoveOpen(false)}
        title={t(`${kind}.moveTitle`)}
        value={node.parentId ?? undefined}
        onSelect={(rows) => {
          const target = rows[0];
          if (target) moveTo(target.id);
        }}
        unavailableReason={(row) => (own.has(row.id) ? t(`${kind}.recursive`, { name: node.name }) : null)}
        filters={
          canMoveToTop && node.parentId !== null ? (
            <Button
              variant="text"
              startIcon={<VerticalAlignTopIcon />}
              onClick={() => moveTo(null)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('organisation.moveTop')}
            </Button>
          ) : undefined
        }
      />

      <Dialog open={deleteOpen} onClose={() => !remove.isPending && setDeleteOpen(false)} maxWidth="sm">
        <DialogTitle>{t(`${kind}.deleteTitle`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t(`${kind}.deleteConfirm`, { name: node.name })}</DialogContentText>
            {remove.error ? (
              <Alert severity="error" role="alert" data-testid="delete-error">
                {errorMessage(remove.error, t)}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setDeleteOpen(false)} disabled={remove.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(node.version, {
                onSuccess: () => {
                  setDeleteOpen(false);
                  notify(t(`${kind}.deleted`, { name: node.name }));
                  onDeleted();
                },
              })
            }
          >
            {t('common.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
