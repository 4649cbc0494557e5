import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Activity, createActivitySchema } from '@schutzwerk/shared/activities/activity.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { designationsFromText } from '../activity-draft.ts';
import { useCreateActivity } from '../api/create-activity.ts';

const nameSchema = createActivitySchema.shape.name;

type Props = {
  open: boolean;
  /** The selected node the new one goes below (null: top level). */
  parent: { id: number; name: string; path: string } | null;
  onClose: () => void;
  onCreated: (activity: Activity) => void;
};

/** 'Neue Eigenschaft anlegen': below the selected node or at the top level; server refusals shown here. */
export function CreateActivityDialog(props: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('activities.createTitle')}</DialogTitle>
      <CreateBody {...props} />
    </Dialog>
  );
}

function CreateBody({ parent, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateActivity();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [designations, setDesignations] = useState('');
  const [atTop, setAtTop] = useState(parent === null);
  const [touched, setTouched] = useState(false);
  const nameCheck = nameSchema.safeParse(name);
  const serverFields = fieldErrors(create.error);
  const nameError = touched && !nameCheck.success ? nameCheck.error.issues[0]?.message : serverFields.name;

  const submit = () => {
    setTouched(true);
    if (!nameCheck.success || create.isPending) return;
    create.mutate(
      {
        parentId: atTop || !parent ? null : parent.id,
        name: nameCheck.data,
        description: description.trim(),
        designations: designationsFromText(designations),
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <>
      <DialogContent dividers>
        <Stack
          spacing={2}
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {create.error ? (
            <Alert severity="error" role="alert" data-testid="create-error">
              {errorMessage(create.error, t)}
            </Alert>
          ) : null}
          {parent ? (
            <>
              <Typography variant="body2" data-testid="create-parent">
                {t('activities.createBelow', {
                  path: parent.path ? `${parent.path} › ${parent.name}` : parent.name,
                })}
              </Typography>
              <FormControlLabel
                control={<Checkbox checked={atTop} onChange={(event) => setAtTop(event.target.checked)} />}
                label={t('activities.createAtTop')}
              />
            </>
          ) : null}
          <TextField
            label={t('activities.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(nameError)}
            helperText={nameError ?? ' '}
            autoFocus
          />
          <TextField
            label={t('activities.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            multiline
            minRows={2}
          />
          <TextField
            label={t('activities.designations')}
            value={designations}
            onChange={(event) => setDesignations(event.target.value)}
            helperText={serverFields.designations ?? t('activities.designationsHelp')}
            error={Boolean(serverFields.designations)}
            multiline
            minRows={2}
          />
          <button type="submit" hidden />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('activities.create')}
        </Button>
      </DialogActions>
    </>
  );
}
