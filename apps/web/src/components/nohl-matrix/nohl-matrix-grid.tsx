import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import {
  NOHL_BAND_LABELS,
  type NohlCriteria,
  type NohlRating,
  nohlBand,
  nohlCellScore,
} from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOHL_BAND_COLOURS } from './nohl-bands.ts';
import { NOHL_COLUMNS, NOHL_ROWS, NohlMatrixLayout, nohlCellLabel } from './nohl-matrix-layout.tsx';

const keyOf = (p: number, s: number) => `${p}.${s}`;

/**
 * The NOHL risk matrix as a clickable grid (a radio group of 16 cells). Clicking a cell selects it,
 * clicking the selected cell again clears the rating (onChange(null)). Keyboard: Tab enters the group,
 * the arrow keys move between cells, Space or Enter selects (or clears) the focused one. Without
 * onChange (or with disabled) the grid only shows the rating.
 */
export function NohlMatrixGrid(props: {
  value: NohlRating | null;
  onChange?: (value: NohlRating | null) => void;
  criteria: NohlCriteria;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const { value, onChange, criteria } = props;
  const readOnly = !onChange || props.disabled === true;
  const cells = useRef(new Map<string, HTMLElement>());
  const [focus, setFocus] = useState<{ p: number; s: number } | null>(null);
  // The one cell in the tab order: the focused one, else the selected one, else the top-left.
  const tabStop = focus ?? (value ? { p: value.probability, s: value.severity } : { p: 4, s: 1 });

  const choose = (p: number, s: number) => {
    if (readOnly) return;
    if (value && value.probability === p && value.severity === s) onChange(null);
    else onChange({ probability: p, severity: s });
  };

  const move = (event: KeyboardEvent, p: number, s: number) => {
    const rowIndex = NOHL_ROWS.findIndex((r) => r.index === p);
    const colIndex = NOHL_COLUMNS.findIndex((c) => c.index === s);
    let [r, c] = [rowIndex, colIndex];
    if (event.key === 'ArrowUp') r -= 1;
    else if (event.key === 'ArrowDown') r += 1;
    else if (event.key === 'ArrowLeft') c -= 1;
    else if (event.key === 'ArrowRight') c += 1;
    else if (event.key === 'Home') c = 0;
    else if (event.key === 'End') c = NOHL_COLUMNS.length - 1;
    else return;
    event.preventDefault();
    r = Math.max(0, Math.min(NOHL_ROWS.length - 1, r));
    c = Math.max(0, Math.min(NOHL_COLUMNS.length - 1, c));
    const next = { p: NOHL_ROWS[r]!.index, s: NOHL_COLUMNS[c]!.index };
    setFocus(next);
    cells.current.get(keyOf(next.p, next.s))?.focus();
  };

  return (
    <NohlMatrixLayout
      label={props.label}
      criteria={criteria}
      groupProps={{
        role: 'radiogroup',
        'aria-label': props.label ?? t('nohlMatrix.groupLabel'),
        'aria-readonly': readOnly || undefined,
        'aria-disabled': props.disabled || undefined,
      }}
      renderCell={(p, s) => {
        const score = nohlCellScore(criteria, { probability: p, severity: s });
        const band = nohlBand(criteria, score);
        const colours = NOHL_BAND_COLOURS[band];
        const selected = value?.probability === p && value?.severity === s;
        const label = nohlCellLabel(p, s, score, band);
        return (
          <ButtonBase
            ref={(el: HTMLButtonElement | null) => {
              if (el) cells.current.set(keyOf(p, s), el);
              else cells.current.delete(keyOf(p, s));
            }}
            role="radio"
            aria-checked={selected}
            aria-label={label}
            aria-disabled={readOnly || undefined}
            title={label}
            tabIndex={tabStop.p === p && tabStop.s === s ? 0 : -1}
            disableRipple={readOnly}
            onClick={() => choose(p, s)}
            onFocus={() => setFocus({ p, s })}
            onKeyDown={(event) => move(event, p, s)}
            sx={{
              flex: 1,
              minHeight: 56,
              flexDirection: 'column',
              bgcolor: colours.fill,
              color: colours.text,
              border: `1px solid ${colours.strong}`,
              outline: selected ? '3px solid #1a1a1a' : 'none',
              outlineOffset: selected ? '-3px' : 0,
              position: 'relative',
              cursor: readOnly ? 'default' : 'pointer',
              opacity: props.disabled ? 0.6 : 1,
              '&.Mui-focusVisible, &:focus-visible': { boxShadow: '0 0 0 3px #1565c0' },
              ...(readOnly ? {} : { '&:hover': { filter: 'brightness(0.95)' } }),
            }}
          >
            {selected && (
              <CheckCircleIcon aria-hidden fontSize="small" sx={{ position: 'absolute', top: 2, right: 2 }} />
            )}
            <Typography component="span" sx={{ fontSize: '1.25rem', fontWeight: selected ? 800 : 600 }}>
              {score}
            </Typography>
            {/* Phones: the band shows in colour, legend and the cell's name; its text would not fit. */}
            <Typography
              component="span"
              variant="caption"
              sx={{ lineHeight: 1.1, display: { xs: 'none', sm: 'inline' } }}
            >
              {NOHL_BAND_LABELS[band]}
            </Typography>
          </ButtonBase>
        );
      }}
    />
  );
}
