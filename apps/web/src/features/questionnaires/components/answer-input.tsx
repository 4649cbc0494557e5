import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AnswerValue, ChecklistElement } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

const formatNumber = (n: number, digits: number) =>
  n.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

type Props = {
  element: ChecklistElement;
  value: AnswerValue;
  result: number | null | undefined;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
};

/** One question of a checklist in the questionnaire viewer: the input for its element type. */
export function AnswerInput({ element, value, result, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const required = element.type !== 'total' && element.required;
  const str = typeof value === 'string' ? value : '';
  const label = `${element.label}${required ? ' *' : ''}`;
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
          label={label}
        />
      );
    case 'dropdown':
      return (
        <TextField
          select
          fullWidth
          label={label}
          value={str}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        >
          <MenuItem value="">{t('questionnaires.view.noChoice')}</MenuItem>
          {element.options.map((o) => (
            <MenuItem key={o} value={o}>
              {o}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'radio':
      return (
        <Box role="radiogroup" aria-labelledby={labelId}>
          <Typography id={labelId}>{label}</Typography>
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
          label={label}
          value={str}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'number':
    case 'employee':
      return <NumberAnswer label={label} value={value} disabled={disabled} onChange={onChange} />;
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
          multiline={element.type === 'textarea'}
          minRows={element.type === 'textarea' ? 3 : undefined}
          label={label}
          value={str}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
          slotProps={element.type === 'text' ? { htmlInput: { maxLength: element.maxLength } } : {}}
        />
      );
    case 'total':
      return (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {element.label}
          </Typography>
          <Typography variant="h6" component="output" aria-live="polite">
            {result === null || result === undefined
              ? t('questionnaires.view.noResult')
              : formatNumber(result, element.fractionDigits)}
          </Typography>
        </Box>
      );
  }
}

/** A number with a decimal comma; text that is not a number stays as typed (the server refuses it). */
function NumberAnswer({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: AnswerValue;
  disabled: boolean;
  onChange: (value: AnswerValue) => void;
}) {
  const [text, setText] = useState(() =>
    typeof value === 'number' ? String(value).replace('.', ',') : typeof value === 'string' ? value : '',
  );
  return (
    <TextField
      fullWidth
      label={label}
      value={text}
      disabled={disabled}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
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
