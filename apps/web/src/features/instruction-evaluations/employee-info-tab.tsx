import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type { EvaluationFigures } from '@schutzwerk/shared/instructions/evaluations.schema.ts';
import type { EmployeeInfo } from '@schutzwerk/shared/instructions/evaluations-tabs.schema.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import type { EvaluationFilter } from './api.ts';
import { downloadEmployee, useEmployeeInfo } from './api-tabs.ts';
import { percent, TabSection } from './tabs-common.tsx';

/**
 * Tab „Mitarbeiterinfo“ (decision 076): one employee chosen with the employee picker → the header (units,
 * external/inactive, profiles), key figures and every instruction item of every year. The server refuses
 * employees out of the viewer's reach, externals and inactive employees without their rights.
 */
export function EmployeeInfoTab({ filter, reloadKey }: { filter: EvaluationFilter; reloadKey: number }) {
  const { t } = useTranslation();
  const [employee, setEmployee] = useState<EmployeePickerRow | null>(null);
  const info = useEmployeeInfo(employee?.id ?? null, filter.year, reloadKey);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 480 }}>
        <EmployeePickerField
          label={t('instructionEvaluations.details.chooseEmployee')}
          value={employee}
          onChange={setEmployee}
          includeInactive={filter.includeInactive}
          helperText={employee ? undefined : t('instructionEvaluations.details.chooseEmployeeHint')}
        />
      </Paper>
      {info.error && (
        <Alert severity="error" role="alert" data-testid="evaluation-employee-error">
          {errorMessage(info.error, t)}
        </Alert>
      )}
      {employee && info.isPending && !info.error && (
        <CircularProgress aria-label={t('instructionEvaluations.loading')} />
      )}
      {employee && info.data && !info.error && <EmployeeDetails info={info.data} />}
    </Box>
  );
}

function EmployeeDetails({ info }: { info: EmployeeInfo }) {
  const { t } = useTranslation();
  const d = (key: string, options: Record<string, unknown> = {}) =>
    t(`instructionEvaluations.details.${key}`, options);
  const e = info.employee;
  const title = d('itemsOf', { name: e.name });
  const lines: [string, (x: EvaluationFigures) => string][] = [
    [d('itemCount'), (x) => formatNumber(x.due)],
    [t('instructionEvaluations.done'), (x) => formatNumber(x.done)],
    [t('instructionEvaluations.openShort'), (x) => formatNumber(x.open)],
    [t('instructionEvaluations.overdue'), (x) => formatNumber(x.overdue)],
    [t('instructionEvaluations.rate'), (x) => percent(x.rate)],
  ];
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="evaluation-employee">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {e.name}
          </Typography>
          {e.isExternal && <Chip size="small" label={d('external')} />}
          {!e.active && <Chip size="small" label={d('inactiveEmployee')} />}
        </Box>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {(
            [
              [d('personnelNumber'), e.personnelNumber],
              [d('department'), e.departmentName ?? '–'],
              [d('location'), e.locationName ?? '–'],
              [d('profiles'), info.profiles.length > 0 ? info.profiles.join(', ') : d('noProfiles')],
            ] as const
          ).map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Table
          size="small"
          aria-label={d('figures')}
          data-testid="evaluation-employee-figures"
          sx={{ maxWidth: 520 }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('instructionEvaluations.figure')}</TableCell>
              <TableCell align="right">{d('allYears')}</TableCell>
              <TableCell align="right">{d('dueIn', { year: info.year })}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell align="right">{value(info.allYears)}</TableCell>
                <TableCell align="right">{value(info.yearFigures)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
      <TabSection
        title={title}
        testId="evaluation-employee-items"
        fallbackName={`Unterweisungen-${e.personnelNumber}`}
        download={(format) => downloadEmployee(e.id, info.year, format)}
      >
        {info.items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {d('noItems')}
          </Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{d('topic')}</TableCell>
                  <TableCell>{d('type')}</TableCell>
                  <TableCell>{d('dueDate')}</TableCell>
                  <TableCell>{d('validUntil')}</TableCell>
                  <TableCell>{d('status')}</TableCell>
                  <TableCell>{d('state')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {info.items.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell component="th" scope="row">
                      {i.topicLabel}
                    </TableCell>
                    <TableCell>{d(`types.${i.type}`)}</TableCell>
                    <TableCell>{formatDate(i.dueDate)}</TableCell>
                    <TableCell>{i.validUntil ? formatDate(i.validUntil) : ''}</TableCell>
                    <TableCell>{d(`statuses.${i.status}`)}</TableCell>
                    <TableCell>
                      {i.overdue ? (
                        <Chip size="small" color="error" label={d('overdueChip')} />
                      ) : i.done ? (
                        <Chip size="small" color="success" label={d('doneChip')} />
                      ) : (
                        ''
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </TabSection>
    </>
  );
}
