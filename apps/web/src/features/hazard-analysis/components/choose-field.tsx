import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

type Props = {
  label: string;
  value: string;
  onOpen: () => void;
  onClear?: (() => void) | undefined;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  testId?: string;
};

/** A read-only field that opens a picker dialog (template, bricks, activity), keyboard included. */
export function ChooseField({
  label,
  value,
  onOpen,
  onClear,
  disabled,
  required,
  error,
  helperText,
  testId,
}: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      required={required}
      disabled={disabled}
      error={error}
      helperText={helperText}
      data-testid={testId}
      onClick={() => !disabled && onOpen()}
      onKeyDown={(event) => {
        if (!disabled && (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown')) {
          event.preventDefault();
          onOpen();
        }
      }}
      slotProps={{
        htmlInput: { readOnly: true, style: { cursor: disabled ? 'default' : 'pointer' } },
        input: {
          endAdornment:
            onClear && value && !disabled ? (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  aria-label={t('hazardAnalysis.clear')}
                  onClick={(e) => {
                    e.stopPropagation();
                    onClear();
                  }}
                >
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
