import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import {
  type PermissionGroup,
  permissionById,
  permissionGroupList,
  permissionGroups,
  permissionsInGroup,
  SUPERUSER_ID,
} from '@schutzwerk/shared/permissions.ts';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Props = {
  value: readonly number[];
  onChange: (permissions: number[]) => void;
  disabled?: boolean;
};

/** The superuser right (id 12) and its group 'Vollzugriff': shown first, apart, never part of 'Alle an'. */
const FULL_ACCESS = permissionById(SUPERUSER_ID);
const FULL_ACCESS_PERMISSIONS = [
  ...(FULL_ACCESS ? [FULL_ACCESS] : []),
  ...permissionsInGroup('administration').filter((p) => p.id !== SUPERUSER_ID),
];

const GROUPS = permissionGroupList
  .filter((group) => group.key !== 'administration')
  .map((group) => ({
    ...group,
    permissions: permissionsInGroup(group.key).filter((p) => p.id !== SUPERUSER_ID),
  }))
  .filter((group) => group.permissions.length > 0);

/**
 * Permissions grouped as in the catalogue: first 'Vollzugriff' (id 12, set apart in the warning colour),
 * then one section per group with 'Alle an' / 'Alle aus' and a count.
 */
export function RolePermissionsEditor({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const held = useMemo(() => new Set(value), [value]);
  const [expanded, setExpanded] = useState<ReadonlySet<PermissionGroup>>(() => new Set());

  const setMany = (ids: readonly number[], on: boolean) => {
    const next = new Set(held);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next].sort((a, b) => a - b));
  };

  return (
    <Box>
      {FULL_ACCESS_PERMISSIONS.length > 0 ? (
        <Box
          role="group"
          aria-labelledby="permission-group-full-access"
          aria-describedby="permission-group-full-access-hint"
          data-group="administration"
          sx={(theme) => ({
            mb: 2,
            px: 2,
            py: 1.5,
            border: 2,
            borderColor: 'warning.main',
            borderRadius: 1,
            bgcolor: alpha(theme.palette.warning.main, 0.1),
          })}
        >
          <Typography id="permission-group-full-access" sx={{ fontWeight: 600 }}>
            {permissionGroups.administration}
          </Typography>
          <Typography
            id="permission-group-full-access-hint"
            variant="body2"
            color="text.secondary"
            sx={{ mb: 0.5 }}
          >
            {t('roles.fullAccessHint')}
          </Typography>
          {FULL_ACCESS_PERMISSIONS.map((permission) => (
            <PermissionCheckbox
              key={permission.id}
              id={permission.id}
              label={permission.label}
              checked={held.has(permission.id)}
              disabled={disabled}
              color="warning"
              onToggle={(on) => setMany([permission.id], on)}
              idText={t('roles.permissionId', { id: permission.id })}
            />
          ))}
        </Box>
      ) : null}
      {GROUPS.map((group) => {
        const ids = group.permissions.map((p) => p.id);
        const selected = ids.filter((id) => held.has(id)).length;
        const open = expanded.has(group.key);
        const headingId = `permission-group-${group.key}`;
        return (
          <Accordion
            key={group.key}
            expanded={open}
            disableGutters
            variant="outlined"
            onChange={(_, isOpen) =>
              setExpanded((current) => {
                const next = new Set(current);
                if (isOpen) next.add(group.key);
                else next.delete(group.key);
                return next;
              })
            }
            slotProps={{ transition: { unmountOnExit: true } }}
            data-group={group.key}
            sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', pr: 1 }}>
                <Typography sx={{ fontWeight: 500, flex: 1 }}>{group.label}</Typography>
                <Chip
                  size="small"
                  data-testid={`group-count-${group.key}`}
                  label={t('roles.groupCount', { selected, total: ids.length })}
                  color={selected === 0 ? 'default' : selected === ids.length ? 'primary' : 'secondary'}
                  variant={selected === 0 ? 'outlined' : 'filled'}
                />
              </Box>
            </AccordionSummary>
            <AccordionDetails sx={{ pt: 0 }}>
              <Box role="group" aria-labelledby={headingId}>
                <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={disabled || selected === ids.length}
                    onClick={() => setMany(ids, true)}
                  >
                    {t('roles.allOn')}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={disabled || selected === 0}
                    onClick={() => setMany(ids, false)}
                  >
                    {t('roles.allOff')}
                  </Button>
                </Box>
                <Box
                  sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, columnGap: 2 }}
                >
                  {group.permissions.map((permission) => (
                    <PermissionCheckbox
                      key={permission.id}
                      id={permission.id}
                      label={permission.label}
                      checked={held.has(permission.id)}
                      disabled={disabled}
                      onToggle={(on) => setMany([permission.id], on)}
                      idText={t('roles.permissionId', { id: permission.id })}
                    />
                  ))}
                </Box>
              </Box>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}

type CheckboxProps = {
  id: number;
  label: string;
  idText: string;
  checked: boolean;
  disabled?: boolean | undefined;
  color?: 'primary' | 'warning';
  onToggle: (on: boolean) => void;
};

const PermissionCheckbox = memo(function PermissionCheckbox({
  id,
  label,
  idText,
  checked,
  disabled,
  color = 'primary',
  onToggle,
}: CheckboxProps) {
  return (
    <FormControlLabel
      data-permission-id={id}
      control={
        <Checkbox
          size="small"
          checked={checked}
          disabled={disabled}
          color={color}
          onChange={(event) => onToggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': label } }}
        />
      }
      label={
        <Box component="span" aria-hidden="true" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <span>{label}</span>
          <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {idText}
          </Typography>
        </Box>
      }
      sx={{ alignItems: 'center', mr: 0, py: 0.25 }}
    />
  );
});
