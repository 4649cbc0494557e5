import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ClearIcon from '@mui/icons-material/Clear';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FactorDropdown, FactorMenu } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, memo, type SetStateAction, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { saveBlob } from '#lib/api-client.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCopyFactorMenu } from './api/copy-factor-menu.ts';
import { useCreateFactorMenu } from './api/create-factor-menu.ts';
import { useDeleteFactorMenu } from './api/delete-factor-menu.ts';
import { exportFactorMenu } from './api/export-factor-menu.ts';
import { factorMenuQueryOptions, useFactorMenu } from './api/get-factor-menu.ts';
import { useSetFactorMenuActive } from './api/set-factor-menu-active.ts';
import { useUpdateFactorMenu } from './api/update-factor-menu.ts';
import { FactorMenuChips } from './factor-menus-list-page.tsx';

const LIST = '/hazardanalysis/factormenus';

/** /hazardanalysis/factormenus/:id (and /new): the menu editor. */
export function FactorMenuPage() {
  const { t } = useTranslation();
  const params = useParams();
  const isNew = params.id === 'new';
  const id = useRecordId();
  const query = useFactorMenu(id ?? 0, id !== null && !isNew);
  if (isNew) return <FactorMenuEditor menu={null} />;
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('factorMenus.editTitle')}
      back={LIST}
      notFoundHint={t('factorMenus.notFound')}
      backLabel={t('factorMenus.backToList')}
    >
      {(menu, key) => <FactorMenuEditor key={key} menu={menu} />}
    </RecordPageLoader>
  );
}

let keySeq = 0;
const nextKey = () => `k${++keySeq}`;

/** `uid`: the row's client key (React key), ignored when drafts are compared or rebased. */
type FactorDraft = {
  uid: string;
  id?: number;
  number: string;
  title: string;
  legalBasis: string;
  source: string;
};
type RegisterDraft = {
  uid: string;
  id?: number;
  number: string;
  title: string;
  dropdown: FactorDropdown;
  factors: FactorDraft[];
};
export type Draft = { name: string; description: string; registers: RegisterDraft[] };

const emptyFactor = (): FactorDraft => ({
  uid: nextKey(),
  number: '',
  title: '',
  legalBasis: '',
  source: '',
});
const emptyRegister = (): RegisterDraft => ({
  uid: nextKey(),
  number: '',
  title: '',
  dropdown: { offered: true, expanded: false, multiple: false },
  factors: [emptyFactor()],
});

function draftOf(menu: FactorMenu | null): Draft {
  if (!menu) return { name: '', description: '', registers: [emptyRegister()] };
  return {
    name: menu.name,
    description: menu.description,
    registers: menu.registers.map((r) => ({
      uid: `r${r.id}`,
      id: r.id,
      number: r.number,
      title: r.title,
      dropdown: { ...r.dropdown },
      factors: r.factors.map((f) => ({ uid: `f${f.id}`, ...f })),
    })),
  };
}

/** The draft as the API takes it (client keys dropped). */
function payloadOf(draft: Draft) {
  return {
    name: draft.name,
    description: draft.description,
    registers: draft.registers.map(({ uid: _r, factors, ...r }) => ({
      ...r,
      factors: factors.map(({ uid: _f, ...f }) => f),
    })),
  };
}
function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

function FactorMenuEditor({ menu }: { menu: FactorMenu | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const record = useVersionedDraft({
    record: menu,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...factorMenuQueryOptions(menu?.id ?? 0), staleTime: 0 }),
  });
  const { base, draft, setDraft, set, dirty, conflict } = record;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const leaving = useRef(false);
  const create = useCreateFactorMenu();
  const update = useUpdateFactorMenu(base?.id ?? 0);
  const setActive = useSetFactorMenuActive(base?.id ?? 0);
  const copy = useCopyFactorMenu(base?.id ?? 0);
  const remove = useDeleteFactorMenu(base?.id ?? 0);
  const exportFile = useMutation({
    mutationFn: () => exportFactorMenu(base!.id),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName ?? `${base!.name}.json`),
  });

  const readOnly = base?.standard ?? false;
  const saving = base ? update : create;
  const errors = useMemo(() => fieldErrors(saving.error), [saving.error]);
  const ops = useMemo(() => registerOps(setDraft), [setDraft]);

  const save = () => {
    if (saving.isPending || readOnly) return;
    dismissNotification();
    if (!base) {
      create.mutate(payloadOf(draft), {
        onSuccess: (created) => {
          leaving.current = true;
          notify(t('factorMenus.created'));
          void navigate(`${LIST}/${created.id}`, { replace: true });
        },
      });
      return;
    }
    update.mutate(
      { ...payloadOf(draft), version: base.version },
      record.onSave(() => notify(t('factorMenus.saved'))),
    );
  };

  const reloadLatest = async () => {
    await record.reloadLatest();
    update.reset();
  };

  useToolbar({
    title: base ? t('factorMenus.editTitle') : t('factorMenus.newTitle'),
    back: LIST,
    onSave: readOnly ? undefined : save,
    saveDisabled: (!dirty && base !== null) || saving.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty && !readOnly, leaving);
  const saveError =
    saving.error && !conflict && Object.keys(errors).length === 0 ? errorMessage(saving.error, t) : null;
  const actionError = setActive.error ?? copy.error ?? exportFile.error;
  const busy = setActive.isPending || copy.isPending || exportFile.isPending;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {readOnly && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" disabled={busy} onClick={() => runCopy()}>
              {t('factorMenus.copy')}
            </Button>
          }
        >
          {t('factorMenus.standardHint')}
        </Alert>
      )}
      {conflict && <ConflictAlert message={t('factorMenus.conflict')} onReload={reloadLatest} />}
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      {actionError && (
        <Alert severity="error" role="alert">
          {errorMessage(actionError, t)}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" sx={{ flex: 1 }}>
            {t('factorMenus.masterData')}
          </Typography>
          {base && <FactorMenuChips standard={base.standard} active={base.active} />}
          {base && !readOnly && (
            <Button startIcon={<ContentCopyIcon />} disabled={busy || dirty} onClick={() => runCopy()}>
              {t('factorMenus.copy')}
            </Button>
          )}
          {base && (
            <Button startIcon={<DownloadIcon />} disabled={busy} onClick={() => exportFile.mutate()}>
              {t('factorMenus.export')}
            </Button>
          )}
          {base && (
            <Button
              disabled={busy || dirty}
              onClick={() =>
                setActive.mutate(
                  { version: base.version, active: !base.active },
                  {
                    onSuccess: (saved) => {
                      record.saved(saved);
                      notify(saved.active ? t('factorMenus.activated') : t('factorMenus.deactivated'));
                    },
                  },
                )
              }
            >
              {base.active ? t('factorMenus.deactivate') : t('factorMenus.activate')}
            </Button>
          )}
          {base && !readOnly && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              disabled={busy || dirty}
              onClick={() => setDeleteOpen(true)}
            >
              {t('factorMenus.delete')}
            </Button>
          )}
        </Stack>
        <TextField
          required
          fullWidth
          label={t('factorMenus.name')}
          value={draft.name}
          onChange={(e) => set({ name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name}
          disabled={readOnly}
          margin="dense"
        />
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('factorMenus.description')}
          value={draft.description}
          onChange={(e) => set({ description: e.target.value })}
          error={Boolean(errors.description)}
          helperText={errors.description}
          disabled={readOnly}
          margin="dense"
        />
      </Paper>
      {errors.registers && (
        <Alert severity="error" role="alert">
          {errors.registers}
        </Alert>
      )}
      {draft.registers.map((register, i) => (
        <RegisterCard
          key={register.uid}
          register={register}
          index={i}
          count={draft.registers.length}
          readOnly={readOnly}
          errors={errors}
          ops={ops}
        />
      ))}
      {!readOnly && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => set({ registers: [...draft.registers, emptyRegister()] })}
          >
            {t('factorMenus.addRegister')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleteOpen}
        title={t('factorMenus.deleteTitle')}
        text={t('factorMenus.deleteText', { name: base?.name ?? '' })}
        confirmLabel={t('factorMenus.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() =>
          base &&
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setDeleteOpen(false);
              notify(t('factorMenus.deleted'));
              void navigate(LIST, { replace: true });
            },
          })
        }
      />
      {unsavedDialog}
    </Stack>
  );

  function runCopy() {
    copy.mutate(undefined, {
      onSuccess: (created) => {
        notify(t('factorMenus.copied', { name: created.name }));
        void navigate(`${LIST}/${created.id}`);
      },
    });
  }
}

type Ops = ReturnType<typeof registerOps>;

/** Edits of the register list; stable, so unchanged registers and factors do not re-render. */
function registerOps(setDraft: Dispatch<SetStateAction<Draft>>) {
  const registers = (fn: (list: RegisterDraft[]) => RegisterDraft[]) =>
    setDraft((d) => ({ ...d, registers: fn(d.registers) }));
  const register = (i: number, fn: (r: RegisterDraft) => RegisterDraft) =>
    registers((list) => list.map((r, j) => (j === i ? fn(r) : r)));
  const factors = (i: number, fn: (list: FactorDraft[]) => FactorDraft[]) =>
    register(i, (r) => ({ ...r, factors: fn(r.factors) }));
  return {
    setRegister: (i: number, patch: Partial<RegisterDraft>) => register(i, (r) => ({ ...r, ...patch })),
    moveRegister: (i: number, to: number) => registers((list) => move(list, i, to)),
    removeRegister: (i: number) => registers((list) => list.filter((_, j) => j !== i)),
    setFactor: (i: number, k: number, patch: Partial<FactorDraft>) =>
      factors(i, (list) => list.map((f, l) => (l === k ? { ...f, ...patch } : f))),
    moveFactor: (i: number, k: number, to: number) => factors(i, (list) => move(list, k, to)),
    removeFactor: (i: number, k: number) => factors(i, (list) => list.filter((_, l) => l !== k)),
    addFactor: (i: number) => factors(i, (list) => [...list, emptyFactor()]),
  };
}

const RegisterCard = memo(function RegisterCard({
  register,
  index: i,
  count,
  readOnly,
  errors,
  ops,
}: {
  register: RegisterDraft;
  index: number;
  count: number;
  readOnly: boolean;
  errors: Record<string, string>;
  ops: Ops;
}) {
  const { t } = useTranslation();
  const rErr = (field: string) => errors[`registers.${i}.${field}`];
  const factorsError = rErr('factors');
  return (
    <Paper
      sx={{ p: 2 }}
      data-testid="factor-menu-register"
      aria-label={t('factorMenus.registerLabel', { n: i + 1 })}
      role="group"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('factorMenus.registerNumber')}
          value={register.number}
          onChange={(e) => ops.setRegister(i, { number: e.target.value })}
          error={Boolean(rErr('number'))}
          helperText={rErr('number')}
          disabled={readOnly}
          sx={{ width: 90 }}
        />
        <TextField
          size="small"
          required
          label={t('factorMenus.registerTitle')}
          value={register.title}
          onChange={(e) => ops.setRegister(i, { title: e.target.value })}
          error={Boolean(rErr('title'))}
          helperText={rErr('title')}
          disabled={readOnly}
          sx={{ flex: 1 }}
        />
        {!readOnly && (
          <>
            <IconButton
              aria-label={t('factorMenus.moveUp')}
              disabled={i === 0}
              onClick={() => ops.moveRegister(i, i - 1)}
            >
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton
              aria-label={t('factorMenus.moveDown')}
              disabled={i === count - 1}
              onClick={() => ops.moveRegister(i, i + 1)}
            >
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton aria-label={t('factorMenus.removeRegister')} onClick={() => ops.removeRegister(i)}>
              <ClearIcon />
            </IconButton>
          </>
        )}
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        {(['offered', 'expanded', 'multiple'] as const).map((flag) => (
          <FormControlLabel
            key={flag}
            control={
              <Checkbox
                size="small"
                checked={register.dropdown[flag]}
                onChange={(e) =>
                  ops.setRegister(i, { dropdown: { ...register.dropdown, [flag]: e.target.checked } })
                }
                disabled={readOnly}
              />
            }
            label={t(`factorMenus.dropdown.${flag}`)}
          />
        ))}
      </Stack>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('factorMenus.factors')}
      </Typography>
      {factorsError && (
        <Alert severity="error" sx={{ my: 1 }}>
          {factorsError}
        </Alert>
      )}
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {register.factors.map((factor, k) => (
          <FactorRow
            key={factor.uid}
            factor={factor}
            register={i}
            index={k}
            count={register.factors.length}
            readOnly={readOnly}
            errors={errors}
            ops={ops}
          />
        ))}
      </Stack>
      {!readOnly && (
        <Button sx={{ mt: 1 }} startIcon={<AddIcon />} onClick={() => ops.addFactor(i)}>
          {t('factorMenus.addFactor')}
        </Button>
      )}
    </Paper>
  );
});

const FactorRow = memo(function FactorRow({
  factor,
  register: i,
  index: k,
  count,
  readOnly,
  errors,
  ops,
}: {
  factor: FactorDraft;
  register: number;
  index: number;
  count: number;
  readOnly: boolean;
  errors: Record<string, string>;
  ops: Ops;
}) {
  const { t } = useTranslation();
  const fErr = (field: string) => errors[`registers.${i}.factors.${k}.${field}`];
  const field = (name: 'number' | 'title' | 'legalBasis' | 'source', label: string, required = false) => (
    <TextField
      size="small"
      required={required}
      label={label}
      value={factor[name]}
      onChange={(e) => ops.setFactor(i, k, { [name]: e.target.value })}
      error={Boolean(fErr(name))}
      helperText={fErr(name)}
      disabled={readOnly}
    />
  );
  return (
    <Box
      data-testid="factor-menu-factor"
      sx={{ display: 'grid', gridTemplateColumns: '90px 2fr 2fr 1.5fr auto', gap: 1 }}
    >
      {field('number', t('factorMenus.factorNumber'))}
      {field('title', t('factorMenus.factorTitle'), true)}
      {field('legalBasis', t('factorMenus.legalBasis'))}
      {field('source', t('factorMenus.source'))}
      {readOnly ? (
        <span />
      ) : (
        <Stack direction="row">
          <IconButton
            size="small"
            aria-label={t('factorMenus.moveUp')}
            disabled={k === 0}
            onClick={() => ops.moveFactor(i, k, k - 1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('factorMenus.moveDown')}
            disabled={k === count - 1}
            onClick={() => ops.moveFactor(i, k, k + 1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('factorMenus.removeFactor')}
            onClick={() => ops.removeFactor(i, k)}
          >
            <ClearIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
    </Box>
  );
});
