import ClearIcon from '@mui/icons-material/Clear';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement, ReactNode } from 'react';

export type PickerFieldProps = {
  label: string;
  /** What the field shows for the current choice ('' when nothing is chosen). */
  value: string;
  /** Opens the picker (click, Enter, Space or ArrowDown on the field, or the choose button). */
  onOpen: () => void;
  /** Clearing the choice; without it the field offers no clear button. */
  onClear?: (() => void) | undefined;
  /** The clear button's label (and tooltip when `tooltips`). */
  clearLabel: string;
  /** A button that opens the picker, e.g. the person or tree icon with 'Mitarbeiter auswählen'. */
  choose?: { label: string; icon: ReactNode } | undefined;
  /** Tooltips on the buttons (the employee and tree pickers show them). */
  tooltips?: boolean;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  error?: boolean | undefined;
  helperText?: string | undefined;
  testId?: string | undefined;
};

/**
 * The one picker field: a read-only text field showing the choice that opens a picker dialog — employee,
 * location, department, template, bricks, factors … — by mouse or keyboard, with an optional clear button
 * and an optional choose button. The variants (`EmployeePickerField`, `LocationPickerField`,
 * `DepartmentPickerField`) add their dialog; other pickers pass `onOpen` and render their own dialog.
 */
export function PickerField({
  label,
  value,
  onOpen,
  onClear,
  clearLabel,
  choose,
  tooltips = false,
  disabled,
  required,
  error,
  helperText,
  testId,
}: PickerFieldProps) {
  const clearButton =
    onClear && value && !disabled ? (
      <IconButton
        size="small"
        aria-label={clearLabel}
        onClick={(event) => {
          event.stopPropagation();
          onClear();
        }}
      >
        <ClearIcon fontSize="small" />
      </IconButton>
    ) : null;
  const chooseButton = choose ? (
    <span>
      <IconButton
        size="small"
        aria-label={choose.label}
        disabled={disabled}
        onClick={(event) => {
          event.stopPropagation();
          onOpen();
        }}
      >
        {choose.icon}
      </IconButton>
    </span>
  ) : null;
  const withTooltip = (title: string, button: ReactNode) =>
    button && tooltips ? (
      <Tooltip title={title} describeChild>
        {button as ReactElement}
      </Tooltip>
    ) : (
      button
    );
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
            clearButton || chooseButton ? (
              <InputAdornment position="end">
                {withTooltip(clearLabel, clearButton)}
                {choose ? withTooltip(choose.label, chooseButton) : null}
              </InputAdornment>
            ) : undefined,
        },
      }}
    />
  );
}
