import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_MAX_WIDTH } from '@schutzwerk/shared/constants.ts';
import { createNodeSchema } from '@schutzwerk/shared/organisation/organisation.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useCreateNode } from '../api/create-node.ts';
import type { OrgKind } from '../api/organisation-keys.ts';

type Props = {
  kind: OrgKind;
  open: boolean;
  onClose: () => void;
  /** The selected node, offered as parent (when the user may edit it). */
  parent: { id: number; name: string } | null;
  /** Whether a node may be created at the top level (needs the "all" right). */
  topAllowed: boolean;
  onCreated: (id: number, name: string) => void;
};

/** Dialog 'Neuen Ort anlegen' / 'Neue Abteilung anlegen': name and position (below the selection or top). */
export function CreateNodeDialog(props: Props) {
  return props.open ? <CreateNodeBody {...props} /> : null;
}

function CreateNodeBody({ kind, open, onClose, parent, topAllowed, onCreated }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateNode(kind);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [position, setPosition] = useState<'under' | 'top'>(parent ? 'under' : 'top');
  const check = createNodeSchema.shape.name.safeParse(name);
  const serverErrors = fieldErrors(create.error);
  const nameError = check.success ? serverErrors.name : check.error.issues[0]?.message;
  const parentId = position === 'under' && parent ? parent.id : null;
  const possible = parent !== null || topAllowed;

  const submit = () => {
    setTouched(true);
    if (!check.success || create.isPending || !possible) return;
    create.mutate({ parentId, name: check.data }, { onSuccess: (id) => onCreated(id, check.data) });
  };

  return (
    <Dialog
      open={open}
      onClose={() => !create.isPending && onClose()}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: DIALOG_MAX_WIDTH, width: '100%' } } }}
    >
      <DialogTitle id={titleId}>{t(`${kind}.createTitle`)}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {create.error && !serverErrors.name ? (
            <Alert severity="error" role="alert">
              {errorMessage(create.error, t)}
            </Alert>
          ) : null}
          <TextField
            label={t('organisation.name')}
            value={name}
            autoFocus
            onChange={(event) => {
              setName(event.target.value);
              create.reset();
            }}
            onBlur={() => setTouched(true)}
            error={touched && Boolean(nameError)}
            helperText={touched ? nameError : undefined}
            slotProps={{ htmlInput: { maxLength: 200, 'aria-required': true } }}
          />
          {!possible ? (
            <Alert severity="info" data-testid="create-needs-parent">
              {t('organisation.createNeedsParent')}
            </Alert>
          ) : parent && topAllowed ? (
            <FormControl>
              <FormLabel id={`${titleId}-position`}>{t('organisation.createPosition')}</FormLabel>
              <RadioGroup
                aria-labelledby={`${titleId}-position`}
                value={position}
                onChange={(event) => setPosition(event.target.value as 'under' | 'top')}
              >
                <FormControlLabel
                  value="under"
                  control={<Radio />}
                  label={t('organisation.createParentUnder', { name: parent.name })}
                />
                <FormControlLabel value="top" control={<Radio />} label={t('organisation.createParentTop')} />
              </RadioGroup>
            </FormControl>
          ) : (
            <FormLabel>
              {parent
                ? t('organisation.createParentUnder', { name: parent.name })
                : t('organisation.createParentTop')}
            </FormLabel>
          )}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending || !possible}>
          {t('organisation.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
