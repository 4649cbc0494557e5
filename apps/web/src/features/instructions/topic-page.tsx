import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type Question,
  TOPIC_DURATION_DAYS,
  TOPIC_INTERVALS,
  type Topic,
} from '@schutzwerk/shared/instructions/instructions.schema.ts';
import { formatDays, intervalOptionLabel } from '@schutzwerk/shared/instructions/interval-format.ts';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { useDismissNotification, useNotify } from '#components/notifications/notifications.tsx';
import { DepartmentPickerField } from '#components/picker-field/tree-picker-field.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { AttachedDocuments } from '#features/documents/index.ts';
import { TopicScorm } from '#features/scorm/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { usePermissions } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { useDeleteQuestion } from './api/delete-question.ts';
import { useDeleteTopic } from './api/delete-topic.ts';
import { useIntervalUnit } from './api/get-instruction-display.ts';
import { topicQueryOptions, useTopic } from './api/get-topic.ts';
import { useSetTopicStatus } from './api/set-topic-status.ts';
import { useUpdateTopic } from './api/update-topic.ts';
import { QuestionDialog } from './components/question-dialog.tsx';
import { TopicAssignments } from './components/topic-assignments.tsx';
import { TopicPickerField } from './components/topic-picker-field.tsx';
import { TopicPresentation } from './components/topic-presentation.tsx';
import {
  isTopicDraftDirty,
  mandatoryCount,
  type TopicDraft,
  topicDraftOf,
  topicUpdateOf,
} from './topic-draft.ts';

/** /instructions/edit/:id — one topic with its questions. */
export function TopicPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useTopic(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('instructions.editTitle')}
      back="/instructions/list"
      notFoundHint={t('instructions.notFound')}
      backLabel={t('instructions.backToList')}
    >
      {(topic, key) => <TopicEditor key={key} topic={topic} />}
    </RecordPageLoader>
  );
}

type QuestionEdit = { question: Question | null } | null;

function TopicEditor({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  const intervalUnit = useIntervalUnit();
  const navigate = useNavigate();
  const notify = useNotify();
  const dismissNotification = useDismissNotification();
  const queryClient = useQueryClient();
  const { canAny } = usePermissions();
  const update = useUpdateTopic(topic.id);
  const remove = useDeleteTopic(topic.id);
  const status = useSetTopicStatus(topic.id);
  const removeQuestion = useDeleteQuestion(topic.id);
  const record = useVersionedDraft({
    record: topic,
    draftOf: topicDraftOf,
    isDirty: isTopicDraftDirty,
    fetchLatest: () => queryClient.fetchQuery({ ...topicQueryOptions(topic.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const [editing, setEditing] = useState<QuestionEdit>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const leaving = useRef(false);

  const canEdit = canAny([P.TOPICS_EDIT]);
  const canRate = canAny([P.TOPICS_EFFECTIVENESS]);
  const canQuestions = canAny([P.TOPICS_QUESTIONS]);
  const canRelease = canAny([P.TOPICS_RELEASE]);
  const errors = fieldErrors(update.error);
  const poolOffer = isApiError(update.error) && update.error.code === 'TOPIC_POOL_BELOW_MANDATORY';
  const mandatory = mandatoryCount(base.questions);
  const name = `${base.identifier} ${base.label}`;

  const save = (override?: Partial<TopicDraft>) => {
    if (update.isPending) return;
    dismissNotification();
    const next = { ...draft, ...override };
    if (override) set(override);
    update.mutate(
      topicUpdateOf(next, base.version),
      record.onSave(() => notify(t('instructions.saved'))),
    );
  };

  useToolbar({
    title: t('instructions.editTitle'),
    back: '/instructions/list',
    onSave: canEdit || canRate ? () => save() : undefined,
    saveDisabled: !dirty || update.isPending,
  });
  const unsavedDialog = useUnsavedChangesGuard(dirty, leaving);
  const saveError =
    update.error && !conflict && !poolOffer && Object.keys(errors).length === 0
      ? errorMessage(update.error, t)
      : null;
  /** A newer topic from a question or status change: the user's edits stay on top of it. */
  const adoptTopic = (fresh: Topic) => record.rebaseOn(fresh);
  const field = (key: keyof TopicDraft) => ({
    error: Boolean(errors[key === 'department' ? 'departmentId' : key === 'parent' ? 'parentId' : key]),
    helperText: errors[key === 'department' ? 'departmentId' : key === 'parent' ? 'parentId' : key],
  });

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      {conflict && (
        <ConflictAlert
          message={t('instructions.conflict')}
          onReload={async () => {
            await record.reloadLatest();
            update.reset();
          }}
          reloading={record.reloading}
          announce
        />
      )}
      {saveError && (
        <Alert severity="error" role="alert">
          {saveError}
        </Alert>
      )}
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('instructions.masterData')}
          </Typography>
          <Chip
            data-testid="topic-status"
            color={base.released ? 'success' : 'default'}
            label={`${t('instructions.status')}: ${base.released ? t('instructions.released') : t('instructions.locked')}`}
          />
          {canRelease && (
            <Button
              startIcon={base.released ? <LockIcon /> : <LockOpenIcon />}
              onClick={() => {
                status.reset();
                setStatusOpen(true);
              }}
            >
              {base.released ? t('instructions.lock') : t('instructions.release')}
            </Button>
          )}
          {canAny([P.TOPICS_DELETE]) && (
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => setDeleteOpen(true)}>
              {t('instructions.delete')}
            </Button>
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, gap: 2 }}>
          <TextField
            required
            label={t('instructions.identifier')}
            value={draft.identifier}
            onChange={(e) => set({ identifier: e.target.value })}
            disabled={!canEdit}
            {...field('identifier')}
          />
          <TextField
            label={t('instructions.number')}
            value={draft.number}
            onChange={(e) => set({ number: e.target.value })}
            disabled={!canEdit}
            {...field('number')}
          />
          <DepartmentPickerField
            value={draft.department}
            onChange={(department) => set({ department })}
            disabled={!canEdit}
            label={t('instructions.department')}
            {...field('department')}
          />
          <TextField
            required
            label={t('instructions.label')}
            value={draft.label}
            onChange={(e) => set({ label: e.target.value })}
            disabled={!canEdit}
            sx={{ gridColumn: { md: '1 / -1' } }}
            {...field('label')}
          />
          {(['dueDate', 'validFrom', 'validUntil'] as const).map((key) => (
            <TextField
              key={key}
              type="date"
              label={t(`instructions.${key}`)}
              value={draft[key]}
              onChange={(e) => set({ [key]: e.target.value })}
              disabled={!canEdit}
              slotProps={{ inputLabel: { shrink: true } }}
              {...field(key)}
            />
          ))}
          <TextField
            select
            label={t('instructions.interval')}
            value={draft.interval}
            onChange={(e) =>
              set(
                e.target.value === 'custom' && draft.interval !== 'custom'
                  ? {
                      interval: 'custom',
                      // A new custom interval is typed in the portal's unit (automatic: days).
                      customUnit: intervalUnit === 'auto' ? 'days' : intervalUnit,
                    }
                  : { interval: e.target.value },
              )
            }
            disabled={!canEdit}
            error={Boolean(errors.intervalDays) && draft.interval !== 'custom'}
            helperText={
              draft.interval !== 'custom' ? (errors.intervalDays ?? t('instructions.intervalHint')) : ' '
            }
          >
            {TOPIC_INTERVALS.map((option) => (
              <MenuItem key={option.days} value={String(option.days)}>
                {intervalOptionLabel(option.days, intervalUnit)}
              </MenuItem>
            ))}
            <MenuItem value="custom">{t('instructions.intervalCustom')}</MenuItem>
          </TextField>
          {draft.interval === 'custom' && (
            <Stack direction="row" spacing={1}>
              <TextField
                type="number"
                label={t('instructions.customValue')}
                value={draft.customValue}
                onChange={(e) => set({ customValue: e.target.value })}
                disabled={!canEdit}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
                error={Boolean(errors.intervalDays)}
                helperText={errors.intervalDays ?? t('instructions.customHint')}
                sx={{ flex: 1, minWidth: 110 }}
              />
              <TextField
                select
                label={t('instructions.customUnit')}
                value={draft.customUnit}
                onChange={(e) => set({ customUnit: e.target.value as TopicDraft['customUnit'] })}
                disabled={!canEdit}
                sx={{ width: 130, flexShrink: 0 }}
              >
                <MenuItem value="days">{t('instructions.unitDays')}</MenuItem>
                <MenuItem value="months">{t('instructions.unitMonths')}</MenuItem>
                <MenuItem value="years">{t('instructions.unitYears')}</MenuItem>
              </TextField>
            </Stack>
          )}
          <TextField
            select
            label={t('instructions.durationDays')}
            value={draft.durationDays}
            onChange={(e) => set({ durationDays: e.target.value })}
            disabled={!canEdit}
            {...field('durationDays')}
          >
            <MenuItem value="">{t('instructions.durationNone')}</MenuItem>
            {TOPIC_DURATION_DAYS.map((days) => (
              <MenuItem key={days} value={String(days)}>
                {formatDays(days, intervalUnit)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('instructions.mode')}
            value={draft.mode}
            onChange={(e) => set({ mode: Number(e.target.value) === 3 ? 3 : 1 })}
            disabled={!canEdit}
            {...field('mode')}
          >
            <MenuItem value={1}>{t('instructions.mode1')}</MenuItem>
            <MenuItem value={3}>{t('instructions.mode3')}</MenuItem>
          </TextField>
          {draft.mode === 3 && (
            <TextField
              type="number"
              required
              label={t('instructions.minScore')}
              value={draft.minScore}
              onChange={(e) => set({ minScore: e.target.value })}
              disabled={!canEdit}
              slotProps={{ htmlInput: { min: 1 } }}
              {...field('minScore')}
            />
          )}
          <TextField
            type="number"
            label={t('instructions.poolCount')}
            value={draft.poolCount}
            onChange={(e) => set({ poolCount: e.target.value })}
            disabled={!canEdit}
            slotProps={{ htmlInput: { min: 1 } }}
            error={Boolean(errors.poolCount)}
            helperText={errors.poolCount ?? t('instructions.poolHint')}
          />
          <TextField
            type="number"
            label={t('instructions.minutes')}
            value={draft.minutes}
            onChange={(e) => set({ minutes: e.target.value })}
            disabled={!canEdit}
            slotProps={{ htmlInput: { min: 1, max: 600 } }}
            {...field('minutes')}
          />
          <TextField
            select
            label={t('instructions.effectiveness')}
            value={draft.effectiveness}
            onChange={(e) => set({ effectiveness: Number(e.target.value) as 0 | 1 | 2 })}
            disabled={!canRate}
            {...field('effectiveness')}
          >
            {[0, 1, 2].map((v) => (
              <MenuItem key={v} value={v}>
                {t(`instructions.effectiveness${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <TopicPickerField
            value={draft.parent}
            onChange={(parent) => set({ parent })}
            selfId={base.id}
            disabled={!canEdit}
            {...field('parent')}
          />
          <TextField
            label={t('instructions.child')}
            value={base.child ? `${base.child.identifier} ${base.child.label}` : t('instructions.noChild')}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Box>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Switch
              checked={draft.inactive}
              onChange={(e) => set({ inactive: e.target.checked })}
              disabled={!canEdit}
            />
          }
          label={t('instructions.inactive')}
        />
      </Paper>

      <Paper sx={{ p: 2 }}>
        <TopicPresentation topic={base} canEdit={canEdit} onChanged={adoptTopic} />
      </Paper>

      <Paper sx={{ p: 2 }}>
        <TopicScorm topicId={base.id} questionCount={base.questions.length} canEdit={canEdit} />
      </Paper>

      <Paper sx={{ p: 2 }} data-testid="topic-questions">
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('instructions.questions')} ({base.questions.length})
          </Typography>
          {canQuestions && (
            <Button startIcon={<AddIcon />} onClick={() => setEditing({ question: null })}>
              {t('instructions.addQuestion')}
            </Button>
          )}
        </Stack>
        {base.questions.length === 0 && (
          <Typography color="text.secondary">{t('instructions.noQuestions')}</Typography>
        )}
        <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {base.questions.map((q) => (
            <Box
              component="li"
              key={q.id}
              data-testid="topic-question"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {q.number}. {q.text}
                  </Typography>
                  <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 3 }}>
                    {q.answers.map((a, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: answers are positional
                      <li key={i}>
                        <Typography variant="body2" sx={{ fontWeight: a.right ? 600 : 400 }}>
                          {a.text}
                          {a.right ? ` (${t('instructions.right')})` : ''}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                  <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                    {q.mandatory && (
                      <Chip size="small" color="warning" label={t('instructions.mandatoryChip')} />
                    )}
                    {(q.slideFrom ?? q.pageFrom) !== null && (
                      <Chip
                        size="small"
                        variant="outlined"
                        label={t('instructions.slideChip', { slide: q.slideFrom ?? q.pageFrom })}
                      />
                    )}
                    {q.hasImage && (
                      <Chip size="small" variant="outlined" label={t('instructions.imageChip')} />
                    )}
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t('instructions.rightAnswers', {
                        count: q.answers.filter((a) => a.right).length,
                      })}
                    />
                  </Stack>
                </Box>
                {canQuestions && (
                  <>
                    <IconButton
                      aria-label={t('instructions.editQuestion', { number: q.number })}
                      onClick={() => setEditing({ question: q })}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton
                      aria-label={t('instructions.deleteQuestion', { number: q.number })}
                      onClick={() => {
                        removeQuestion.reset();
                        setDeleting(q);
                      }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </>
                )}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Paper>

      {canAny([P.DOCUMENTS]) && (
        <Paper sx={{ p: 2 }} data-testid="topic-documents">
          <AttachedDocuments
            entity="instruction_topic"
            entityId={base.id}
            readOnly={!canAny([P.TOPICS_EDIT])}
          />
        </Paper>
      )}

      {canAny([P.TOPICS_ASSIGN, ...COMPOSITE.TOPICS_EVALUATION]) && <TopicAssignments topic={base} />}

      <QuestionDialog
        open={editing !== null}
        topic={base}
        question={editing?.question ?? null}
        onClose={() => setEditing(null)}
        onTopicChanged={adoptTopic}
        onSaved={(fresh) => {
          setEditing(null);
          adoptTopic(fresh);
          notify(t('instructions.questionSaved'));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('instructions.deleteQuestionTitle')}
        text={t('instructions.deleteQuestionText', { text: deleting?.text ?? '' })}
        confirmLabel={t('instructions.delete')}
        error={removeQuestion.error}
        pending={removeQuestion.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          removeQuestion.mutate(
            { questionId: deleting.id, version: deleting.version },
            {
              onSuccess: (fresh) => {
                setDeleting(null);
                adoptTopic(fresh);
                notify(t('instructions.questionDeleted'));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={poolOffer}
        destructive={false}
        title={t('instructions.raisePoolTitle')}
        text={t('instructions.raisePoolText', { message: errorMessage(update.error, t), count: mandatory })}
        confirmLabel={t('instructions.raisePool', { count: mandatory })}
        pending={update.isPending}
        onClose={() => update.reset()}
        onConfirm={() => save({ poolCount: String(mandatory) })}
      />
      <ConfirmDialog
        open={statusOpen}
        destructive={false}
        title={base.released ? t('instructions.lockTitle') : t('instructions.releaseTitle')}
        text={base.released ? t('instructions.lockText', { name }) : t('instructions.releaseText', { name })}
        confirmLabel={base.released ? t('instructions.lock') : t('instructions.release')}
        error={status.error}
        pending={status.isPending}
        onClose={() => setStatusOpen(false)}
        onConfirm={() =>
          status.mutate(
            { action: base.released ? 'lock' : 'release', version: base.version },
            {
              onSuccess: (fresh) => {
                setStatusOpen(false);
                adoptTopic(fresh);
                notify(fresh.released ? t('instructions.releasedNotice') : t('instructions.lockedNotice'));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={deleteOpen}
        title={t('instructions.deleteTitle')}
        text={t('instructions.deleteText', { name })}
        confirmLabel={t('instructions.delete')}
        error={remove.error}
        pending={remove.isPending}
        onClose={() => setDeleteOpen(false)}
        onConfirm={() =>
          remove.mutate(base.version, {
            onSuccess: () => {
              leaving.current = true;
              setDeleteOpen(false);
              notify(t('instructions.deleted'));
              void navigate('/instructions/list', { replace: true });
            },
          })
        }
      />
      {unsavedDialog}
    </Stack>
  );
}
