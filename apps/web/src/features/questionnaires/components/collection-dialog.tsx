import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CHECKLIST_MODULES, type ChecklistRow } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import {
  type Collection,
  createCollectionSchema,
} from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import {
  CHECKLIST_SOURCE,
  useCollection,
  useDeleteCollection,
  useSaveCollection,
} from '../api/questionnaires-api.ts';

type Props = { id: number | null; onClose: (changed: boolean) => void };

/** Creates or edits a collection: label, module and its checklists (at least one). */
export function CollectionDialog({ id, onClose }: Props) {
  const loaded = useCollection(id);
  if (id !== null && !loaded.data) return null;
  return <CollectionForm key={id ?? 'new'} collection={loaded.data ?? null} onClose={onClose} />;
}

function CollectionForm({
  collection,
  onClose,
}: {
  collection: Collection | null;
  onClose: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveCollection(collection?.id ?? null);
  const remove = useDeleteCollection(collection?.id ?? 0);
  const [label, setLabel] = useState(collection?.label ?? '');
  const [module, setModule] = useState<string>(collection?.module ?? 'general');
  const [items, setItems] = useState<{ id: number; label: string }[]>(collection?.checklists ?? []);
  const [picking, setPicking] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const server = fieldErrors(save.error);
  const errors = { ...server, ...local };
  const failure = save.error ?? remove.error;
  const conflict = isApiError(failure) && failure.code === 'CONFLICT';
  const general = failure && !server.label && !server.checklistIds ? errorMessage(failure, t) : null;

  const submit = () => {
    const input = { label, module, checklistIds: items.map((i) => i.id) };
    const checked = createCollectionSchema.safeParse(input);
    const next: Record<string, string> = {};
    for (const issue of checked.error?.issues ?? []) next[String(issue.path[0])] ??= issue.message;
    setLocal(next);
    if (!checked.success) return;
    const body = collection ? { ...checked.data, version: collection.version } : checked.data;
    save.mutate(body as never, { onSuccess: () => onClose(true) });
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {collection ? t('questionnaires.collection.editTitle') : t('questionnaires.collection.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {general && (
            <Alert severity="error" role="alert">
              {conflict ? t('questionnaires.conflict') : general}
            </Alert>
          )}
          <TextField
            required
            autoFocus
            label={t('questionnaires.fields.label')}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            error={Boolean(errors.label)}
            helperText={errors.label}
          />
          <TextField
            select
            label={t('questionnaires.fields.module')}
            value={module}
            onChange={(e) => setModule(e.target.value)}
          >
            {CHECKLIST_MODULES.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`checklists.modules.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="subtitle2" component="h3">
            {t('questionnaires.fields.checklists')}
          </Typography>
          {items.length === 0 ? (
            <Typography
              color={errors.checklistIds ? 'error' : 'text.secondary'}
              role={errors.checklistIds ? 'alert' : undefined}
            >
              {errors.checklistIds ?? t('questionnaires.collection.none')}
            </Typography>
          ) : (
            <List dense aria-label={t('questionnaires.fields.checklists')}>
              {items.map((item) => (
                <ListItem
                  key={item.id}
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={t('questionnaires.collection.remove', { label: item.label })}
                      onClick={() => setItems(items.filter((i) => i.id !== item.id))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={item.label} />
                </ListItem>
              ))}
            </List>
          )}
          <Button onClick={() => setPicking(true)} sx={{ alignSelf: 'flex-start' }}>
            {t('questionnaires.collection.addChecklists')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        {collection && (
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate(collection.version, { onSuccess: () => onClose(true) })}
          >
            {t('questionnaires.delete')}
          </Button>
        )}
        <Button onClick={() => onClose(false)}>{t('questionnaires.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('questionnaires.save')}
        </Button>
      </DialogActions>
      <PickerDialog<ChecklistRow>
        open={picking}
        onClose={() => setPicking(false)}
        multiple
        source={CHECKLIST_SOURCE}
        params={{ status: 'active' }}
        columns={[{ id: 'label', header: t('questionnaires.fields.label'), render: (r) => r.label, grow: 1 }]}
        getRowId={(r) => r.id}
        value={items.map((i) => i.id)}
        onSelect={(rows) => {
          const known = new Set(items.map((i) => i.id));
          setItems([
            ...items,
            ...rows.filter((r) => !known.has(r.id)).map((r) => ({ id: r.id, label: r.label })),
          ]);
          setLocal({});
          setPicking(false);
        }}
      />
    </Dialog>
  );
}
