import DeleteIcon from '@mui/icons-material/Delete';
import ScienceIcon from '@mui/icons-material/Science';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Hazard, HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { COMPOSITE } from '@schutzwerk/shared/permissions.ts';
import type { SubstanceRow } from '@schutzwerk/shared/substances/substances.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import {
  SUBSTANCE_PICKER_SOURCE,
  useHazardSubstances,
  useLinkHazardSubstance,
  useUnlinkHazardSubstance,
} from '../api/hazard-substances.ts';

type Props = {
  analysis: HazardAnalysis;
  hazard: Hazard;
  readOnly: boolean;
  /** The assessment after a link or unlink (new version). */
  onChanged: (a: HazardAnalysis) => void;
};

const getId = (row: SubstanceRow) => row.id;

/**
 * The hazardous substances of a hazard (decision 054): each links the substance version current when it
 * was linked (a newer one can be taken over), opens the substance, and can be removed. 'Gefahrstoff
 * zuordnen' picks from the active substances (list protocol). Shown to readers of substances only — the
 * server answers the links the reader may see and counts the others.
 */
export function HazardSubstances({ analysis, hazard, readOnly, onChanged }: Props) {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const mayRead = canAny(COMPOSITE.HAZMAT_READ);
  const [open, setOpen] = useState(false);
  const links = useHazardSubstances(analysis.id, analysis.version, mayRead);
  const link = useLinkHazardSubstance(analysis.id);
  const unlink = useUnlinkHazardSubstance(analysis.id);
  const columns = useMemo<ScrollingListColumn<SubstanceRow>[]>(
    () => [
      {
        id: 'designation',
        header: t('hazardAnalysis.substanceName'),
        minWidth: 200,
        grow: 2,
        render: (r) => r.designation,
      },
      {
        id: 'casNumber',
        header: t('hazardAnalysis.substanceCas'),
        minWidth: 120,
        render: (r) => r.casNumber,
      },
      {
        id: 'versionNumber',
        header: t('hazardAnalysis.substanceVersion'),
        minWidth: 90,
        grow: 0.4,
        render: (r) => r.versionNumber,
      },
    ],
    [t],
  );
  if (!mayRead) return null;
  const mine = (links.data?.rows ?? []).filter((l) => l.hazardId === hazard.id);
  const error = link.error ?? unlink.error;
  const pending = link.isPending || unlink.isPending;
  const send = (kind: 'link' | 'unlink', substanceId: number) => {
    link.reset();
    unlink.reset();
    (kind === 'link' ? link : unlink).mutate(
      { hazardId: hazard.id, substanceId, version: analysis.version },
      { onSuccess: onChanged },
    );
  };

  return (
    <Box
      component="section"
      aria-labelledby={`hazard-substances-${hazard.id}`}
      data-testid="hazard-substances"
    >
      <Typography id={`hazard-substances-${hazard.id}`} variant="subtitle1" component="h3">
        {t('hazardAnalysis.substancesTitle')}
      </Typography>
      {error && <Alert severity="error">{errorMessage(error, t)}</Alert>}
      {mine.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('hazardAnalysis.substancesNone')}
        </Typography>
      ) : (
        <List dense>
          {mine.map((l) => (
            <ListItem
              key={l.substanceId}
              secondaryAction={
                readOnly ? null : (
                  <IconButton
                    edge="end"
                    aria-label={t('hazardAnalysis.substanceRemove', { name: l.designation })}
                    disabled={pending}
                    onClick={() => send('unlink', l.substanceId)}
                  >
                    <DeleteIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/substances/${l.substanceId}`}>
                    {l.designation}
                  </Link>
                }
                secondary={
                  <>
                    {[l.casNumber, t('hazardAnalysis.substanceVersionOf', { number: l.versionNumber })]
                      .filter(Boolean)
                      .join(' · ')}
                    {!l.active && (
                      <Chip
                        component="span"
                        size="small"
                        sx={{ ml: 1 }}
                        label={t('hazardAnalysis.inactive')}
                      />
                    )}
                  </>
                }
              />
              {!readOnly && l.versionNumber !== l.currentVersionNumber && l.active && (
                <Button
                  size="small"
                  disabled={pending}
                  onClick={() => send('link', l.substanceId)}
                  sx={{ mr: 6 }}
                >
                  {t('hazardAnalysis.substanceTakeOver', { number: l.currentVersionNumber })}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
      {(links.data?.hiddenCount ?? 0) > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('hazardAnalysis.substancesHidden', { count: links.data?.hiddenCount ?? 0 })}
        </Typography>
      )}
      {!readOnly && (
        <Box sx={{ mt: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<ScienceIcon />}
            disabled={pending}
            onClick={() => setOpen(true)}
          >
            {t('hazardAnalysis.substanceAdd')}
          </Button>
        </Box>
      )}
      <PickerDialog<SubstanceRow>
        title={t('hazardAnalysis.substancePickerTitle')}
        searchLabel={t('hazardAnalysis.substancePickerSearch')}
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(rows) => {
          setOpen(false);
          const row = rows[0];
          if (row) send('link', row.id);
        }}
        source={SUBSTANCE_PICKER_SOURCE}
        columns={columns}
        getRowId={getId}
        orderBy="designation"
        unavailableReason={(row) =>
          mine.some((l) => l.substanceId === row.id) ? t('hazardAnalysis.substanceLinkedAlready') : null
        }
      />
    </Box>
  );
}
