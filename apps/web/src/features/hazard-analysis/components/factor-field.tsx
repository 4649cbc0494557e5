import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import {
  type FactorMenu,
  factorDropdownGroups,
  factorPathsIn,
  toggleFactorSelection,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField } from '#components/picker-field/picker-field.tsx';

type Props = {
  /** The assessment's factor menu; undefined while loading or when the assessment has none. */
  menu: Pick<FactorMenu, 'registers'> | undefined;
  /** The chosen factors, in order. */
  value: readonly number[];
  /** The stored factors and their labels "register › factor" (from the server), shown until the menu has loaded. */
  storedIds: readonly number[];
  storedLabels: readonly string[];
  onChange: (factorIds: number[]) => void;
  disabled: boolean;
  error?: boolean;
  helperText?: string | undefined;
};

/** Two factor lists are the same (same ids in the same order). */
export function sameFactorIds(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

/**
 * 'Gefährdungsfaktoren' of a hazard (decision 019/021): a field that drops down the factors of the
 * assessment's menu, grouped by register as `factorDropdownGroups()` builds them — registers that are not
 * offered are left out (unless the hazard already has one of their factors), registers set to 'expanded' are
 * listed open, the others show their heading until the user opens them. Within a register set to 'Mehrere
 * Faktoren wählbar' the factors are checkboxes; in the others one factor can be chosen (radio). The chosen
 * factors are listed as chips below the field when there are several.
 */
export function FactorField({
  menu,
  value,
  storedIds,
  storedLabels,
  onChange,
  disabled,
  error,
  helperText,
}: Props) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  /** Registers whose open/closed state the user flipped. */
  const [toggled, setToggled] = useState<ReadonlySet<number>>(new Set());
  // Built from the stored factors (as the server checks): a register not offered stays visible where the hazard
  // has one of its factors, and choosing a factor does not flip a register's open/closed state.
  const groups = useMemo(() => (menu ? factorDropdownGroups(menu, storedIds) : []), [menu, storedIds]);
  const labels = useMemo(
    () => (menu ? factorPathsIn(menu, value) : sameFactorIds(value, storedIds) ? [...storedLabels] : []),
    [menu, value, storedIds, storedLabels],
  );
  const chosen = new Set(value);
  const isOpen = (g: { registerId: number; expanded: boolean }) =>
    toggled.has(g.registerId) ? !g.expanded : g.expanded;
  const toggle = (registerId: number) =>
    setToggled((s) => {
      const next = new Set(s);
      if (next.has(registerId)) next.delete(registerId);
      else next.add(registerId);
      return next;
    });

  return (
    <Box ref={anchor}>
      <PickerField
        label={t('hazardAnalysis.factor')}
        value={labels.join('; ')}
        onOpen={() => menu && setOpen(true)}
        onClear={() => onChange([])}
        clearLabel={t('hazardAnalysis.clear')}
        disabled={disabled || !menu}
        error={error}
        helperText={helperText}
        testId="factor-field"
      />
      {labels.length > 1 && (
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}
          aria-label={t('hazardAnalysis.chosenFactors')}
          data-testid="factor-chips"
        >
          {value.map((id, i) =>
            labels[i] === undefined ? null : (
              <Chip
                key={id}
                size="small"
                label={labels[i]}
                {...(disabled || !menu ? {} : { onDelete: () => onChange(value.filter((v) => v !== id)) })}
              />
            ),
          )}
        </Stack>
      )}
      <Menu
        anchorEl={anchor.current}
        open={open && Boolean(menu)}
        onClose={() => setOpen(false)}
        slotProps={{
          list: { 'aria-label': t('hazardAnalysis.factor'), dense: true },
          paper: { sx: { maxHeight: 440, width: anchor.current?.offsetWidth, maxWidth: '100%' } },
        }}
      >
        {groups.length === 0 && <MenuItem disabled>{t('hazardAnalysis.noFactors')}</MenuItem>}
        {groups.flatMap((g) => {
          const expanded = isOpen(g);
          return [
            <MenuItem
              key={`register-${g.registerId}`}
              aria-expanded={expanded}
              onClick={() => toggle(g.registerId)}
              data-testid="factor-register"
            >
              <ListItemText
                primary={g.label}
                secondary={g.multiple ? t('hazardAnalysis.factorsMultiple') : undefined}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
              {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </MenuItem>,
            ...(expanded
              ? g.options.map((o) => {
                  const checked = chosen.has(o.factorId);
                  return (
                    <MenuItem
                      key={o.factorId}
                      role={g.multiple ? 'menuitemcheckbox' : 'menuitemradio'}
                      aria-checked={checked}
                      selected={checked}
                      sx={{ pl: 2, whiteSpace: 'normal' }}
                      onClick={() => menu && onChange(toggleFactorSelection(menu, value, g, o.factorId))}
                    >
                      <ListItemIcon>
                        {g.multiple ? (
                          <Checkbox edge="start" size="small" checked={checked} tabIndex={-1} disableRipple />
                        ) : (
                          <Radio edge="start" size="small" checked={checked} tabIndex={-1} disableRipple />
                        )}
                      </ListItemIcon>
                      <ListItemText
                        primary={o.label}
                        secondary={[o.legalBasis, o.source].filter(Boolean).join(' · ') || undefined}
                      />
                    </MenuItem>
                  );
                })
              : []),
          ];
        })}
      </Menu>
    </Box>
  );
}

/** A hazard's factor labels in a table cell (editor table, reference view): one line each. */
export function FactorLabels({ labels }: { labels: readonly string[] }) {
  return labels.map((label) => (
    <Box key={label} component="span" sx={{ display: 'block', '& + &': { mt: 0.75 } }}>
      {label}
    </Box>
  ));
}
