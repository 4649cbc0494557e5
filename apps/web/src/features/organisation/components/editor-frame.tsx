import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PATH_SEPARATOR } from '@schutzwerk/shared/organisation/tree.ts';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import type { OrgKind } from '../api/organisation-keys.ts';

/** The page's toolbar settings the detail panel declares (one toolbar per page). */
export type EditorToolbar = { title: string; onAdd?: (() => void) | undefined };

type Props = {
  kind: OrgKind;
  toolbar: EditorToolbar;
  title: string;
  path: readonly string[];
  dirty: boolean;
  readOnly: boolean;
  onSave: (() => void) | undefined;
  saveDisabled: boolean;
  conflict: { message: string; reloading: boolean; onReload: () => void } | null;
  saveError: string | null;
  actions: ReactNode;
  /** Ask before leaving (selecting another node, another page) while there are unsaved changes. */
  dirtyGuard: boolean;
  /** Set true right before navigating away on purpose (after a delete): no question then. */
  leavingRef?: RefObject<boolean>;
  children: ReactNode;
};

/** The right-hand panel of the organisation pages: header, conflict/save alerts, form, unsaved-changes guard. */
export function EditorFrame(props: Props) {
  const { t } = useTranslation();
  const { toolbar, onSave, saveDisabled, dirtyGuard, leavingRef } = props;
  useToolbar({ title: toolbar.title, onAdd: toolbar.onAdd, onSave, saveDisabled });
  const alertRef = useRef<HTMLDivElement>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyGuard && !leavingRef?.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirtyGuard) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirtyGuard]);

  const problem = props.conflict?.message ?? props.saveError;
  useEffect(() => {
    if (!problem) return;
    alertRef.current?.scrollIntoView({ block: 'nearest' });
    alertRef.current?.focus({ preventScroll: true });
  }, [problem]);

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      {props.conflict ? (
        <ConflictAlert
          ref={alertRef}
          announce
          message={props.conflict.message}
          reloading={props.conflict.reloading}
          onReload={props.conflict.onReload}
        />
      ) : null}
      {props.saveError ? (
        <Alert ref={alertRef} tabIndex={-1} severity="error" role="alert" data-testid="save-error">
          {props.saveError}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: 1, minWidth: 200 }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.3rem' }} data-testid="node-heading">
              {props.title}
            </Typography>
            {props.path.length > 1 ? (
              <Typography variant="body2" color="text.secondary" data-testid="node-path">
                {props.path.join(PATH_SEPARATOR)}
              </Typography>
            ) : null}
          </Box>
          {props.dirty ? <Chip size="small" color="warning" label={t('organisation.unsavedChip')} /> : null}
          {props.actions}
        </Box>
        {props.readOnly ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="read-only-node">
            {t('organisation.readOnlyNode')}
          </Alert>
        ) : null}
        <Stack spacing={3} sx={{ mt: 2 }}>
          {props.children}
        </Stack>
      </Paper>

      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} maxWidth="sm">
        <DialogTitle>{t('organisation.unsavedTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('organisation.unsavedText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => blocker.reset?.()} autoFocus>
            {t('organisation.unsavedStay')}
          </Button>
          <Button color="warning" variant="contained" onClick={() => blocker.proceed?.()}>
            {t('organisation.unsavedLeave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
