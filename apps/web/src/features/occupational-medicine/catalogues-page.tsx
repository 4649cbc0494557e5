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
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CATALOGUE_KINDS,
  type CatalogueEntry,
  type CatalogueKind,
} from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  fetchCatalogue,
  useCatalogue,
  useCreateCatalogueEntry,
  useDeleteCatalogueEntry,
  useUpdateCatalogueEntry,
} from './api/catalogues.ts';
import { occupationalMedicineKeys } from './api/occupational-medicine-keys.ts';

/**
 * /occupational-medicine/catalogues (PRECAUTION_MASTER_DATA, decision 057): executing bodies, legal sources for
 * examinations and assessment reasons — add, rename, set inactive; delete only what no precaution uses.
 */
export function CataloguesPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<CatalogueKind>('executingBody');
  useToolbar({ title: t('occupationalMedicine.catalogues.title') });
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Typography variant="body2" color="text.secondary">
        {t('occupationalMedicine.catalogues.intro')}
      </Typography>
      <Tabs value={kind} onChange={(_e, value: CatalogueKind) => setKind(value)} variant="scrollable">
        {CATALOGUE_KINDS.map((k) => (
          <Tab key={k} value={k} label={t(`occupationalMedicine.kinds.${k}`)} />
        ))}
      </Tabs>
      <CatalogueList key={kind} kind={kind} />
    </Box>
  );
}

function CatalogueList({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const entries = useCatalogue(kind);
  const [editing, setEditing] = useState<CatalogueEntry | null>(null);
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('occupationalMedicine.catalogues.add')}
        </Button>
      </Box>
      {entries.error && (
        <Alert severity="error" role="alert">
          {errorMessage(entries.error, t)}
        </Alert>
      )}
      <Paper variant="outlined">
        <List aria-label={t(`occupationalMedicine.kinds.${kind}`)}>
          {(entries.data ?? []).map((e) => (
            <ListItem key={e.id} disablePadding>
              <ListItemButton onClick={() => setEditing(e)}>
                <ListItemText
                  primary={e.line2 ? `${e.name} – ${e.line2}` : e.name}
                  secondary={t('occupationalMedicine.catalogues.usedBy', { count: e.usedBy })}
                />
                {!e.active && (
                  <Chip size="small" color="warning" label={t('occupationalMedicine.catalogues.inactive')} />
                )}
              </ListItemButton>
            </ListItem>
          ))}
          {entries.data?.length === 0 && (
            <Typography component="li" sx={{ p: 2 }}>
              {t('occupationalMedicine.catalogues.empty')}
            </Typography>
          )}
        </List>
      </Paper>
      {(creating || editing) && (
        <EntryDialog
          key={editing?.id ?? 'new'}
          kind={kind}
          entry={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
    </>
  );
}

type Draft = { name: string; line2: string; active: boolean };
const draftOf = (e: CatalogueEntry | null): Draft => ({
  name: e?.name ?? '',
  line2: e?.line2 ?? '',
  active: e?.active ?? true,
});

function EntryDialog({
  kind,
  entry,
  onClose,
}: {
  kind: CatalogueKind;
  entry: CatalogueEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const queryClient = useQueryClient();
  const record = useVersionedDraft<CatalogueEntry | null, Draft>({
    record: entry,
    draftOf,
    fetchLatest: async (base) => {
      const all = await fetchCatalogue(kind);
      await queryClient.invalidateQueries({ queryKey: occupationalMedicineKeys.catalogue(kind) });
      return all.find((e) => e.id === base?.id) ?? base;
    },
  });
  const { base, draft, set, dirty, conflict } = record;
  const create = useCreateCatalogueEntry(kind);
  const update = useUpdateCatalogueEntry(kind);
  const remove = useDeleteCatalogueEntry(kind);
  const [confirming, setConfirming] = useState(false);
  const error = base ? update.error : create.error;
  const errors = fieldErrors(error);
  const withLine2 = kind === 'executingBody';

  const save = () => {
    const done = () => {
      notify(t('occupationalMedicine.catalogues.saved'));
      onClose();
    };
    if (!base) {
      create.mutate({ name: draft.name, line2: withLine2 ? draft.line2 : '' }, { onSuccess: done });
      return;
    }
    const patch: Partial<Draft> = {};
    for (const key of ['name', 'line2', 'active'] as const)
      if (draft[key] !== base[key]) Object.assign(patch, { [key]: draft[key] });
    update.mutate({ id: base.id, version: base.version, ...patch }, record.onSave(done));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {base
          ? t('occupationalMedicine.catalogues.editTitle')
          : t('occupationalMedicine.catalogues.createTitle')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {conflict && (
          <ConflictAlert
            message={t('occupationalMedicine.catalogues.conflict')}
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
          label={t('occupationalMedicine.catalogues.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          required
          error={Boolean(errors.name)}
          helperText={errors.name}
          autoFocus
        />
        {withLine2 && (
          <TextField
            label={t('occupationalMedicine.catalogues.line2')}
            value={draft.line2}
            onChange={(e) => set({ line2: e.target.value })}
            error={Boolean(errors.line2)}
            helperText={errors.line2}
          />
        )}
        {base && (
          <FormControlLabel
            control={<Checkbox checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />}
            label={t('occupationalMedicine.catalogues.active')}
          />
        )}
      </DialogContent>
      <DialogActions>
        {base && (
          <Button color="error" onClick={() => setConfirming(true)} sx={{ mr: 'auto' }}>
            {t('occupationalMedicine.catalogues.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{t('occupationalMedicine.catalogues.cancel')}</Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={(base !== null && !dirty) || create.isPending || update.isPending}
        >
          {t('occupationalMedicine.catalogues.save')}
        </Button>
      </DialogActions>
      {base && (
        <ConfirmDialog
          open={confirming}
          title={t('occupationalMedicine.catalogues.deleteTitle')}
          text={t('occupationalMedicine.catalogues.deleteText', { name: base.name })}
          confirmLabel={t('occupationalMedicine.catalogues.delete')}
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
                  notify(t('occupationalMedicine.catalogues.deleted'));
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
