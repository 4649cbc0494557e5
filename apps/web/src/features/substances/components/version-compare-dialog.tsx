import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  SUBSTANCE_DATA_KEYS,
  type SubstanceDataOut,
} from '@schutzwerk/shared/substances/substances.schema.ts';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '#i18n/i18n.ts';
import { useSubstanceVersionData } from '../api/master-data.ts';

type Key = (typeof SUBSTANCE_DATA_KEYS)[number];
/** Shown through the manufacturer's copied fields instead. */
const HIDDEN: ReadonlySet<Key> = new Set(['manufacturerId']);
const OTHER_LABELS: Partial<Record<Key, string>> = {
  statements: 'substances.statements',
  signalWordOverride: 'substances.overrideSignal',
  pictogramsOverride: 'substances.overridePictograms',
  ingredients: 'substances.ingredients',
  exposureLimits: 'substances.exposureLimits',
};

/** A field's value as one readable text (rows one per line). */
function shown(
  key: Key,
  data: SubstanceDataOut,
  t: TFunction,
  names: (key: 'productGroupId' | 'packageUnitId', id: number) => string,
): string {
  const value = data[key] as unknown;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  switch (key) {
    case 'substanceType':
      return t(`substances.types.${String(value)}`);
    case 'physicalState':
      return t(`substances.physicalStates.${String(value)}`);
    case 'waterHazardClass':
      return t(`substances.waterHazardClasses.${String(value)}`);
    case 'signalWordOverride':
      return t(`substances.signalWords.${String(value)}`);
    case 'biomonitoring':
      return value ? t('substances.yes') : t('substances.no');
    case 'productGroupId':
    case 'packageUnitId':
      return names(key, value as number);
    case 'ingredients':
      return data.ingredients
        .map((i) =>
          [
            i.name,
            i.casNumber,
            i.ecNumber,
            [i.percentMin, i.percentMax].filter(Boolean).join('–'),
            i.classification,
          ]
            .filter(Boolean)
            .join(' · '),
        )
        .join('\n');
    case 'exposureLimits':
      return data.exposureLimits
        .map((l) => `${l.basis}: ${l.value} ${l.unit}${l.info ? ` (${l.info})` : ''}`)
        .join('\n');
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}

/**
 * An older version field by field against the current one (decision 055): every field of the 16 sections,
 * the changed ones marked „geändert“ and highlighted; „Nur geänderte Felder“ hides the rest.
 */
export function VersionCompareDialog(props: {
  substanceId: number;
  old: { id: number; number: number };
  current: { number: number; data: SubstanceDataOut };
  names: (key: 'productGroupId' | 'packageUnitId', id: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useSubstanceVersionData(props.substanceId, props.old.id);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const rows = query.data
    ? SUBSTANCE_DATA_KEYS.filter((k) => !HIDDEN.has(k)).map((key) => {
        const before = shown(key, query.data.data, t, props.names);
        const now = shown(key, props.current.data, t, props.names);
        return { key, before, now, changed: before !== now };
      })
    : [];
  const changed = rows.filter((r) => r.changed).length;
  return (
    <Dialog open onClose={props.onClose} aria-labelledby={titleId} fullWidth maxWidth="lg">
      <DialogTitle id={titleId}>
        {t('substances.compare.title', { old: props.old.number, current: props.current.number })}
      </DialogTitle>
      <DialogContent>
        {query.error ? <Alert severity="error">{errorMessage(query.error, t)}</Alert> : null}
        {query.data && (
          <>
            <Typography sx={{ mb: 1 }} data-testid="compare-summary">
              {changed === 0
                ? t('substances.compare.noChanges')
                : t('substances.compare.summary', { count: changed })}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} />}
              label={t('substances.compare.onlyChanged')}
            />
            <Table size="small" aria-labelledby={titleId} data-testid="version-compare">
              <TableHead>
                <TableRow>
                  <TableCell>{t('substances.compare.field')}</TableCell>
                  <TableCell>{t('substances.compare.old', { number: props.old.number })}</TableCell>
                  <TableCell>{t('substances.compare.current', { number: props.current.number })}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows
                  .filter((r) => !onlyChanged || r.changed)
                  .map((r) => (
                    <TableRow
                      key={r.key}
                      data-changed={r.changed ? 'true' : undefined}
                      sx={r.changed ? { bgcolor: 'warning.light', '& td': { fontWeight: 600 } } : undefined}
                    >
                      <TableCell component="th" scope="row">
                        {t(OTHER_LABELS[r.key] ?? `substances.fields.${r.key}`)}
                        {r.changed && (
                          <Chip size="small" label={t('substances.compare.changed')} sx={{ ml: 1 }} />
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-line' }}>
                        {r.before || t('substances.compare.empty')}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'pre-line' }}>
                        {r.now || t('substances.compare.empty')}
                      </TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('substances.compare.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
