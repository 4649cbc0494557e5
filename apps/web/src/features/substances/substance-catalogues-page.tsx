import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { NamedEntry } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCatalogueEntries } from './api/catalogue-entries.ts';
import { useDeleteCatalogueEntry, useSaveCatalogueEntry } from './api/save-catalogue-entry.ts';
import type { CatalogueKind } from './api/substance-sources.ts';
import { MasterDataSection } from './components/master-data-section.tsx';

/**
 * /substances/catalogues: the register's master data (HAZMAT_MASTER_DATA): product groups, package units,
 * ingredient templates and manufacturers (decision 055).
 */
export function SubstanceCataloguesPage() {
  const { t } = useTranslation();
  useToolbar({ title: t('substances.catalogue.title'), back: '/substances/list' });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, maxWidth: 1100 }}>
      <CatalogueEditor kind="productGroup" />
      <CatalogueEditor kind="packageUnit" />
      <MasterDataSection kind="ingredientTemplate" />
      <MasterDataSection kind="manufacturer" />
    </Box>
  );
}

function CatalogueEditor({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [stamp, setStamp] = useState(0);
  const entries = useCatalogueEntries(kind, stamp);
  const save = useSaveCatalogueEntry(kind);
  const remove = useDeleteCatalogueEntry(kind);
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ entry: NamedEntry; name: string } | null>(null);
  const errors = fieldErrors(save.error);
  const headingId = `catalogue-${kind}`;
  const done = (message: string) => {
    setStamp((s) => s + 1);
    notify(message);
  };
  const otherError = save.error && !errors.name ? save.error : remove.error;
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(`substances.catalogue.${kind}`)}
      </Typography>
      {otherError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(otherError, t)}
        </Alert>
      ) : null}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={(event) => {
          event.preventDefault();
          remove.reset();
          save.mutate(
            { name },
            {
              onSuccess: () => {
                setName('');
                done(t('substances.catalogue.saved'));
              },
            },
          );
        }}
      >
        <TextField
          size="small"
          label={t('substances.catalogue.newName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={Boolean(errors.name) && editing === null}
          helperText={editing === null ? errors.name : undefined}
          sx={{ flex: 1 }}
        />
        <Button type="submit" startIcon={<AddIcon />} disabled={save.isPending}>
          {t('substances.catalogue.add')}
        </Button>
      </Stack>
      <List dense>
        {(entries.data ?? []).map((entry) =>
          editing?.entry.id === entry.id ? (
            <ListItem key={entry.id} disableGutters>
              <Stack
                component="form"
                direction="row"
                spacing={1}
                sx={{ flex: 1, alignItems: 'flex-start' }}
                onSubmit={(event) => {
                  event.preventDefault();
                  save.mutate(
                    { id: entry.id, version: entry.version, name: editing.name },
                    {
                      onSuccess: () => {
                        setEditing(null);
                        done(t('substances.catalogue.saved'));
                      },
                    },
                  );
                }}
              >
                <TextField
                  size="small"
                  autoFocus
                  label={t('substances.catalogue.name')}
                  value={editing.name}
                  onChange={(e) => setEditing({ entry, name: e.target.value })}
                  error={Boolean(errors.name)}
                  helperText={errors.name}
                  sx={{ flex: 1 }}
                />
                <Button type="submit" disabled={save.isPending}>
                  {t('substances.catalogue.save')}
                </Button>
                <Button
                  onClick={() => {
                    save.reset();
                    setEditing(null);
                  }}
                >
                  {t('substances.catalogue.cancel')}
                </Button>
              </Stack>
            </ListItem>
          ) : (
            <ListItem
              key={entry.id}
              disableGutters
              secondaryAction={
                <>
                  <IconButton
                    aria-label={t('substances.catalogue.renameLabel', { name: entry.name })}
                    onClick={() => {
                      save.reset();
                      setEditing({ entry, name: entry.name });
                    }}
                  >
                    <EditIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('substances.catalogue.deleteLabel', { name: entry.name })}
                    onClick={() => {
                      save.reset();
                      remove.mutate(
                        { id: entry.id, version: entry.version },
                        { onSuccess: () => done(t('substances.catalogue.deleted')) },
                      );
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={entry.name} />
            </ListItem>
          ),
        )}
      </List>
    </Paper>
  );
}
