import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Audit, CreateAudit } from '@schutzwerk/shared/audits/audits.schema.ts';
import { useTranslation } from 'react-i18next';
import { type ChecklistOption, useChecklistOptions } from '../api/checklist-options.ts';
import { PeopleField, type Person, PersonField } from './people-fields.tsx';

export type AuditDraft = {
  title: string;
  description: string;
  plannedOn: string;
  responsible: Person | null;
  executor: Person | null;
  affected: Person[];
  participants: Person[];
  checklists: ChecklistOption[];
};

export const emptyAuditDraft: AuditDraft = {
  title: '',
  description: '',
  plannedOn: '',
  responsible: null,
  executor: null,
  affected: [],
  participants: [],
  checklists: [],
};

export function auditDraftOf(a: Audit): AuditDraft {
  return {
    title: a.title,
    description: a.description,
    plannedOn: a.plannedOn ?? '',
    responsible: a.responsible,
    executor: a.executor,
    affected: a.affected,
    participants: a.participants,
    checklists: a.checklists.map((c) => ({ id: c.checklistId, label: c.label })),
  };
}

/** The request body of a draft (ids; 0 for a missing person, which the schema refuses with its message). */
export function auditInputOf(d: AuditDraft): CreateAudit {
  return {
    title: d.title,
    description: d.description,
    plannedOn: d.plannedOn === '' ? null : d.plannedOn,
    responsibleId: d.responsible?.id ?? 0,
    executorId: d.executor?.id ?? 0,
    affectedIds: d.affected.map((p) => p.id),
    participantIds: d.participants.map((p) => p.id),
    checklistIds: d.checklists.map((c) => c.id),
  };
}

/** The fields of an audit (create dialog and audit page). `errors` by field name. */
export function AuditForm(props: {
  draft: AuditDraft;
  onChange: (patch: Partial<AuditDraft>) => void;
  errors: Record<string, string | undefined>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { draft, onChange, errors, disabled } = props;
  const options = useChecklistOptions(!disabled);
  const personError = (key: 'responsibleId' | 'executorId', chosen: Person | null) =>
    errors[key] ? (chosen ? errors[key] : t('audits.people.required')) : undefined;
  return (
    <Stack spacing={2}>
      <TextField
        required
        label={t('audits.fields.title')}
        value={draft.title}
        disabled={disabled}
        onChange={(e) => onChange({ title: e.target.value })}
        error={Boolean(errors.title)}
        helperText={errors.title}
      />
      <TextField
        multiline
        minRows={2}
        label={t('audits.fields.description')}
        value={draft.description}
        disabled={disabled}
        onChange={(e) => onChange({ description: e.target.value })}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <TextField
        type="date"
        label={t('audits.fields.plannedOn')}
        value={draft.plannedOn}
        disabled={disabled}
        onChange={(e) => onChange({ plannedOn: e.target.value })}
        error={Boolean(errors.plannedOn)}
        helperText={errors.plannedOn}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <PersonField
        label={t('audits.fields.responsible')}
        value={draft.responsible}
        disabled={disabled}
        onChange={(responsible) => onChange({ responsible })}
        error={personError('responsibleId', draft.responsible)}
      />
      <PersonField
        label={t('audits.fields.executor')}
        value={draft.executor}
        disabled={disabled}
        onChange={(executor) => onChange({ executor })}
        error={personError('executorId', draft.executor)}
      />
      <PeopleField
        label={t('audits.fields.affected')}
        value={draft.affected}
        disabled={disabled}
        onChange={(affected) => onChange({ affected })}
        error={errors.affectedIds}
      />
      <PeopleField
        label={t('audits.fields.participants')}
        value={draft.participants}
        disabled={disabled}
        onChange={(participants) => onChange({ participants })}
        error={errors.participantIds}
      />
      <Autocomplete
        multiple
        disabled={disabled}
        options={options.data ?? []}
        loading={options.isLoading}
        value={draft.checklists}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(o) => o.label}
        onChange={(_, checklists) => onChange({ checklists })}
        renderInput={(params) => (
          <TextField
            {...params}
            required
            label={t('audits.fields.checklists')}
            error={Boolean(errors.checklistIds)}
            helperText={errors.checklistIds}
          />
        )}
      />
    </Stack>
  );
}
