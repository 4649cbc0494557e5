import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import {
  type FactorMenu,
  factorDropdownGroups,
  factorPath,
} from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChooseField } from './choose-field.tsx';

type Props = {
  /** The assessment's factor menu; undefined while loading or when the assessment has none. */
  menu: Pick<FactorMenu, 'registers'> | undefined;
  value: number | null;
  /** The stored factor as "register › factor" (from the server), shown until the menu has loaded. */
  storedLabel: string | null;
  storedId: number | null;
  onChange: (factorId: number | null) => void;
  disabled: boolean;
  error?: boolean;
  helperText?: string | undefined;
};

/** The label "register › factor" of a factor of the menu, or null. */
export function factorPathIn(menu: Pick<FactorMenu, 'registers'> | undefined, factorId: number | null) {
  if (!menu || factorId === null) return null;
  for (const r of menu.registers) {
    const f = r.factors.find((x) => x.id === factorId);
    if (f) return factorPath(r, f);
  }
  return null;
}

/**
 * 'Gefährdungsfaktor' of a hazard (decision 019/021): a field that drops down the factors of the
 * assessment's menu, grouped by register as `factorDropdownGroups()` builds them — registers that are not
 * offered are left out (unless they hold the current factor), registers set to 'expanded' are listed open,
 * the others show their heading until the user opens them. A hazard holds one factor.
 */
export function FactorField({
  menu,
  value,
  storedLabel,
  storedId,
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
  const groups = useMemo(
    () => (menu ? factorDropdownGroups(menu, value === null ? [] : [value]) : []),
    [menu, value],
  );
  const shown =
    factorPathIn(menu, value) ?? (value !== null && value === storedId ? (storedLabel ?? '') : '');
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
      <ChooseField
        label={t('hazardAnalysis.factor')}
        value={shown}
        onOpen={() => menu && setOpen(true)}
        onClear={() => onChange(null)}
        disabled={disabled || !menu}
        error={error}
        helperText={helperText}
        testId="factor-field"
      />
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
              <ListItemText primary={g.label} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
              {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </MenuItem>,
            ...(expanded
              ? g.options.map((o) => (
                  <MenuItem
                    key={o.factorId}
                    selected={o.factorId === value}
                    sx={{ pl: 4, whiteSpace: 'normal' }}
                    onClick={() => {
                      onChange(o.factorId);
                      setOpen(false);
                    }}
                  >
                    <ListItemText
                      primary={o.label}
                      secondary={[o.legalBasis, o.source].filter(Boolean).join(' · ') || undefined}
                    />
                  </MenuItem>
                ))
              : []),
          ];
        })}
      </Menu>
    </Box>
  );
}
