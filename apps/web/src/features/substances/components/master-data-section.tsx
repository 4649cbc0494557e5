import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ingredientTemplateInputSchema,
  type MasterDataKind,
  manufacturerInputSchema,
} from '@schutzwerk/shared/substances/master-data.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useDebouncedValue } from '#lib/use-debounced-value.ts';
import { useDeleteMasterData, useMasterDataList, useSaveMasterData } from '../api/master-data.ts';
import { issueMap } from '../issue-map.ts';

/** The fields of each list (form order); the first ones are the table's columns. */
const FIELDS = {
  ingredientTemplate: ['name', 'casNumber', 'ecNumber', 'formula', 'classification'],
  manufacturer: ['name', 'address', 'zipcode', 'city', 'country', 'phone', 'emergencyPhone', 'email'],
} as const satisfies Record<MasterDataKind, readonly string[]>;
const COLUMNS = {
  ingredientTemplate: ['name', 'casNumber', 'ecNumber', 'classification'],
  manufacturer: ['name', 'city', 'phone', 'emergencyPhone'],
} as const;
const REQUIRED = new Set(['name', 'casNumber']);
const SCHEMAS = { ingredientTemplate: ingredientTemplateInputSchema, manufacturer: manufacturerInputSchema };

/** Read by screen readers only. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Entry = Record<string, string> & { id?: number; version?: number };

/**
 * A managed list of the register on the master data page (decision 055): ingredient templates (name and CAS
 * number required, the CAS check digit checked) or manufacturers. Search, create, edit, delete.
 */
export function MasterDataSection({ kind }: { kind: MasterDataKind }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const headingId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  const [stamp, setStamp] = useState(0);
  const list = useMasterDataList(kind, search, stamp);
  const remove = useDeleteMasterData(kind);
  const [editing, setEditing] = useState<Entry | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const label = (field: string) => t(`substances.masterData.fields.${field}`);
  const rows = (list.data?.rows ?? []) as unknown as Entry[];
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, gridColumn: '1 / -1', overflowX: 'auto' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t(`substances.masterData.${kind}.title`)}
        </Typography>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setEditing(Object.fromEntries(FIELDS[kind].map((f) => [f, ''])))}
        >
          {t(`substances.masterData.${kind}.add`)}
        </Button>
      </Stack>
      <TextField
        size="small"
        label={t(`substances.masterData.${kind}.search`)}
        value={searchText}
        onChange={(e) => setSearchText(e.target.value)}
        sx={{ mb: 1, minWidth: 280 }}
      />
      <Table size="small" aria-labelledby={headingId} data-testid={`master-data-${kind}`}>
        <TableHead>
          <TableRow>
            {COLUMNS[kind].map((f) => (
              <TableCell key={f}>{label(f)}</TableCell>
            ))}
            <TableCell>
              <span style={visuallyHidden}>{t('substances.masterData.actions')}</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={COLUMNS[kind].length + 1}>
                <Typography color="text.secondary">{t('substances.masterData.empty')}</Typography>
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.id}>
              {COLUMNS[kind].map((f) => (
                <TableCell key={f}>{row[f]}</TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  aria-label={t('substances.masterData.editLabel', { name: row.name })}
                  onClick={() => setEditing({ ...row })}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={t('substances.masterData.deleteLabel', { name: row.name })}
                  onClick={() => {
                    remove.reset();
                    setDeleting(row);
                  }}
                >
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && (
        <EntryDialog
          kind={kind}
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setStamp((s) => s + 1);
            notify(t('substances.masterData.saved'));
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t(`substances.masterData.${kind}.deleteTitle`)}
        text={t('substances.masterData.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('substances.masterData.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id as number, version: deleting.version as number },
            {
              onSuccess: () => {
                setDeleting(null);
                setStamp((s) => s + 1);
                notify(t('substances.masterData.deleted'));
              },
            },
          )
        }
      />
    </Paper>
  );
}

function EntryDialog(props: {
  kind: MasterDataKind;
  entry: Entry;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { kind, entry } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveMasterData(kind);
  const [draft, setDraft] = useState<Entry>(entry);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(save.error), ...localErrors };
  const otherError = save.error && Object.keys(fieldErrors(save.error)).length === 0 ? save.error : null;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t(`substances.masterData.${kind}.${entry.id === undefined ? 'createTitle' : 'editTitle'}`)}
      </DialogTitle>
      <DialogContent>
        {otherError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errorMessage(otherError, t)}
          </Alert>
        ) : null}
        <Stack
          component="form"
          id={`${titleId}-form`}
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const body = Object.fromEntries(FIELDS[kind].map((f) => [f, draft[f] ?? '']));
            const local = issueMap(SCHEMAS[kind].safeParse(body).error);
            setLocalErrors(local);
            if (Object.keys(local).length > 0) return;
            save.mutate(
              entry.id === undefined ? { body } : { body, id: entry.id, version: entry.version as number },
              { onSuccess: props.onSaved },
            );
          }}
        >
          {FIELDS[kind].map((f) => (
            <TextField
              key={f}
              label={t(`substances.masterData.fields.${f}`)}
              value={draft[f] ?? ''}
              required={REQUIRED.has(f)}
              onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
              error={Boolean(errors[f])}
              helperText={errors[f] ?? (f === 'casNumber' ? t('substances.hints.casNumber') : undefined)}
              multiline={f === 'classification'}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('substances.catalogue.cancel')}</Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={save.isPending}>
          {t('substances.catalogue.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
