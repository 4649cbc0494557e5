import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NohlCriteria, NohlRating } from '@schutzwerk/shared/hazard-analysis/nohl.ts';
import { NohlMatrixGrid } from '#components/nohl-matrix/nohl-matrix-grid.tsx';
import { NohlRiskChip } from '#components/nohl-matrix/nohl-risk-chip.tsx';
import { useNohlCriteria } from '#components/nohl-matrix/use-nohl-criteria.ts';

/** Score and band of a rating under the criteria in force (frozen versions pass their own criteria). */
export function RiskChip({ rating, criteria }: { rating: NohlRating | null; criteria?: NohlCriteria }) {
  const live = useNohlCriteria();
  const used = criteria ?? live.data?.criteria;
  if (!used) return null;
  return <NohlRiskChip criteria={used} rating={rating} />;
}

/** One rating (before or after actions) in the clickable NOHL grid, with its chip. */
export function RatingField({
  label,
  value,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: NohlRating | null;
  onChange: (value: NohlRating | null) => void;
  disabled?: boolean;
  testId: string;
}) {
  const criteria = useNohlCriteria().data?.criteria;
  return (
    <Stack spacing={1} data-testid={testId} sx={{ flex: 1, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {label}
        </Typography>
        <RiskChip rating={value} />
      </Stack>
      {criteria && (
        <NohlMatrixGrid
          label={label}
          value={value}
          onChange={onChange}
          criteria={criteria}
          disabled={disabled ?? false}
        />
      )}
    </Stack>
  );
}
