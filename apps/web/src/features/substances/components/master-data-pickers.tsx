import FactoryIcon from '@mui/icons-material/Factory';
import type { IngredientTemplate, Manufacturer } from '@schutzwerk/shared/substances/master-data.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { MASTER_DATA_SOURCES } from '../api/substance-sources.ts';

const byId = (row: { id: number }) => row.id;

/**
 * Section 1's manufacturer from the shared list (decision 055): shows the chosen entry's name and opens the
 * list; choosing fills the manufacturer fields of the version (the caller copies them).
 */
export function ManufacturerPickerField(props: {
  value: { id: number; name: string } | null;
  onChange: (value: Manufacturer | null) => void;
  disabled?: boolean;
  error?: string | undefined;
  /** Replaces the hint, e.g. the SDS import's marker of an unconfirmed entry. */
  hint?: string | undefined;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const columns = useMemo<ScrollingListColumn<Manufacturer>[]>(
    () => [
      {
        id: 'name',
        header: t('substances.masterData.fields.name'),
        minWidth: 200,
        grow: 2,
        render: (r) => r.name,
      },
      { id: 'city', header: t('substances.masterData.fields.city'), minWidth: 120, render: (r) => r.city },
      {
        id: 'emergencyPhone',
        header: t('substances.masterData.fields.emergencyPhone'),
        minWidth: 140,
        render: (r) => r.emergencyPhone,
      },
    ],
    [t],
  );
  return (
    <>
      <PickerField
        label={t('substances.manufacturerPicker.label')}
        value={props.value?.name ?? ''}
        onOpen={() => setOpen(true)}
        onClear={props.value ? () => props.onChange(null) : undefined}
        clearLabel={t('substances.manufacturerPicker.clear')}
        choose={{ label: t('substances.manufacturerPicker.choose'), icon: <FactoryIcon fontSize="small" /> }}
        tooltips
        disabled={props.disabled}
        error={Boolean(props.error)}
        helperText={props.error ?? props.hint ?? t('substances.manufacturerPicker.hint')}
        testId="manufacturer-picker"
      />
      <PickerDialog<Manufacturer>
        open={open}
        title={t('substances.manufacturerPicker.title')}
        searchLabel={t('substances.manufacturerPicker.search')}
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          setOpen(false);
          if (rows[0]) props.onChange(rows[0]);
        }}
        value={props.value?.id}
        source={MASTER_DATA_SOURCES.manufacturer}
        columns={columns}
        getRowId={byId}
        orderBy="name"
      />
    </>
  );
}

/** Picks an ingredient template; the caller adds it as a new ingredient row. */
export function IngredientTemplatePickerDialog(props: {
  open: boolean;
  onClose: () => void;
  onSelect: (template: IngredientTemplate) => void;
}) {
  const { t } = useTranslation();
  const columns = useMemo<ScrollingListColumn<IngredientTemplate>[]>(
    () => [
      {
        id: 'name',
        header: t('substances.masterData.fields.name'),
        minWidth: 200,
        grow: 2,
        render: (r) => r.name,
      },
      {
        id: 'casNumber',
        header: t('substances.masterData.fields.casNumber'),
        minWidth: 120,
        render: (r) => r.casNumber,
      },
      {
        id: 'classification',
        header: t('substances.masterData.fields.classification'),
        minWidth: 160,
        grow: 2,
        render: (r) => r.classification,
      },
    ],
    [t],
  );
  return (
    <PickerDialog<IngredientTemplate>
      open={props.open}
      title={t('substances.templatePicker.title')}
      searchLabel={t('substances.templatePicker.search')}
      onClose={props.onClose}
      onSelect={(rows) => {
        props.onClose();
        if (rows[0]) props.onSelect(rows[0]);
      }}
      source={MASTER_DATA_SOURCES.ingredientTemplate}
      columns={columns}
      getRowId={byId}
      orderBy="name"
    />
  );
}
