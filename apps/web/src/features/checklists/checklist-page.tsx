import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VIEWER_STATUSES, type ViewerStatus } from '@schutzwerk/shared/audits/audits.schema.ts';
import {
  CHECKLIST_MODULES,
  type Checklist,
  type ChecklistCell,
  type ChecklistElement,
  cellKey,
  ELEMENT_TYPES,
  type ElementType,
  knownNames,
  type UpdateChecklist,
  updateChecklistSchema,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { cellReference } from '@schutzwerk/shared/checklists/formula.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { exportChecklist, useCloneChecklist } from './api/checklist-tools.ts';
import { useCreateInstance } from './api/create-instance.ts';
import { useDeleteChecklist } from './api/delete-checklist.ts';
import { checklistQueryOptions, useChecklist } from './api/get-checklist.ts';
import { useInstances } from './api/get-instances.ts';
import { useUpdateChecklist } from './api/update-checklist.ts';
import { BackupsPanel } from './components/backups-panel.tsx';
import { ChecklistPreview } from './components/checklist-preview.tsx';
import { defaultElement } from './components/element-defaults.ts';
import { ElementSettings } from './components/element-settings.tsx';
import { PasswordButton } from './components/password-dialog.tsx';
import { RightsEditor } from './components/rights-editor.tsx';
import { VariablesEditor } from './components/variables-editor.tsx';
import { WorkflowButtons } from './components/workflow-dialogs.tsx';

/** /checklists/{id}: the builder — record fields, the grid of rows × columns, elements and variables. */
export function ChecklistPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useChecklist(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('checklists.editTitle')}
      back="/checklists/list"
      notFoundHint={t('checklists.notFound')}
      backLabel={t('checklists.backToList')}
    >
      {(checklist, key) => <ChecklistBuilder key={key} checklist={checklist} />}
    </RecordPageLoader>
  );
}

type Draft = Omit<UpdateChecklist, 'version'>;

function draftOf(c: Checklist): Draft {
  return {
    label: c.label,
    category: c.category,
    module: c.module,
    active: c.active,
    requiredProgress: c.requiredProgress,
    cloneMaximum: c.cloneMaximum,
    rows: c.rows,
    columns: c.columns,
    cells: c.cells,
    variables: c.variables,
    rights: c.rights,
    locked: c.locked,
  };
}

/** The first message per path ('cells.0.element.formula') of a failed check. */
function issuesOf(result: ReturnType<typeof updateChecklistSchema.safeParse>): Record<string, string> {
  const map: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    if (!(key in map)) map[key] = issue.message;
  }
  return map;
}

const nextKey = (lines: { key: number }[]) => lines.reduce((m, l) => Math.max(m, l.key), 0) + 1;

function ChecklistBuilder({ checklist }: { checklist: Checklist }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateChecklist(checklist.id);
  const remove = useDeleteChecklist(checklist.id);
  const startFilling = useCreateInstance(checklist.id);
  const [viewerStatus, setViewerStatus] = useState<ViewerStatus | null>(null);
  const instances = useInstances(checklist.id, viewerStatus);
  const record = useVersionedDraft({
    record: checklist,
    draftOf,
    fetchLatest: () => queryClient.fetchQuery({ ...checklistQueryOptions(checklist.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const [selected, setSelected] = useState<string | null>(null);
  const [addMenu, setAddMenu] = useState<{ anchor: HTMLElement; row: number; column: number } | null>(null);
  // After a refused save the checks run live, so a message goes away as soon as its input is fixed.
  const [checking, setChecking] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const localErrors = useMemo(
    () => (checking ? issuesOf(updateChecklistSchema.safeParse({ ...draft, version: 1 })) : {}),
    [checking, draft],
  );
  const leaving = useRef(false);
  const mayLock = canAny([P.AUDIT_CHECKLISTS_LOCK]);
  // Editing blocked by an administrator: only those who may lock still edit (and unlock).
  const blocked = base.locked && !mayLock;
  const canEdit = canAny([P.AUDIT_CHECKLISTS_EDIT]) && !blocked;
  const canRights = canEdit && canAny([P.AUDIT_CHECKLISTS_RIGHTS]);
  const clone = useCloneChecklist(checklist.id);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [toolError, setToolError] = useState<string | null>(null);
  const canVariables = canEdit && canAny([P.AUDIT_CHECKLISTS_VARIABLES]);
  const canFill = canAny([P.AUDIT_CHECKLISTS_EDIT, P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]);
  const errors = { ...fieldErrors(update.error), ...localErrors };
  const saveError =
    update.error && !conflict && Object.keys(fieldErrors(update.error)).length === 0
      ? errorMessage(update.error, t)
      : null;
  const known = useMemo(() => knownNames(draft), [draft]);

  const save = () => {
    if (update.isPending) return;
    const input = { ...draft, version: base.version };
    const checked = updateChecklistSchema.safeParse(input);
    if (!checked.success) {
      setChecking(true);
      notify(t('checklists.checkInput'), 'error');
      return;
    }
    update.mutate(
      checked.data,
      record.onSave(() => notify(t('checklists.saved'))),
    );
  };

  useToolbar({
    title: `${t('checklists.editTitle')}: ${base.label}`,
    back: '/checklists/list',
    onSave: canEdit ? save : undefined,
    saveDisabled: !dirty || update.isPending,
    onPreview: () => setPreviewOpen(true),
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);

  const cellAt = (row: number, column: number) =>
    draft.cells.findIndex((c) => c.row === row && c.column === column);
  const setCells = (cells: ChecklistCell[]) => set({ cells });
  const selectedIndex = selected ? draft.cells.findIndex((c) => cellKey(c.row, c.column) === selected) : -1;
  const selectedCell = selectedIndex >= 0 ? draft.cells[selectedIndex] : undefined;
  const errorsOfCell = (i: number) => {
    const prefix = `cells.${i}.element.`;
    return Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );
  };

  const addElement = (type: ElementType) => {
    if (!addMenu) return;
    const { row, column } = addMenu;
    setCells([...draft.cells, { row, column, element: defaultElement(type, t(`checklists.types.${type}`)) }]);
    setSelected(cellKey(row, column));
    setAddMenu(null);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      {conflict && (
        <ConflictAlert
          message={t('checklists.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            update.reset();
          }}
        />
      )}
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      {blocked && (
        <Alert severity="info" role="status">
          {t('checklists.lockedInfo')}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ flexWrap: 'wrap' }} useFlexGap>
          <TextField
            required
            label={t('checklists.fields.label')}
            value={draft.label}
            disabled={!canEdit}
            onChange={(e) => set({ label: e.target.value })}
            error={Boolean(errors.label)}
            helperText={errors.label}
            sx={{ minWidth: 280 }}
          />
          <TextField
            label={t('checklists.fields.category')}
            value={draft.category}
            disabled={!canEdit}
            onChange={(e) => set({ category: e.target.value })}
          />
          <TextField
            select
            label={t('checklists.fields.module')}
            value={draft.module}
            disabled={!canEdit}
            onChange={(e) => set({ module: e.target.value as Draft['module'] })}
            sx={{ minWidth: 200 }}
          >
            {CHECKLIST_MODULES.map((m) => (
              <MenuItem key={m} value={m}>
                {t(`checklists.modules.${m}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="number"
            label={t('checklists.fields.requiredProgress')}
            value={draft.requiredProgress}
            disabled={!canEdit}
            onChange={(e) => set({ requiredProgress: Math.trunc(Number(e.target.value) || 0) })}
            error={Boolean(errors.requiredProgress)}
            helperText={errors.requiredProgress}
          />
          <TextField
            type="number"
            label={t('checklists.fields.cloneMaximum')}
            value={draft.cloneMaximum}
            disabled={!canEdit}
            onChange={(e) => set({ cloneMaximum: Math.trunc(Number(e.target.value) || 0) })}
            error={Boolean(errors.cloneMaximum)}
            helperText={errors.cloneMaximum}
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.active}
                disabled={!canEdit}
                onChange={(e) => set({ active: e.target.checked })}
              />
            }
            label={t('checklists.fields.active')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.locked}
                disabled={!mayLock || !canAny([P.AUDIT_CHECKLISTS_EDIT])}
                onChange={(e) => set({ locked: e.target.checked })}
              />
            }
            label={t('checklists.fields.locked')}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
          {canAny([P.AUDIT_CHECKLISTS_CLONE]) && canAny([P.AUDIT_CHECKLISTS_CREATE]) && (
            <Button
              variant="outlined"
              disabled={dirty || clone.isPending}
              onClick={() => {
                setToolError(null);
                clone.mutate(undefined, {
                  onSuccess: (copy) => {
                    notify(t('checklists.cloned'));
                    void navigate(`/checklists/${copy.id}`);
                  },
                  onError: (e) => setToolError(errorMessage(e, t)),
                });
              }}
            >
              {t('checklists.clone', { count: base.cloneCount, max: base.cloneMaximum })}
            </Button>
          )}
          {canAny([P.AUDIT_CHECKLISTS_IMPORT]) && (
            <Button
              variant="outlined"
              onClick={() => {
                setToolError(null);
                exportChecklist(base.id, `checkliste-${base.id}.json`).catch((e: unknown) =>
                  setToolError(errorMessage(e, t)),
                );
              }}
            >
              {t('checklists.export')}
            </Button>
          )}
        </Stack>
        {toolError && (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {toolError}
          </Alert>
        )}
      </Paper>

      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('checklists.grid.title')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('checklists.grid.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('checklists.grid.rowHeader')}</TableCell>
                {draft.columns.map((col, ci) => (
                  <TableCell key={col.key} sx={{ minWidth: 200 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <TextField
                        size="small"
                        label={t('checklists.grid.columnLabel', { n: ci + 1 })}
                        value={col.label}
                        disabled={!canEdit}
                        onChange={(e) =>
                          set({
                            columns: draft.columns.map((c) =>
                              c.key === col.key ? { ...c, label: e.target.value } : c,
                            ),
                          })
                        }
                      />
                      {canEdit && (
                        <IconButton
                          aria-label={t('checklists.grid.removeColumn', { n: ci + 1 })}
                          onClick={() =>
                            set({
                              columns: draft.columns.filter((c) => c.key !== col.key),
                              cells: draft.cells.filter((c) => c.column !== col.key),
                            })
                          }
                        >
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </Stack>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {draft.rows.map((row, ri) => (
                <TableRow key={row.key}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 200 }}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <TextField
                        size="small"
                        label={t('checklists.grid.rowLabel', { n: ri + 1 })}
                        value={row.label}
                        disabled={!canEdit}
                        onChange={(e) =>
                          set({
                            rows: draft.rows.map((r) =>
                              r.key === row.key ? { ...r, label: e.target.value } : r,
                            ),
                          })
                        }
                      />
                      {canEdit && (
                        <IconButton
                          aria-label={t('checklists.grid.removeRow', { n: ri + 1 })}
                          onClick={() =>
                            set({
                              rows: draft.rows.filter((r) => r.key !== row.key),
                              cells: draft.cells.filter((c) => c.row !== row.key),
                            })
                          }
                        >
                          <DeleteIcon />
                        </IconButton>
                      )}
                    </Stack>
                  </TableCell>
                  {draft.columns.map((col, ci) => {
                    const index = cellAt(row.key, col.key);
                    const cell = draft.cells[index];
                    const k = cellKey(row.key, col.key);
                    const hasError = index >= 0 && Object.keys(errorsOfCell(index)).length > 0;
                    return (
                      <TableCell key={col.key}>
                        {cell ? (
                          <Button
                            variant={selected === k ? 'contained' : 'outlined'}
                            color={hasError ? 'error' : 'primary'}
                            onClick={() => setSelected(k)}
                            aria-label={t('checklists.grid.editCell', {
                              label: `${cell.element.label} · ${t(`checklists.types.${cell.element.type}`)}`,
                              row: ri + 1,
                              column: ci + 1,
                            })}
                            sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
                          >
                            {cell.element.label} · {t(`checklists.types.${cell.element.type}`)}
                          </Button>
                        ) : (
                          canEdit && (
                            <Button
                              size="small"
                              startIcon={<AddIcon />}
                              aria-label={t('checklists.grid.addElementAt', { row: ri + 1, column: ci + 1 })}
                              onClick={(e) =>
                                setAddMenu({ anchor: e.currentTarget, row: row.key, column: col.key })
                              }
                            >
                              {t('checklists.grid.addElement')}
                            </Button>
                          )
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              startIcon={<AddIcon />}
              onClick={() => set({ rows: [...draft.rows, { key: nextKey(draft.rows), label: '' }] })}
            >
              {t('checklists.grid.addRow')}
            </Button>
            <Button
              startIcon={<AddIcon />}
              onClick={() => set({ columns: [...draft.columns, { key: nextKey(draft.columns), label: '' }] })}
            >
              {t('checklists.grid.addColumn')}
            </Button>
          </Stack>
        )}
        <Menu open={addMenu !== null} anchorEl={addMenu?.anchor} onClose={() => setAddMenu(null)}>
          {ELEMENT_TYPES.map((type) => (
            <MenuItem key={type} onClick={() => addElement(type)}>
              {t(`checklists.types.${type}`)}
            </MenuItem>
          ))}
        </Menu>
      </Paper>

      {selectedCell && (
        <Paper sx={{ p: 2 }}>
          <ElementSettings
            key={selected}
            element={selectedCell.element}
            reference={cellReference(selectedCell.row, selectedCell.column)}
            variables={draft.variables}
            known={known}
            errors={errorsOfCell(selectedIndex)}
            disabled={!canEdit || (selectedCell.element.locked === true && !mayLock)}
            lockable={canEdit && mayLock}
            onChange={(element: ChecklistElement) =>
              setCells(draft.cells.map((c, i) => (i === selectedIndex ? { ...c, element } : c)))
            }
            onRemove={() => {
              setCells(draft.cells.filter((_, i) => i !== selectedIndex));
              setSelected(null);
            }}
          />
        </Paper>
      )}

      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('checklists.variables.title')}
        </Typography>
        <VariablesEditor
          variables={draft.variables}
          errors={errors}
          disabled={!canVariables}
          onChange={(variables) => set({ variables })}
        />
      </Paper>

      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('checklists.rights.title')}
        </Typography>
        <RightsEditor
          rights={draft.rights}
          disabled={!canRights}
          error={errors.rights}
          onChange={(rights) => set({ rights })}
        />
      </Paper>

      {canAny([P.AUDIT_CHECKLISTS_EDIT]) && (
        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('checklists.backups.title')}
          </Typography>
          <BackupsPanel
            checklistId={base.id}
            version={base.version}
            dirty={dirty}
            canRestore={canEdit}
            onRestored={(c) => {
              record.saved(c);
              notify(t('checklists.backups.restored'));
            }}
          />
        </Paper>
      )}

      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('checklists.instances.title')}
        </Typography>
        {startFilling.error && (
          <Alert severity="error" role="alert">
            {errorMessage(startFilling.error, t)}
          </Alert>
        )}
        <TextField
          select
          size="small"
          label={t('checklists.viewerStatus.label')}
          value={viewerStatus ?? 'all'}
          onChange={(e) =>
            setViewerStatus(e.target.value === 'all' ? null : (e.target.value as ViewerStatus))
          }
          sx={{ minWidth: 240, mb: 2 }}
        >
          <MenuItem value="all">{t('checklists.viewerStatus.all')}</MenuItem>
          {VIEWER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`checklists.viewerStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Stack spacing={1}>
          {(instances.data ?? []).map((inst) => (
            <Link
              key={inst.id}
              component={RouterLink}
              to={`/audits/checklist/${base.id}?instance=${inst.id}`}
            >
              {t('checklists.instances.entry', {
                id: inst.id,
                progress: inst.progress,
                status: t(`checklists.statuses.${inst.status}`),
              })}
            </Link>
          ))}
          {instances.data?.length === 0 && <Typography>{t('checklists.instances.none')}</Typography>}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {canFill && base.active && (
            <Button
              variant="outlined"
              disabled={dirty || startFilling.isPending}
              onClick={() =>
                startFilling.mutate(undefined, {
                  onSuccess: (inst) => void navigate(`/audits/checklist/${base.id}?instance=${inst.id}`),
                })
              }
            >
              {t('checklists.instances.start')}
            </Button>
          )}
          {canAny([P.AUDIT_CHECKLISTS_EDIT]) && <PasswordButton checklistId={base.id} />}
          {canAny([P.AUDIT_CHECKLISTS_EDIT]) && <WorkflowButtons checklistId={base.id} />}
          {canAny([P.AUDIT_CHECKLISTS_DELETE]) && (
            <Button
              color="error"
              disabled={dirty || remove.isPending}
              onClick={() => {
                remove.reset();
                setConfirmDelete(true);
              }}
            >
              {t('checklists.delete')}
            </Button>
          )}
        </Stack>
        {dirty && <Typography variant="body2">{t('checklists.instances.saveFirst')}</Typography>}
      </Paper>
      <ConfirmDialog
        open={confirmDelete}
        title={t('checklists.deleteTitle')}
        text={t('checklists.deleteText', { label: base.label })}
        confirmLabel={t('checklists.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setConfirmDelete(false);
              notify(t('checklists.deleted'));
              void navigate('/checklists/list');
            },
          })
        }
      />
      <Dialog
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        fullWidth
        maxWidth="lg"
        aria-labelledby="checklist-preview-title"
      >
        <DialogTitle id="checklist-preview-title">{t('checklists.preview.title')}</DialogTitle>
        <DialogContent>
          <ChecklistPreview
            label={draft.label}
            rows={draft.rows}
            columns={draft.columns}
            cells={draft.cells}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPreviewOpen(false)}>{t('checklists.preview.close')}</Button>
        </DialogActions>
      </Dialog>
      {unsavedDialog}
    </Stack>
  );
}
