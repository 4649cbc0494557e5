import Chip from '@mui/material/Chip';
import type { FactorMenuRow } from '@schutzwerk/shared/factor-menus/factor-menus.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { FACTOR_MENU_PICKER_SOURCE, useFactorMenu } from '#features/factor-menus/index.ts';

type Props = {
  value: number | null;
  onChange: (factorMenuId: number | null) => void;
  disabled: boolean;
  error?: boolean;
  helperText?: string | undefined;
};

const getMenuId = (row: FactorMenuRow) => row.id;

/**
 * 'Faktorenmenü' of the assessment header (decision 019/021): a field that opens the picker
 * `factormenu/picker`, which offers the active menus only (the standard menu included while active). The
 * name of the current menu is read with the menu itself, so a meanwhile inactive menu still shows.
 */
export function FactorMenuField({ value, onChange, disabled, error, helperText }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  /** Names of menus picked in this form, shown before the menu itself has loaded. */
  const [picked, setPicked] = useState<Record<number, string>>({});
  const menu = useFactorMenu(value ?? 0, value !== null);
  const name = value === null ? '' : (menu.data?.name ?? picked[value] ?? '…');
  const columns = useMemo<ScrollingListColumn<FactorMenuRow>[]>(
    () => [
      {
        id: 'name',
        header: t('factorMenus.name'),
        sortKey: 'name',
        grow: 3,
        render: (row) => (
          <span>
            {row.name}
            {row.standard && (
              <Chip size="small" sx={{ ml: 1 }} label={t('factorMenus.standardChip')} component="span" />
            )}
          </span>
        ),
      },
      { id: 'registers', header: t('factorMenus.registerCount'), render: (row) => row.registerCount },
      { id: 'factors', header: t('factorMenus.factorCount'), render: (row) => row.factorCount },
    ],
    [t],
  );
  return (
    <>
      <PickerField
        label={t('hazardAnalysis.factorMenu')}
        value={name}
        onOpen={() => setOpen(true)}
        onClear={() => onChange(null)}
        clearLabel={t('hazardAnalysis.clear')}
        disabled={disabled}
        error={error}
        helperText={helperText}
        testId="factor-menu-field"
      />
      <PickerDialog<FactorMenuRow>
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          const row = rows[0];
          setOpen(false);
          if (!row) return;
          setPicked((p) => ({ ...p, [row.id]: row.name }));
          onChange(row.id);
        }}
        title={t('hazardAnalysis.chooseFactorMenu')}
        source={FACTOR_MENU_PICKER_SOURCE}
        columns={columns}
        getRowId={getMenuId}
        value={value ?? undefined}
        orderBy="name"
      />
    </>
  );
}
