import AccountTreeIcon from '@mui/icons-material/AccountTree';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CollectionLink } from '@schutzwerk/shared/checklists/questionnaire-links.schema.ts';
import type { Questionnaire, SegmentRow } from '@schutzwerk/shared/checklists/questionnaires.schema.ts';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { usePermissions, useSessionUser } from '#lib/session/session.tsx';
import { useLinkStep, useSendCollection } from '../api/links-api.ts';
import { SegmentPickerDialog } from './segment-picker-dialog.tsx';

type Segment = Questionnaire['segments'][number];

/** Colour of a link status chip. */
export const linkColor = (status: CollectionLink['status']) =>
  status === 'done' ? 'success' : status === 'rejected' ? 'error' : status === 'sent' ? 'default' : 'info';

/** Who did what when: the latest step of a link. */
export function linkWhen(link: CollectionLink, t: TFunction) {
  if (link.finishedAt)
    return t(`questionnaires.links.when.${link.status === 'rejected' ? 'rejected' : 'done'}`, {
      date: formatDateTime(link.finishedAt),
    });
  if (link.startedAt) return t('questionnaires.links.when.started', { date: formatDateTime(link.startedAt) });
  if (link.openedAt) return t('questionnaires.links.when.opened', { date: formatDateTime(link.openedAt) });
  return t('questionnaires.links.when.sent', { date: formatDateTime(link.sentAt), by: link.sentByName });
}

/**
 * The links of one segment (decision 067): who it was sent to and how far they are; „Senden an …“ for those
 * who fill the segment; the recipient's steps (begin, reject with a reason, done). Opening the questionnaire
 * as the recipient marks a sent link as opened.
 */
export function SegmentLinks({ questionnaire, segment }: { questionnaire: Questionnaire; segment: Segment }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { canAny } = usePermissions();
  const me = useSessionUser().employee.id;
  const step = useLinkStep(questionnaire.id);
  const [sending, setSending] = useState(false);
  const [rejecting, setRejecting] = useState<CollectionLink | null>(null);
  const open = questionnaire.status === 'open';
  const canSend = open && segment.editable && canAny([P.AUDIT_CHECKLISTS_COLLECTIONTREE_EDIT]);

  // The recipient has opened what was sent to them.
  const opened = useRef(new Set<number>());
  const { mutate } = step;
  useEffect(() => {
    if (!open) return;
    for (const l of segment.links)
      if (l.recipientId === me && l.status === 'sent' && !opened.current.has(l.id)) {
        opened.current.add(l.id);
        mutate({ linkId: l.id, version: l.version, status: 'opened', reason: '' });
      }
  }, [segment.links, me, open, mutate]);

  if (segment.links.length === 0 && !canSend) return null;
  return (
    <Stack spacing={1} aria-label={t('questionnaires.links.title')} component="section">
      {segment.links.map((l) => {
        const mine = l.recipientId === me && open;
        return (
          <Stack
            key={l.id}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
            data-testid={`link-${l.id}`}
          >
            <Typography variant="body2">
              {t('questionnaires.links.sentTo', { name: l.recipientName })}
            </Typography>
            <Chip
              size="small"
              color={linkColor(l.status)}
              label={t(`questionnaires.links.status.${l.status}`)}
            />
            <Typography variant="body2" color="text.secondary">
              {linkWhen(l, t)}
            </Typography>
            {l.reason && (
              <Typography variant="body2" color="text.secondary">
                {t('questionnaires.links.reasonShown', { reason: l.reason })}
              </Typography>
            )}
            {mine && l.status === 'opened' && (
              <Button
                size="small"
                disabled={step.isPending}
                onClick={() =>
                  step.mutate(
                    { linkId: l.id, version: l.version, status: 'in_progress', reason: '' },
                    { onSuccess: () => notify(t('questionnaires.links.started')) },
                  )
                }
              >
                {t('questionnaires.links.start')}
              </Button>
            )}
            {mine && l.status === 'in_progress' && (
              <Button
                size="small"
                variant="contained"
                disabled={step.isPending}
                onClick={() =>
                  step.mutate(
                    { linkId: l.id, version: l.version, status: 'done', reason: '' },
                    { onSuccess: () => notify(t('questionnaires.links.doneNotice')) },
                  )
                }
              >
                {t('questionnaires.links.done')}
              </Button>
            )}
            {mine && l.status !== 'rejected' && l.status !== 'done' && (
              <Button size="small" color="error" onClick={() => setRejecting(l)}>
                {t('questionnaires.links.reject')}
              </Button>
            )}
          </Stack>
        );
      })}
      {step.error && !rejecting && (
        <Alert severity="error" role="alert">
          {errorMessage(step.error, t)}
        </Alert>
      )}
      {canSend && (
        <Button
          size="small"
          startIcon={<SendIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setSending(true)}
        >
          {t('questionnaires.links.send', { segment: `${segment.segment} ${segment.label}`.trim() })}
        </Button>
      )}
      {sending && (
        <SendDialog
          questionnaireId={questionnaire.id}
          typeId={questionnaire.typeId}
          segment={segment}
          onClose={() => setSending(false)}
        />
      )}
      {rejecting && (
        <RejectDialog
          onClose={() => {
            step.reset();
            setRejecting(null);
          }}
          pending={step.isPending}
          error={step.error ? errorMessage(step.error, t) : null}
          onReject={(reason) =>
            step.mutate(
              { linkId: rejecting.id, version: rejecting.version, status: 'rejected', reason },
              {
                onSuccess: () => {
                  notify(t('questionnaires.links.rejected'));
                  setRejecting(null);
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}

/**
 * Sends a segment to a person. Opened from a segment it sends that one; opened from the viewer's head
 * (`segment` null) the segment is chosen with the picker checklist_segment among those the user may fill
 * (decision 070).
 */
export function SendDialog({
  questionnaireId,
  typeId,
  segment: given,
  onClose,
}: {
  questionnaireId: number;
  typeId: number;
  segment: SegmentRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const titleId = useId();
  const send = useSendCollection(questionnaireId);
  const [employee, setEmployee] = useState<EmployeePickerRow | null>(null);
  const [chosen, setChosen] = useState<SegmentRow | null>(null);
  const [picking, setPicking] = useState(false);
  const [missing, setMissing] = useState<'segment' | 'recipient' | null>(null);
  const segment = given ?? chosen;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('questionnaires.links.sendTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {given ? (
            <Typography>{`${given.segment} ${given.label}`.trim()}</Typography>
          ) : (
            <PickerField
              label={t('questionnaires.links.fields.segment')}
              value={chosen ? `${chosen.segment} ${chosen.label}`.trim() : ''}
              required
              error={missing === 'segment'}
              helperText={missing === 'segment' ? t('questionnaires.links.segmentMissing') : undefined}
              onOpen={() => setPicking(true)}
              onClear={() => setChosen(null)}
              clearLabel={t('questionnaires.type.clear')}
              choose={{ label: t('questionnaires.links.chooseSegment'), icon: <AccountTreeIcon /> }}
            />
          )}
          <EmployeePickerField
            label={t('questionnaires.links.recipient')}
            value={employee}
            onChange={(e) => {
              setEmployee(e);
              setMissing(null);
            }}
          />
          {missing === 'recipient' && (
            <Alert severity="error" role="alert">
              {t('questionnaires.links.recipientMissing')}
            </Alert>
          )}
          {send.error && (
            <Alert severity="error" role="alert">
              {errorMessage(send.error, t)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('questionnaires.cancel')}</Button>
        <Button
          variant="contained"
          disabled={send.isPending}
          onClick={() => {
            if (!segment) return setMissing('segment');
            if (!employee) return setMissing('recipient');
            send.mutate(
              { segmentKey: segment.key, employeeId: employee.id },
              {
                onSuccess: () => {
                  notify(t('questionnaires.links.sentNotice'));
                  onClose();
                },
              },
            );
          }}
        >
          {t('questionnaires.links.sendSubmit')}
        </Button>
      </DialogActions>
      {!given && (
        <SegmentPickerDialog
          open={picking}
          onClose={() => setPicking(false)}
          typeId={typeId}
          questionnaireId={questionnaireId}
          fillable
          onSelect={(r) => {
            setChosen(r);
            setMissing(null);
            setPicking(false);
          }}
        />
      )}
    </Dialog>
  );
}

function RejectDialog({
  onClose,
  onReject,
  pending,
  error,
}: {
  onClose: () => void;
  onReject: (reason: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('questionnaires.links.rejectTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('questionnaires.links.reason')}
            value={reason}
            multiline
            minRows={2}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('questionnaires.cancel')}</Button>
        <Button variant="contained" color="error" disabled={pending} onClick={() => onReject(reason)}>
          {t('questionnaires.links.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
