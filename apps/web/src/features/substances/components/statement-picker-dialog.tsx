import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CLP_ATTRIBUTION } from '@schutzwerk/shared/substances/clp.ts';
import type { Statement } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { CLP_PICKER_SOURCE } from '../api/substance-sources.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The chosen statements (the current ones stay marked). */
  onSelect: (rows: Statement[]) => void;
  value: string[];
};

const KINDS = ['all', 'H', 'EUH', 'P'] as const;
const getId = (row: Statement) => row.code;

/** Picks H, EUH and P statements from the CLP catalogue (code and full German text, combined codes too). */
export function StatementPickerDialog(props: Props) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('all');
  const columns = useMemo<ScrollingListColumn<Statement>[]>(
    () => [
      { id: 'code', header: t('substances.code'), minWidth: 130, grow: 0.6, render: (r) => r.code },
      { id: 'text', header: t('substances.text'), minWidth: 260, grow: 3, render: (r) => r.text },
    ],
    [t],
  );
  return (
    <PickerDialog<Statement>
      title={t('substances.pickerTitle')}
      searchLabel={t('substances.pickerSearch')}
      open={props.open}
      onClose={props.onClose}
      onSelect={props.onSelect}
      value={props.value}
      multiple
      allowEmpty
      source={CLP_PICKER_SOURCE}
      params={kind === 'all' ? {} : { kind }}
      columns={columns}
      getRowId={getId}
      orderBy="position"
      filters={
        <Stack spacing={1}>
          <TextField
            select
            size="small"
            label={t('substances.kindFilter')}
            value={kind}
            onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}
            sx={{ maxWidth: 200 }}
          >
            {KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`substances.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('substances.clpSource', {
              version: CLP_ATTRIBUTION.contentVersion,
              lines: CLP_ATTRIBUTION.lines.join('; '),
            })}
          </Typography>
        </Stack>
      }
    />
  );
}
