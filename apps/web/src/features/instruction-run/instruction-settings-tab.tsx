import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INTERVAL_UNITS, type IntervalUnit } from '@schutzwerk/shared/instructions/interval-format.ts';
import {
  ESCALATION_RECIPIENTS,
  type InstructionSettings,
  LEAD_TIME_OPTIONS,
} from '@schutzwerk/shared/settings/instructions.settings.ts';
import { useTranslation } from 'react-i18next';
import { SettingsForm, useSettingsForm, wholeNumberFromInput } from '#features/settings/index.ts';

type DaysField =
  | 'executableDaysBeforeDue'
  | 'displayDaysBeforeDue'
  | 'showDoneDays'
  | 'externalRetentionDays';
type OptionalDaysField = 'overdueRepeatDays' | 'escalateAfterDays';

const NONE = 'none';

/**
 * Settings tab „Unterweisungen“ (spec §9): when an item can be started and is shown, how long done items stay,
 * the reminder mail's lead time, repeated reminders, the escalation of overdue items and who gets it, and the
 * unit intervals are shown in (decision 045), how long the records of external persons are kept (decision 078),
 * the criteria of the effectiveness review (decision 075). One value per portal.
 */
export default function InstructionSettingsTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<InstructionSettings>('instructions');
  const shown = (v: unknown) => (v === null || v === undefined ? '' : String(v));

  const days = (name: DaysField) => (
    <TextField
      label={t(`instructionRun.settings.${name}`)}
      value={shown(form.value[name])}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, wholeNumberFromInput(event.target.value, '') as number)}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? t(`instructionRun.settings.${name}Hint`)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      sx={{ maxWidth: 420 }}
    />
  );
  const optionalDays = (name: OptionalDaysField) => (
    <TextField
      label={t(`instructionRun.settings.${name}`)}
      value={shown(form.value[name])}
      disabled={!form.canEdit}
      onChange={(event) => form.setField(name, wholeNumberFromInput(event.target.value, null))}
      error={Boolean(form.errorOf(name))}
      helperText={form.errorOf(name) ?? t(`instructionRun.settings.${name}Hint`)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
      sx={{ maxWidth: 420 }}
    />
  );

  return (
    <SettingsForm
      form={form}
      title={t('instructionRun.settings.title')}
      description={t('instructionRun.settings.description')}
    >
      {days('executableDaysBeforeDue')}
      {days('displayDaysBeforeDue')}
      {days('showDoneDays')}
      <TextField
        select
        label={t('instructionRun.settings.mailDaysBeforeDue')}
        value={form.value.mailDaysBeforeDue === null ? NONE : shown(form.value.mailDaysBeforeDue)}
        disabled={!form.canEdit}
        onChange={(event) =>
          form.setField(
            'mailDaysBeforeDue',
            event.target.value === NONE
              ? null
              : (Number(event.target.value) as InstructionSettings['mailDaysBeforeDue']),
          )
        }
        error={Boolean(form.errorOf('mailDaysBeforeDue'))}
        helperText={form.errorOf('mailDaysBeforeDue') ?? t('instructionRun.settings.mailDaysBeforeDueHint')}
        sx={{ maxWidth: 420 }}
      >
        <MenuItem value={NONE}>{t('instructionRun.settings.noMail')}</MenuItem>
        {LEAD_TIME_OPTIONS.map((option) => (
          <MenuItem key={option} value={String(option)}>
            {t('instructionRun.settings.daysBefore', { count: option })}
          </MenuItem>
        ))}
      </TextField>
      {optionalDays('overdueRepeatDays')}
      {optionalDays('escalateAfterDays')}
      <FormControl
        component="fieldset"
        disabled={!form.canEdit}
        error={Boolean(form.errorOf('escalationRecipients'))}
      >
        <FormLabel component="legend">{t('instructionRun.settings.escalationRecipients')}</FormLabel>
        <FormGroup row>
          {ESCALATION_RECIPIENTS.map((recipient) => {
            const chosen = form.value.escalationRecipients ?? [];
            return (
              <FormControlLabel
                key={recipient}
                label={t(`instructionRun.settings.recipient.${recipient}`)}
                control={
                  <Checkbox
                    checked={chosen.includes(recipient)}
                    onChange={(event) =>
                      form.setField(
                        'escalationRecipients',
                        // Kept in the catalogue's order, whatever order they were ticked in.
                        ESCALATION_RECIPIENTS.filter((r) =>
                          r === recipient ? event.target.checked : chosen.includes(r),
                        ),
                      )
                    }
                  />
                }
              />
            );
          })}
        </FormGroup>
        <FormHelperText sx={{ maxWidth: 720 }}>
          {form.errorOf('escalationRecipients') ?? t('instructionRun.settings.escalationRecipientsHint')}
        </FormHelperText>
      </FormControl>
      <TextField
        select
        label={t('instructionRun.settings.intervalUnit')}
        value={form.value.intervalUnit ?? 'auto'}
        disabled={!form.canEdit}
        onChange={(event) => form.setField('intervalUnit', event.target.value as IntervalUnit)}
        error={Boolean(form.errorOf('intervalUnit'))}
        helperText={form.errorOf('intervalUnit') ?? t('instructionRun.settings.intervalUnitHint')}
        sx={{ maxWidth: 420 }}
      >
        {INTERVAL_UNITS.map((unit) => (
          <MenuItem key={unit} value={unit}>
            {t(`instructionRun.settings.unit.${unit}`)}
          </MenuItem>
        ))}
      </TextField>
      {days('externalRetentionDays')}
      <TextField
        label={t('instructionRun.settings.effectivenessCriteria')}
        value={(form.value.effectivenessCriteria ?? []).join('\n')}
        disabled={!form.canEdit}
        // One question per line; a blank line stays visible until saved (the server refuses it with a message).
        onChange={(event) =>
          form.setField(
            'effectivenessCriteria',
            event.target.value === '' ? [] : event.target.value.split('\n'),
          )
        }
        multiline
        minRows={5}
        error={Boolean(form.errorOf('effectivenessCriteria'))}
        helperText={
          form.errorOf('effectivenessCriteria') ?? t('instructionRun.settings.effectivenessCriteriaHint')
        }
        sx={{ maxWidth: 720 }}
      />
    </SettingsForm>
  );
}
