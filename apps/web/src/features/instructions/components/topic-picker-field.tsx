import LinkIcon from '@mui/icons-material/Link';
import type { TopicRow } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { TOPIC_LIST_SOURCE } from '../api/topic-keys.ts';
import type { TopicChoice } from '../topic-draft.ts';

type Props = {
  value: TopicChoice | null;
  onChange: (value: TopicChoice | null) => void;
  /** The topic being edited: it cannot be its own superior. */
  selfId: number;
  disabled?: boolean;
  error?: boolean;
  helperText?: string | undefined;
  /** Other texts than the superior topic's (e.g. the replacing topic of a removal, decision 080). */
  texts?: { label: string; choose: string; clear: string; self: string; testId: string };
};

const getId = (row: TopicRow) => row.id;

/** The superior topic of a chain: a picker field over the topic list. */
export function TopicPickerField({ value, onChange, selfId, disabled, error, helperText, texts }: Props) {
  const { t } = useTranslation();
  const text = texts ?? {
    label: t('instructions.parent'),
    choose: t('instructions.chooseParent'),
    clear: t('instructions.clearParent'),
    self: t('instructions.parentIsSelf'),
    testId: 'topic-parent-field',
  };
  const [open, setOpen] = useState(false);
  const columns = useMemo<ScrollingListColumn<TopicRow>[]>(
    () => [
      {
        id: 'identifier',
        header: t('instructions.identifier'),
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.identifier,
      },
      { id: 'label', header: t('instructions.label'), minWidth: 200, grow: 2, render: (r) => r.label },
    ],
    [t],
  );
  return (
    <>
      <PickerField
        label={text.label}
        value={value ? `${value.identifier} ${value.label}` : ''}
        onOpen={() => setOpen(true)}
        onClear={() => onChange(null)}
        clearLabel={text.clear}
        choose={{ label: text.choose, icon: <LinkIcon fontSize="small" /> }}
        tooltips
        disabled={disabled}
        error={error}
        helperText={helperText}
        testId={text.testId}
      />
      <PickerDialog<TopicRow>
        open={open}
        onClose={() => setOpen(false)}
        title={text.choose}
        source={TOPIC_LIST_SOURCE}
        columns={columns}
        getRowId={getId}
        value={value?.id}
        unavailableReason={(row) => (row.id === selfId ? text.self : null)}
        onSelect={(rows) => {
          const row = rows[0];
          onChange(row ? { id: row.id, identifier: row.identifier, label: row.label } : null);
        }}
      />
    </>
  );
}
