import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Hazard, HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HazardBrickActionPickerDialog } from '#features/hazard-bricks/index.ts';
import { errorMessage } from '#i18n/i18n.ts';
import { useAdoptBrickActions } from '../api/adopt-brick-actions.ts';

type Props = {
  analysis: HazardAnalysis;
  hazard: Hazard & { brickId: number };
  /** The assessment after the adoption (new version, action counts): the actions list reloads. */
  onAdopted: (a: HazardAnalysis, count: number) => void;
};

/**
 * 'Maßnahmen aus Baustein übernehmen' (decision 021, "Actions from bricks"): offers the measures of the
 * hazard's brick in the picker (several at once); the chosen ones become open actions of the hazard. The
 * server refuses measures adopted before and answers in German.
 */
export function AdoptBrickActions({ analysis, hazard, onAdopted }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const adopt = useAdoptBrickActions(analysis.id);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PlaylistAddIcon />}
          onClick={() => {
            adopt.reset();
            setOpen(true);
          }}
          disabled={adopt.isPending}
        >
          {t('hazardAnalysis.adoptBrickActions')}
        </Button>
      </Box>
      {adopt.error && <Alert severity="error">{errorMessage(adopt.error, t)}</Alert>}
      <HazardBrickActionPickerDialog
        open={open}
        onClose={() => setOpen(false)}
        brickId={hazard.brickId}
        multiple
        title={t('hazardAnalysis.adoptBrickActions')}
        applyLabel={t('hazardAnalysis.adoptBrickActionsApply')}
        onSelect={(rows) => {
          setOpen(false);
          if (rows.length === 0) return;
          adopt.mutate(
            { hazardId: hazard.id, version: analysis.version, brickActionIds: rows.map((r) => r.id) },
            { onSuccess: (a) => onAdopted(a, rows.length) },
          );
        }}
      />
    </Box>
  );
}
