import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '#lib/format.ts';
import { useEmployeeInstructions } from '../api/employee-instructions.ts';

/**
 * In the dialog that sets an employee inactive: how many open instructions the save removes (decision 040; the
 * server removes them in the same transaction). Nothing while loading or when there are none.
 */
export function OpenInstructionsWarning({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const summary = useEmployeeInstructions(employeeId);
  const count = summary.data?.openCount ?? 0;
  if (count === 0) return null;
  return (
    <Alert severity="warning" data-testid="open-instructions-warning">
      {t('instructionProfiles.deactivateWarning', { count, n: formatNumber(count) })}
    </Alert>
  );
}
