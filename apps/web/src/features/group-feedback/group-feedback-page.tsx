import DeleteIcon from '@mui/icons-material/Delete';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import {
  GROUP_FEEDBACK_ITEM_TYPES,
  type GroupFeedbackItemType,
  type GroupFeedbackResult,
  NEW_EXTERNAL_REQUIRED,
} from '@schutzwerk/shared/instructions/group-feedback.schema.ts';
import type { TopicRow } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmployeePickerDialog } from '#components/picker-dialog/employee-picker-dialog.tsx';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { DepartmentPickerField, type TreeChoice } from '#components/picker-field/tree-picker-field.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useCreateGroupFeedback, useDepartmentEmployees } from './api/group-feedback.ts';
import { GroupFeedbackHistory } from './history-tab.tsx';

/** The topics' list source (list protocol, /api/topics). */
const TOPIC_SOURCE = 'topics';
type ChosenTopic = { id: number; identifier: string; label: string; type: GroupFeedbackItemType };
type ChosenEmployee = { id: number; name: string; personnelNumber: string };
type External = {
  key: number;
  personnelNumber: string;
  lastName: string;
  firstName: string;
  company: string;
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
let externalKey = 0;
const emptyExternal = (): External => ({
  key: ++externalKey,
  personnelNumber: '',
  lastName: '',
  firstName: '',
  company: '',
});

/** „Erfassen“ needs the group-feedback right; „Verlauf“ reads with it or an evaluation right (decision 079). */
const TABS = [
  { key: 'record', anyOf: [P.TOPICS_GROUP_FEEDBACK] },
  { key: 'history', anyOf: [P.TOPICS_GROUP_FEEDBACK, ...COMPOSITE.TOPICS_EVALUATION] },
] as const;

/**
 * /instructions/group-feedback — tabs „Erfassen“ and „Verlauf“ (the past feedbacks, decision 079). Erfassen: a
 * supervisor confirms an instruction given in person to a group (decision 069):
 * topics (instruction or check-up), the day, the employees (picker, or all of a sub-department in reach), new
 * external persons, a note; the answer is the report of what was confirmed and, per employee and topic, what
 * failed and why.
 */
export function GroupFeedbackPage() {
  const { t } = useTranslation();
  const { canAny } = usePermissions();
  const [params, setParams] = useSearchParams();
  const visible = TABS.filter((tab) => canAny(tab.anyOf));
  const current = visible.find((tab) => tab.key === params.get('tab')) ?? visible[0];
  const [search, setSearch] = useState('');
  useToolbar({
    title: t('groupFeedback.title'),
    ...(current?.key === 'history' ? { search: { value: search, onChange: setSearch } } : {}),
  });
  if (!current) return null;
  return (
    <Stack spacing={2} sx={{ flex: 1, minHeight: 0 }}>
      <Tabs
        value={current.key}
        onChange={(_, key: string) => setParams({ tab: key }, { replace: true })}
        aria-label={t('groupFeedback.title')}
        variant="scrollable"
      >
        {visible.map((tab) => (
          <Tab key={tab.key} value={tab.key} label={t(`groupFeedback.tabs.${tab.key}`)} />
        ))}
      </Tabs>
      {current.key === 'record' ? <GroupFeedbackForm /> : <GroupFeedbackHistory search={search} />}
    </Stack>
  );
}

/** „Erfassen“: the form of decision 069. */
function GroupFeedbackForm() {
  const { t } = useTranslation();
  const send = useCreateGroupFeedback();
  const fromDepartment = useDepartmentEmployees();
  const [topics, setTopics] = useState<ChosenTopic[]>([]);
  const [employees, setEmployees] = useState<ChosenEmployee[]>([]);
  const [externals, setExternals] = useState<External[]>([]);
  const [givenOn, setGivenOn] = useState(today);
  const [note, setNote] = useState('');
  const [department, setDepartment] = useState<TreeChoice | null>(null);
  const [departmentInfo, setDepartmentInfo] = useState<string | null>(null);
  const [topicPicker, setTopicPicker] = useState(false);
  const [employeePicker, setEmployeePicker] = useState(false);
  const [report, setReport] = useState<GroupFeedbackResult | null>(null);
  const errors = fieldErrors(send.error);

  const addEmployees = (rows: ChosenEmployee[]) =>
    setEmployees((list) => {
      const known = new Set(list.map((e) => e.id));
      return [...list, ...rows.filter((r) => !known.has(r.id))];
    });

  const topicColumns = useMemo<ScrollingListColumn<TopicRow>[]>(
    () => [
      {
        id: 'identifier',
        header: t('groupFeedback.identifier'),
        minWidth: 90,
        grow: 0.5,
        render: (r) => r.identifier,
      },
      { id: 'label', header: t('groupFeedback.topic'), minWidth: 200, grow: 2, render: (r) => r.label },
    ],
    [t],
  );

  const addFromDepartment = () => {
    if (!department) return;
    setDepartmentInfo(null);
    fromDepartment.mutate(department.id, {
      onSuccess: (data) => {
        addEmployees(data.rows.map((r) => ({ id: r.id, name: r.name, personnelNumber: r.personnelNumber })));
        setDepartmentInfo(
          t('groupFeedback.addedFromDepartment', { count: data.rows.length, outOfScope: data.outOfScope }),
        );
      },
    });
  };

  const submit = () => {
    setReport(null);
    send.mutate(
      {
        givenOn,
        note,
        items: topics.map((tp) => ({ topicId: tp.id, type: tp.type })),
        employeeIds: employees.map((e) => e.id),
        newExternals: externals.map(({ key: _key, ...person }) => person),
      },
      {
        onSuccess: (result) => {
          setReport(result);
          if (result.feedbackId === null) return;
          // Keep only who failed, so that the form shows what is still to do.
          const failed = new Set(result.errors.map((e) => e.employeeId));
          const failedExternals = new Set(
            result.errors.filter((e) => e.employeeId === null).map((e) => e.personnelNumber),
          );
          setEmployees((list) => list.filter((e) => failed.has(e.id)));
          setExternals((list) => list.filter((x) => failedExternals.has(x.personnelNumber)));
        },
      },
    );
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1100 }}>
      <Paper sx={{ p: 2 }} component="section" aria-labelledby="gf-topics">
        <Typography variant="h6" component="h2" id="gf-topics" gutterBottom>
          {t('groupFeedback.topicsHeading')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 1, alignItems: { sm: 'center' } }}
        >
          <Button startIcon={<PlaylistAddIcon />} onClick={() => setTopicPicker(true)}>
            {t('groupFeedback.chooseTopics')}
          </Button>
          <TextField
            type="date"
            label={t('groupFeedback.givenOn')}
            value={givenOn}
            onChange={(e) => setGivenOn(e.target.value)}
            error={Boolean(errors.givenOn)}
            helperText={errors.givenOn}
            slotProps={{ inputLabel: { shrink: true } }}
            size="small"
          />
        </Stack>
        {topics.length === 0 ? (
          <Typography color="text.secondary">{t('groupFeedback.noTopics')}</Typography>
        ) : (
          <Stack spacing={1} data-testid="gf-topics">
            {topics.map((tp) => (
              <Stack key={tp.id} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ flex: 1 }}>{`${tp.identifier} ${tp.label}`}</Typography>
                <TextField
                  select
                  size="small"
                  label={t('groupFeedback.kind')}
                  value={tp.type}
                  onChange={(e) =>
                    setTopics((list) =>
                      list.map((x) =>
                        x.id === tp.id ? { ...x, type: e.target.value as GroupFeedbackItemType } : x,
                      ),
                    )
                  }
                  sx={{ minWidth: 220 }}
                  slotProps={{
                    select: { inputProps: { 'aria-label': t('groupFeedback.kindOf', { name: tp.label }) } },
                  }}
                >
                  {GROUP_FEEDBACK_ITEM_TYPES.map((option) => (
                    <MenuItem key={option} value={option}>
                      {t(`groupFeedback.kinds.${option}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={t('groupFeedback.removeTopic', { name: tp.label })}
                  onClick={() => setTopics((list) => list.filter((x) => x.id !== tp.id))}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            ))}
          </Stack>
        )}
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-labelledby="gf-employees">
        <Typography variant="h6" component="h2" id="gf-employees" gutterBottom>
          {t('groupFeedback.employeesHeading')}
        </Typography>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 1, alignItems: { md: 'flex-start' } }}
        >
          <Button startIcon={<PersonAddIcon />} onClick={() => setEmployeePicker(true)}>
            {t('groupFeedback.chooseEmployees')}
          </Button>
          <Box sx={{ flex: 1, minWidth: 240 }}>
            <DepartmentPickerField
              label={t('groupFeedback.department')}
              value={department}
              onChange={(v) => {
                setDepartment(v);
                fromDepartment.reset();
                setDepartmentInfo(null);
              }}
              error={Boolean(fromDepartment.error)}
              helperText={
                fromDepartment.error
                  ? errorMessage(fromDepartment.error, t)
                  : t('groupFeedback.departmentHint')
              }
            />
          </Box>
          <Button
            startIcon={<GroupAddIcon />}
            onClick={addFromDepartment}
            disabled={!department || fromDepartment.isPending}
          >
            {t('groupFeedback.addFromDepartment')}
          </Button>
        </Stack>
        {departmentInfo && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {departmentInfo}
          </Alert>
        )}
        {employees.length === 0 ? (
          <Typography color="text.secondary">{t('groupFeedback.noEmployees')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('groupFeedback.employeesHeading')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('groupFeedback.name')}</TableCell>
                  <TableCell>{t('groupFeedback.personnelNumber')}</TableCell>
                  <TableCell align="right">{t('groupFeedback.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {employees.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>{e.name}</TableCell>
                    <TableCell>{e.personnelNumber}</TableCell>
                    <TableCell align="right">
                      <IconButton
                        size="small"
                        aria-label={t('groupFeedback.removeEmployee', { name: e.name })}
                        onClick={() => setEmployees((list) => list.filter((x) => x.id !== e.id))}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('groupFeedback.employeeCount', { count: employees.length })}
        </Typography>
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-labelledby="gf-externals">
        <Typography variant="h6" component="h2" id="gf-externals" gutterBottom>
          {t('groupFeedback.externalsHeading')}
        </Typography>
        <Stack spacing={2}>
          {externals.map((x, index) => (
            <Stack
              key={x.key}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              sx={{ alignItems: { md: 'flex-start' } }}
              role="group"
              aria-label={t('groupFeedback.externalN', { n: index + 1 })}
            >
              {NEW_EXTERNAL_REQUIRED.map((field) => (
                <TextField
                  key={field}
                  size="small"
                  required
                  label={t(`groupFeedback.externalFields.${field}`)}
                  value={x[field]}
                  onChange={(e) =>
                    setExternals((list) =>
                      list.map((y) => (y.key === x.key ? { ...y, [field]: e.target.value } : y)),
                    )
                  }
                  error={Boolean(errors[`newExternals.${index}.${field}`])}
                  helperText={errors[`newExternals.${index}.${field}`]}
                  sx={{ flex: 1 }}
                />
              ))}
              <IconButton
                aria-label={t('groupFeedback.removeExternal', { n: index + 1 })}
                onClick={() => setExternals((list) => list.filter((y) => y.key !== x.key))}
              >
                <DeleteIcon />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button
              startIcon={<PersonAddIcon />}
              onClick={() => setExternals((list) => [...list, emptyExternal()])}
            >
              {t('groupFeedback.addExternal')}
            </Button>
          </Box>
        </Stack>
      </Paper>

      <Paper sx={{ p: 2 }}>
        <TextField
          label={t('groupFeedback.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={Boolean(errors.note)}
          helperText={errors.note}
        />
        {send.error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessage(send.error, t)}
          </Alert>
        )}
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={submit} disabled={send.isPending}>
            {t('groupFeedback.submit')}
          </Button>
        </Box>
      </Paper>

      {report && <GroupFeedbackReport report={report} />}

      <PickerDialog<TopicRow>
        open={topicPicker}
        onClose={() => setTopicPicker(false)}
        title={t('groupFeedback.chooseTopics')}
        source={TOPIC_SOURCE}
        columns={topicColumns}
        getRowId={(row) => row.id}
        multiple
        value={topics.map((tp) => tp.id)}
        unavailableReason={(row) =>
          row.inactive
            ? t('groupFeedback.topicInactive')
            : row.parentLabel
              ? t('groupFeedback.topicChained')
              : null
        }
        onSelect={(rows) =>
          setTopics((list) =>
            rows.map((r) => ({
              id: r.id,
              identifier: r.identifier,
              label: r.label,
              type: list.find((x) => x.id === r.id)?.type ?? 'instruction',
            })),
          )
        }
      />
      <EmployeePickerDialog
        open={employeePicker}
        multiple
        value={[]}
        onClose={() => setEmployeePicker(false)}
        onSelect={(rows: EmployeePickerRow[]) =>
          addEmployees(
            rows.map((r) => ({
              id: r.id,
              name: `${r.lastName}, ${r.firstName}`,
              personnelNumber: r.personnelNumber,
            })),
          )
        }
      />
    </Stack>
  );
}

/** The answer: how many items were confirmed, and the error report per employee and topic. */
function GroupFeedbackReport({ report }: { report: GroupFeedbackResult }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="gf-report">
      <Typography variant="h6" component="h2" id="gf-report" gutterBottom>
        {t('groupFeedback.reportHeading')}
      </Typography>
      <Alert severity={report.confirmed > 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
        {report.confirmed > 0
          ? t('groupFeedback.confirmed', { count: report.confirmed, created: report.createdEmployees })
          : t('groupFeedback.nothingConfirmed')}
      </Alert>
      {report.errors.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('groupFeedback.errorReport')}>
            <caption>{t('groupFeedback.errorReportCaption', { count: report.errors.length })}</caption>
            <TableHead>
              <TableRow>
                <TableCell>{t('groupFeedback.name')}</TableCell>
                <TableCell>{t('groupFeedback.personnelNumber')}</TableCell>
                <TableCell>{t('groupFeedback.topic')}</TableCell>
                <TableCell>{t('groupFeedback.reason')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.errors.map((e) => (
                <TableRow
                  key={`${e.employeeId ?? `new-${e.personnelNumber}-${e.employeeName}`}-${e.topicId ?? 'all'}-${e.code}`}
                >
                  <TableCell>
                    {e.employeeName || t('groupFeedback.unknownEmployee', { id: e.employeeId })}
                  </TableCell>
                  <TableCell>{e.personnelNumber}</TableCell>
                  <TableCell>{e.topicLabel ?? t('groupFeedback.allTopics')}</TableCell>
                  <TableCell>{e.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
