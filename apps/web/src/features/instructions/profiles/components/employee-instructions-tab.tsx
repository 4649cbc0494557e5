import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSIGNMENT_STATUS_LABELS,
  type AssignmentRow,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import { PROFILE_SOURCE_LABELS } from '@schutzwerk/shared/instructions/profiles.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCount } from '#components/scrolling-list/list-count.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate } from '#lib/format.ts';
import { useEmployeeInstructions } from '../api/employee-instructions.ts';
import { employeeAssignmentsSource } from '../api/profile-keys.ts';

/**
 * The employee record's tab „Profile“: the instruction profiles that apply to the employee (and through which
 * activity, role, location or department) and all their instruction items with status (decision 040).
 */
export function EmployeeInstructionsTab({ employeeId }: { employeeId: number }) {
  const { t } = useTranslation();
  const summary = useEmployeeInstructions(employeeId);
  const [count, setCount] = useState<number | null>(null);
  const columns = useMemo<ScrollingListColumn<AssignmentRow>[]>(
    () => [
      {
        id: 'topic',
        header: t('instructionProfiles.topic'),
        sortKey: 'topic',
        minWidth: 220,
        grow: 2,
        render: (r) => `${r.topicIdentifier} ${r.topicLabel}`,
      },
      {
        id: 'dueDate',
        header: t('instructionProfiles.due'),
        sortKey: 'dueDate',
        minWidth: 100,
        grow: 0.6,
        render: (r) => formatDate(r.dueDate),
      },
      {
        id: 'validUntil',
        header: t('instructionProfiles.validUntil'),
        minWidth: 100,
        grow: 0.6,
        render: (r) => (r.validUntil ? formatDate(r.validUntil) : ''),
      },
      {
        id: 'status',
        header: t('instructionProfiles.status'),
        sortKey: 'status',
        minWidth: 130,
        grow: 0.8,
        render: (r) => ASSIGNMENT_STATUS_LABELS[r.status],
      },
    ],
    [t],
  );
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h3">
        {t('instructionProfiles.employeeProfiles')}
      </Typography>
      {summary.error ? <Alert severity="error">{errorMessage(summary.error, t)}</Alert> : null}
      <Box
        component="ul"
        aria-label={t('instructionProfiles.employeeProfiles')}
        data-testid="employee-profiles"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
      >
        {summary.data && summary.data.profiles.length === 0 ? (
          <Typography component="li" color="text.secondary">
            {t('instructionProfiles.noEmployeeProfiles')}
          </Typography>
        ) : null}
        {summary.data?.profiles.map((p) => (
          <li key={`${p.profileId}:${p.kind}:${p.sourceName}`}>
            <Chip label={`${p.label} – ${PROFILE_SOURCE_LABELS[p.kind]}: ${p.sourceName}`} />
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          {t('instructionProfiles.employeeAssignments')}
        </Typography>
        <ListCount count={count} />
      </Stack>
      <ScrollingList<AssignmentRow>
        source={employeeAssignmentsSource(employeeId)}
        label={t('instructionProfiles.employeeAssignments')}
        columns={columns}
        orderBy="dueDate"
        onTotalChange={setCount}
        emptyText={t('instructionProfiles.noAssignments')}
        sx={{ minHeight: 240, maxHeight: 420 }}
      />
    </Stack>
  );
}
