import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type ChecklistElement, treePaths } from '@schutzwerk/shared/checklists/checklists.schema.ts';
import { useTranslation } from 'react-i18next';

type Props = {
  element: Extract<ChecklistElement, { type: 'tree' }>;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
};

/** A tree cell (hierarchical choice): every node can be chosen, indented by its depth; the answer is its path. */
export function TreeElement({ element, value, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const paths = treePaths(element.nodes);
  return (
    <TextField
      select
      fullWidth
      required={element.required}
      label={element.label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { renderValue: (v) => String(v) } }}
    >
      <MenuItem value="">{t('checklists.fill.noChoice')}</MenuItem>
      {element.nodes.map((node, i) => {
        const path = paths[i];
        if (!path) return null;
        return (
          <MenuItem key={path} value={path} sx={{ pl: 2 + node.depth * 3 }}>
            {node.label}
          </MenuItem>
        );
      })}
    </TextField>
  );
}
