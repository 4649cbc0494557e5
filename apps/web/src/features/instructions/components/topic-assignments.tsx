import DeleteIcon from '@mui/icons-material/Delete';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import HistoryIcon from '@mui/icons-material/History';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ASSIGNMENT_STATUS_LABELS,
  type AssignmentRow,
} from '@schutzwerk/shared/instructions/assignments.schema.ts';
import type { Topic } from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ScrollingList, type ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { fieldErrors } from '#i18n/i18n.ts';
import { formatDate, formatNumber } from '#lib/format.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useRearrangeAssignment } from '../api/rearrange-assignment.ts';
import { ASSIGNMENT_LIST_SOURCE } from '../api/topic-keys.ts';
import { AssignDialog } from './assign-dialog.tsx';
import { RemoveAssignmentDialog } from './remove-assignment-dialog.tsx';
import { TopicRemovals } from './topic-removals.tsx';

/** The topic's assignments: who has it, due when, in which status; assigning and deleting open ones. */
export function TopicAssignments({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const canAssign = canAny([P.TOPICS_ASSIGN]);
  const canRearrange = canAny([P.TOPICS_RESET]);
  const [rearranging, setRearranging] = useState<AssignmentRow | null>(null);
  const [newDue, setNewDue] = useState('');
  const rearrange = useRearrangeAssignment();
  const [count, setCount] = useState<number | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const [assignOpen, setAssignOpen] = useState(false);
  const [removing, setRemoving] = useState<AssignmentRow | null>(null);
  const [showRemovals, setShowRemovals] = useState(false);
  const params = useMemo(() => ({ topicId: topic.id }), [topic.id]);

  const columns = useMemo<ScrollingListColumn<AssignmentRow>[]>(
    () => [
      {
        id: 'employee',
        header: t('instructions.employee'),
        sortKey: 'employee',
        minWidth: 200,
        grow: 2,
        render: (r) => `${r.employeeName} (${r.personnelNumber})`,
      },
      {
        id: 'dueDate',
        header: t('instructions.due'),
        sortKey: 'dueDate',
        minWidth: 100,
        grow: 0.6,
        render: (r) => formatDate(r.dueDate),
      },
      {
        id: 'status',
        header: t('instructions.status'),
        sortKey: 'status',
        minWidth: 120,
        grow: 0.8,
        render: (r) => ASSIGNMENT_STATUS_LABELS[r.status],
      },
      {
        id: 'oneTime',
        header: t('instructions.oneTime'),
        minWidth: 90,
        grow: 0.5,
        render: (r) => (r.oneTime ? t('instructions.yes') : ''),
      },
      {
        id: 'actions',
        header: '',
        headerLabel: t('instructions.deleteAssignment'),
        minWidth: 96,
        grow: 0,
        align: 'right',
        compact: 'trailing',
        render: (row, _index, cell) => (
          <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
            {canRearrange && row.status !== 'E' && (
              <Tooltip title={t('instructions.rearrange')} describeChild>
                <IconButton
                  size="small"
                  tabIndex={cell.tabbable ? 0 : -1}
                  aria-label={`${t('instructions.rearrange')}: ${row.employeeName}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    rearrange.reset();
                    setNewDue(row.dueDate);
                    setRearranging(row);
                  }}
                >
                  <EventRepeatIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {canAssign && row.status === 'O' && (
              <Tooltip title={t('instructions.deleteAssignment')} describeChild>
                <IconButton
                  size="small"
                  tabIndex={cell.tabbable ? 0 : -1}
                  aria-label={`${t('instructions.deleteAssignment')}: ${row.employeeName}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    setRemoving(row);
                  }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    [t, canAssign, canRearrange, rearrange],
  );

  return (
    <Paper sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="topic-assignments">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('instructions.assignments')}
          {count !== null ? ` (${formatNumber(count)})` : ''}
        </Typography>
        {canAssign && (
          <Button startIcon={<PersonAddIcon />} onClick={() => setAssignOpen(true)} disabled={topic.inactive}>
            {t('instructions.assignEmployees')}
          </Button>
        )}
      </Box>
      <ScrollingList<AssignmentRow>
        source={ASSIGNMENT_LIST_SOURCE}
        params={params}
        label={t('instructions.assignments')}
        columns={columns}
        orderBy="employee"
        onTotalChange={setCount}
        reloadKey={reloadKey}
        emptyText={t('instructions.noAssignments')}
        sx={{ minHeight: 240, maxHeight: 420 }}
      />
      <AssignDialog
        open={assignOpen}
        topic={topic}
        onClose={() => setAssignOpen(false)}
        onAssigned={(result) => {
          setAssignOpen(false);
          setReloadKey((k) => k + 1);
          notify(
            result.skipped > 0
              ? `${t('instructions.assigned', { count: result.created })} ${t('instructions.assignedSkipped', { count: result.skipped })}`
              : t('instructions.assigned', { count: result.created }),
          );
        }}
      />
      <ConfirmDialog
        open={rearranging !== null}
        destructive={false}
        title={t('instructions.rearrangeTitle')}
        text={
          <>
            {t('instructions.rearrangeText', { name: rearranging?.employeeName ?? '' })}
            <TextField
              type="date"
              label={t('instructions.newDueDate')}
              value={newDue}
              onChange={(e) => setNewDue(e.target.value)}
              error={Boolean(fieldErrors(rearrange.error).dueDate)}
              helperText={fieldErrors(rearrange.error).dueDate}
              slotProps={{ inputLabel: { shrink: true } }}
              fullWidth
              margin="normal"
            />
          </>
        }
        confirmLabel={t('instructions.rearrange')}
        error={Object.keys(fieldErrors(rearrange.error)).length === 0 ? rearrange.error : null}
        pending={rearrange.isPending}
        onClose={() => setRearranging(null)}
        onConfirm={() =>
          rearranging &&
          rearrange.mutate(
            { id: rearranging.id, input: { version: rearranging.version, dueDate: newDue } },
            {
              onSuccess: () => {
                setRearranging(null);
                setReloadKey((k) => k + 1);
                notify(t('instructions.rearranged'));
              },
            },
          )
        }
      />
      {removing && (
        <RemoveAssignmentDialog
          row={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            setReloadKey((k) => k + 1);
            notify(t('instructions.removal.removed'));
          }}
        />
      )}
      <Box>
        <Button
          size="small"
          startIcon={<HistoryIcon />}
          aria-expanded={showRemovals}
          onClick={() => setShowRemovals((v) => !v)}
        >
          {showRemovals ? t('instructions.removal.hideHistory') : t('instructions.removal.showHistory')}
        </Button>
      </Box>
      {showRemovals && <TopicRemovals topicId={topic.id} reloadKey={reloadKey} />}
    </Paper>
  );
}
