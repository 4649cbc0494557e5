import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChecklistElement, ChecklistVariable } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { formulaProblem } from '@schutzwerk/shared/checklists/formula.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { treeNodes, treeText } from './element-defaults.ts';

type Props = {
  element: ChecklistElement;
  reference: string;
  variables: ChecklistVariable[];
  known: ReadonlySet<string>;
  errors: Record<string, string>;
  disabled: boolean;
  /** The user may lock and unlock elements (AUDIT_CHECKLISTS_LOCK). */
  lockable: boolean;
  onChange: (element: ChecklistElement) => void;
  onRemove: () => void;
};

const numberOrNull = (v: string): number | null => {
  if (v.trim() === '') return null;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

/** The settings of the element in the selected cell; a formula is checked while it is typed. */
export function ElementSettings({
  element,
  reference,
  variables,
  known,
  errors,
  disabled,
  lockable,
  onChange,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<ChecklistElement>) => onChange({ ...element, ...patch } as ChecklistElement);
  const variableSelect =
    'variable' in element ? (
      <TextField
        select
        label={t('checklists.element.variable')}
        value={element.variable ?? ''}
        disabled={disabled}
        onChange={(e) =>
          set({ variable: e.target.value === '' ? null : e.target.value } as Partial<ChecklistElement>)
        }
        error={Boolean(errors.variable)}
        helperText={errors.variable ?? t('checklists.element.variableHint')}
      >
        <MenuItem value="">{t('checklists.element.noVariable')}</MenuItem>
        {variables.map((v) => (
          <MenuItem key={v.name} value={v.name}>
            {v.name} ({v.alias})
          </MenuItem>
        ))}
      </TextField>
    ) : null;
  const [tree, setTree] = useState(() => (element.type === 'tree' ? treeText(element.nodes) : ''));
  const formulaError =
    element.type === 'total' ? (formulaProblem(element.formula, known) ?? errors.formula ?? null) : null;
  return (
    <Stack spacing={2} data-testid="element-settings">
      <Typography variant="subtitle1" component="h3">
        {t(`checklists.types.${element.type}`)} – {t('checklists.element.reference', { reference })}
      </Typography>
      <TextField
        label={t('checklists.element.label')}
        value={element.label}
        required
        disabled={disabled}
        onChange={(e) => set({ label: e.target.value })}
        error={Boolean(errors.label)}
        helperText={errors.label}
      />
      {element.type !== 'total' && element.type !== 'documents' && element.type !== 'sql' && (
        <FormControlLabel
          control={
            <Switch
              checked={element.required}
              disabled={disabled}
              onChange={(e) => set({ required: e.target.checked } as Partial<ChecklistElement>)}
            />
          }
          label={t('checklists.element.required')}
        />
      )}
      {(element.type === 'dropdown' || element.type === 'radio') && (
        <TextField
          multiline
          minRows={2}
          label={t('checklists.element.options')}
          value={element.options.join('\n')}
          disabled={disabled}
          onChange={(e) => set({ options: e.target.value.split('\n') })}
          error={Boolean(errors.options)}
          helperText={errors.options ?? t('checklists.element.optionsHint')}
        />
      )}
      {element.type === 'number' && (
        <>
          <TextField
            select
            label={t('checklists.element.kind')}
            value={element.kind}
            disabled={disabled}
            onChange={(e) => set({ kind: e.target.value as 'integer' | 'float' })}
          >
            <MenuItem value="float">{t('checklists.element.float')}</MenuItem>
            <MenuItem value="integer">{t('checklists.element.integer')}</MenuItem>
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('checklists.element.min')}
              defaultValue={element.min ?? ''}
              disabled={disabled}
              onChange={(e) => set({ min: numberOrNull(e.target.value) })}
            />
            <TextField
              label={t('checklists.element.max')}
              defaultValue={element.max ?? ''}
              disabled={disabled}
              onChange={(e) => set({ max: numberOrNull(e.target.value) })}
              error={Boolean(errors.max)}
              helperText={errors.max}
            />
          </Stack>
        </>
      )}
      {element.type === 'slider' && (
        <Stack direction="row" spacing={2}>
          <TextField
            label={t('checklists.element.min')}
            defaultValue={element.min}
            disabled={disabled}
            onChange={(e) => set({ min: numberOrNull(e.target.value) ?? 0 })}
          />
          <TextField
            label={t('checklists.element.max')}
            defaultValue={element.max}
            disabled={disabled}
            onChange={(e) => set({ max: numberOrNull(e.target.value) ?? 0 })}
          />
          <TextField
            label={t('checklists.element.step')}
            defaultValue={element.step}
            disabled={disabled}
            onChange={(e) => set({ step: numberOrNull(e.target.value) ?? 0 })}
            error={Boolean(errors.step)}
            helperText={errors.step}
          />
        </Stack>
      )}
      {element.type === 'tree' && (
        <TextField
          multiline
          minRows={4}
          label={t('checklists.element.nodes')}
          value={tree}
          disabled={disabled}
          onChange={(e) => {
            setTree(e.target.value);
            set({ nodes: treeNodes(e.target.value) });
          }}
          error={Boolean(errors.nodes)}
          helperText={errors.nodes ?? t('checklists.element.nodesHint')}
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'tree-input' } }}
        />
      )}
      {element.type === 'countdown' && (
        <TextField
          type="number"
          label={t('checklists.element.minutes')}
          value={element.minutes}
          disabled={disabled}
          onChange={(e) => set({ minutes: Math.trunc(Number(e.target.value) || 0) })}
          error={Boolean(errors.minutes)}
          helperText={errors.minutes}
        />
      )}
      {element.type === 'sql' && (
        <TextField
          multiline
          minRows={3}
          required
          label={t('checklists.element.query')}
          value={element.query}
          disabled={disabled}
          onChange={(e) => set({ query: e.target.value })}
          error={Boolean(errors.query)}
          helperText={errors.query ?? t('checklists.element.queryHint')}
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'sql-input' } }}
        />
      )}
      {element.type === 'task' && (
        <TextField
          label={t('checklists.element.designation')}
          value={element.designation}
          required
          disabled={disabled}
          onChange={(e) => set({ designation: e.target.value })}
          error={Boolean(errors.designation)}
          helperText={errors.designation ?? t('checklists.element.designationHint')}
        />
      )}
      {element.type === 'text' && (
        <TextField
          type="number"
          label={t('checklists.element.maxLength')}
          value={element.maxLength}
          disabled={disabled}
          onChange={(e) => set({ maxLength: Math.max(1, Math.trunc(Number(e.target.value) || 1)) })}
        />
      )}
      {element.type === 'total' && (
        <>
          <TextField
            label={t('checklists.element.formula')}
            value={element.formula}
            disabled={disabled}
            onChange={(e) => set({ formula: e.target.value })}
            error={formulaError !== null}
            helperText={formulaError ?? t('checklists.element.formulaHint')}
            slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'formula-input' } }}
          />
          <TextField
            select
            label={t('checklists.element.fractionDigits')}
            value={element.fractionDigits}
            disabled={disabled}
            onChange={(e) => set({ fractionDigits: Number(e.target.value) })}
          >
            {[0, 1, 2, 3, 4, 5, 6].map((d) => (
              <MenuItem key={d} value={d}>
                {d}
              </MenuItem>
            ))}
          </TextField>
        </>
      )}
      {variableSelect}
      {(lockable || element.locked) && (
        <FormControlLabel
          control={
            <Switch
              checked={element.locked === true}
              disabled={!lockable}
              onChange={(e) => set({ locked: e.target.checked })}
            />
          }
          label={t('checklists.element.locked')}
        />
      )}
      {!disabled && (
        <Button color="error" variant="outlined" onClick={onRemove} sx={{ alignSelf: 'flex-start' }}>
          {t('checklists.element.remove')}
        </Button>
      )}
    </Stack>
  );
}
