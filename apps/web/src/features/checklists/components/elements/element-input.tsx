import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  AnswerValue,
  ChecklistElement,
  ChecklistInstance,
} from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountdownElement } from './countdown-element.tsx';
import { DocumentsElement } from './documents-element.tsx';
import { DrawingElement } from './drawing-element.tsx';
import { EmployeeElement } from './employee-element.tsx';
import { ImageElement } from './image-element.tsx';
import { SqlElement } from './sql-element.tsx';
import { TaskElement } from './task-element.tsx';
import { TimerElement } from './timer-element.tsx';
import { TreeElement } from './tree-element.tsx';

const formatNumber = (n: number, digits: number) =>
  n.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export type InputProps = {
  element: ChecklistElement;
  value: AnswerValue;
  result: number | null | undefined;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
  testId: string;
  /** What cells working with the stored instance need (picked names, actions, documents). */
  context: {
    cell: string;
    checklistId: number;
    instance: ChecklistInstance;
    onInstance: (fresh: ChecklistInstance) => void;
  };
};

/**
 * The input of one cell's element, by element type: the checklist viewer and the questionnaire viewer show
 * a question the same way (decision 067).
 */
export function ElementInput({ element, value, result, disabled, onChange, testId, context }: InputProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const required = element.required;
  const str = typeof value === 'string' ? value : '';
  switch (element.type) {
    case 'checkbox':
      return (
        <FormControlLabel
          control={
            <Checkbox
              checked={value === true}
              disabled={disabled}
              onChange={(e) => onChange(e.target.checked)}
            />
          }
          label={`${element.label}${required ? ' *' : ''}`}
        />
      );
    case 'dropdown':
      return (
        <TextField
          select
          fullWidth
          required={required}
          label={element.label}
          value={str}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        >
          <MenuItem value="">{t('checklists.fill.noChoice')}</MenuItem>
          {element.options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'radio':
      return (
        <Box role="group" aria-labelledby={labelId}>
          <Typography id={labelId}>
            {element.label}
            {required ? ' *' : ''}
          </Typography>
          <RadioGroup row value={str} onChange={(e) => onChange(e.target.value)}>
            {element.options.map((o) => (
              <FormControlLabel key={o} value={o} control={<Radio disabled={disabled} />} label={o} />
            ))}
          </RadioGroup>
        </Box>
      );
    case 'date':
      return (
        <TextField
          type="date"
          fullWidth
          required={required}
          label={element.label}
          value={str}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'number':
      return (
        <NumberInput
          element={element}
          value={value}
          disabled={disabled}
          onChange={onChange}
          testId={testId}
        />
      );
    case 'slider':
      return (
        <Box>
          <Typography id={labelId}>
            {element.label}: {typeof value === 'number' ? formatNumber(value, 0) : '–'}
          </Typography>
          <Slider
            aria-labelledby={labelId}
            value={typeof value === 'number' ? value : element.min}
            min={element.min}
            max={element.max}
            step={element.step}
            disabled={disabled}
            onChange={(_, v) => onChange(Array.isArray(v) ? (v[0] ?? null) : v)}
          />
        </Box>
      );
    case 'text':
    case 'textarea':
      return (
        <TextField
          fullWidth
          required={required}
          multiline={element.type === 'textarea'}
          minRows={element.type === 'textarea' ? 3 : undefined}
          label={element.label}
          value={str}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          slotProps={element.type === 'text' ? { htmlInput: { maxLength: element.maxLength } } : {}}
        />
      );
    case 'employee':
      return (
        <EmployeeElement
          label={element.label}
          required={element.required}
          value={typeof value === 'number' ? value : null}
          known={context.instance.employees}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'tree':
      return <TreeElement element={element} value={str} disabled={disabled} onChange={onChange} />;
    case 'countdown':
      return <CountdownElement element={element} value={str} disabled={disabled} onChange={onChange} />;
    case 'timer':
      return <TimerElement element={element} value={str} disabled={disabled} onChange={onChange} />;
    case 'task':
      return (
        <TaskElement
          element={element}
          cell={context.cell}
          checklistId={context.checklistId}
          instance={context.instance}
          disabled={disabled}
          onCreated={context.onInstance}
        />
      );
    case 'sql':
      return (
        <SqlElement
          label={element.label}
          value={value}
          cell={context.cell}
          checklistId={context.checklistId}
          instance={context.instance}
          disabled={disabled}
          onRead={context.onInstance}
        />
      );
    case 'image':
      return (
        <ImageElement
          element={element}
          value={typeof value === 'number' ? value : null}
          instanceId={context.instance.id}
          disabled={disabled}
          onChange={onChange}
        />
      );
    case 'drawing':
      return (
        <DrawingElement
          element={element}
          value={str}
          disabled={disabled}
          onChange={onChange}
          testId={testId}
        />
      );
    case 'documents':
      return <DocumentsElement label={element.label} instanceId={context.instance.id} disabled={disabled} />;
    case 'total':
      return (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {element.label}
          </Typography>
          <Typography variant="h6" component="output" data-testid={testId} aria-live="polite">
            {result === null || result === undefined
              ? t('checklists.fill.noResult')
              : formatNumber(result, element.fractionDigits)}
          </Typography>
        </Box>
      );
  }
}

/** A number typed with a decimal comma; a value that is not a number stays in the field with a message. */
function NumberInput({
  element,
  value,
  disabled,
  onChange,
  testId,
}: {
  element: Extract<ChecklistElement, { type: 'number' }>;
  value: AnswerValue;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  // The field keeps what is typed ('1,' on the way to '1,5'); the answer is the number it reads as.
  const [text, setText] = useState(() =>
    typeof value === 'number' ? String(value).replace('.', ',') : typeof value === 'string' ? value : '',
  );
  let problem: string | null = null;
  if (typeof value === 'string' && value !== '') problem = t('checklists.fill.notANumber');
  else if (typeof value === 'number') {
    if (element.kind === 'integer' && !Number.isInteger(value)) problem = t('checklists.fill.integerOnly');
    else if (element.min !== null && value < element.min)
      problem = t('checklists.fill.min', { min: String(element.min).replace('.', ',') });
    else if (element.max !== null && value > element.max)
      problem = t('checklists.fill.max', { max: String(element.max).replace('.', ',') });
  }
  return (
    <TextField
      fullWidth
      required={element.required}
      label={element.label}
      value={text}
      disabled={disabled}
      error={problem !== null}
      helperText={problem}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': testId } }}
      onChange={(e) => {
        setText(e.target.value);
        const raw = e.target.value.trim();
        if (raw === '') return onChange(null);
        const n = Number(raw.replace(',', '.'));
        onChange(/^-?\d+([.,]\d*)?$/.test(raw) && Number.isFinite(n) ? n : raw);
      }}
    />
  );
}
