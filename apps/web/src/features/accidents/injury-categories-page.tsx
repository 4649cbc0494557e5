import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InjuryCategory } from '@schutzwerk/shared/accidents/injury-categories.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { api, isApiError } from '#lib/api-client.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { accidentKeys } from './api/accident-keys.ts';
import {
  useCreateInjuryCategory,
  useDeleteInjuryCategory,
  useInjuryCategories,
  useUpdateInjuryCategory,
} from './api/injury-categories.ts';

/**
 * /accidents/injury-categories (INJURY_CATEGORIES, decision 056): the managed catalogue of injury categories —
 * add, rename, mark reportable, set inactive; delete only what is neither built in nor used.
 */
export function InjuryCategoriesPage() {
  const { t } = useTranslation();
  const categories = useInjuryCategories();
  const [editing, setEditing] = useState<InjuryCategory | null>(null);
  const [creating, setCreating] = useState(false);
  useToolbar({ title: t('accidents.categories.title'), back: '/accidents/list' });

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary">
        {t('accidents.categories.intro')}
      </Typography>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('accidents.categories.add')}
        </Button>
      </Box>
      {categories.error && (
        <Alert severity="error" role="alert">
          {errorMessage(categories.error, t)}
        </Alert>
      )}
      <Paper variant="outlined">
        <List aria-label={t('accidents.categories.title')}>
          {(categories.data ?? []).map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton onClick={() => setEditing(c)}>
                <ListItemText
                  primary={c.label}
                  secondary={t('accidents.categories.usedBy', { count: c.usedBy })}
                />
                <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                  {c.noticeDue && <Chip size="small" label={t('accidents.categories.noticeDueShort')} />}
                  {c.builtIn && <Chip size="small" label={t('accidents.categories.builtIn')} />}
                  {!c.active && (
                    <Chip size="small" color="warning" label={t('accidents.categories.inactive')} />
                  )}
                </Box>
              </ListItemButton>
            </ListItem>
          ))}
          {categories.data?.length === 0 && (
            <Typography component="li" sx={{ p: 2 }}>
              {t('accidents.categories.empty')}
            </Typography>
          )}
        </List>
      </Paper>
      {(creating || editing) && (
        <CategoryDialog
          key={editing?.id ?? 'new'}
          category={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}

type Draft = { label: string; noticeDue: boolean; active: boolean };
const draftOf = (c: InjuryCategory | null): Draft => ({
  label: c?.label ?? '',
  noticeDue: c?.noticeDue ?? false,
  active: c?.active ?? true,
});

function CategoryDialog({ category, onClose }: { category: InjuryCategory | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const queryClient = useQueryClient();
  const record = useVersionedDraft<InjuryCategory | null, Draft>({
    record: category,
    draftOf,
    fetchLatest: async (base) => {
      const all = (await api.get<{ data: InjuryCategory[] }>('accidents/injury-categories')).data;
      await queryClient.invalidateQueries({ queryKey: accidentKeys.injuryCategories() });
      return all.find((c) => c.id === base?.id) ?? base;
    },
  });
  const { base, draft, set, dirty, conflict } = record;
  const create = useCreateInjuryCategory();
  const update = useUpdateInjuryCategory();
  const remove = useDeleteInjuryCategory();
  const [confirming, setConfirming] = useState(false);
  const error = base ? update.error : create.error;
  const errors = fieldErrors(error);

  const save = () => {
    const done = () => {
      notify(t('accidents.categories.saved'));
      onClose();
    };
    if (!base) {
      create.mutate({ label: draft.label, noticeDue: draft.noticeDue }, { onSuccess: done });
      return;
    }
    const patch: Partial<Draft> = {};
    for (const key of ['label', 'noticeDue', 'active'] as const)
      if (draft[key] !== base[key]) Object.assign(patch, { [key]: draft[key] });
    update.mutate({ id: base.id, version: base.version, ...patch }, record.onSave(done));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {base ? t('accidents.categories.editTitle') : t('accidents.categories.createTitle')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {conflict && (
          <ConflictAlert
            message={t('accidents.categories.conflict')}
            onReload={async () => {
              await record.reloadLatest();
              update.reset();
            }}
            reloading={record.reloading}
          />
        )}
        {error && !(isApiError(error) && error.code === 'CONFLICT') && (
          <Alert severity="error" role="alert">
            {errorMessage(error, t)}
          </Alert>
        )}
        <TextField
          label={t('accidents.categories.label')}
          value={draft.label}
          onChange={(e) => set({ label: e.target.value })}
          required
          error={Boolean(errors.label)}
          helperText={errors.label}
          autoFocus
        />
        <FormControlLabel
          control={
            <Checkbox checked={draft.noticeDue} onChange={(e) => set({ noticeDue: e.target.checked })} />
          }
          label={t('accidents.categories.noticeDue')}
        />
        {base && (
          <FormControlLabel
            control={<Checkbox checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />}
            label={t('accidents.categories.active')}
          />
        )}
      </DialogContent>
      <DialogActions>
        {base && (
          <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
            {t('accidents.categories.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('accidents.categories.cancel')}</Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={(base !== null && !dirty) || create.isPending || update.isPending}
        >
          {t('accidents.categories.save')}
        </Button>
      </DialogActions>
      {base && (
        <ConfirmDialog
          open={confirming}
          title={t('accidents.categories.deleteTitle')}
          text={t('accidents.categories.deleteText', { label: base.label })}
          confirmLabel={t('accidents.categories.delete')}
          error={remove.error}
          pending={remove.isPending}
          onClose={() => {
            setConfirming(false);
            remove.reset();
          }}
          onConfirm={() =>
            remove.mutate(
              { id: base.id, version: base.version },
              {
                onSuccess: () => {
                  notify(t('accidents.categories.deleted'));
                  onClose();
                },
              },
            )
          }
        />
      )}
    </Dialog>
  );
}
