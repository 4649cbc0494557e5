import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  BODY_PARTS,
  catalogueLabel,
  EVENT_TYPES,
  INJURY_TYPES,
} from '@schutzwerk/shared/accidents/catalogues.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { DepartmentPickerField, LocationPickerField } from '#components/picker-field/tree-picker-field.tsx';
import { type AccidentDraft, injures, isFuture } from '../accident-draft.ts';
import { useChecklistChoice } from '../api/checklist-choice.ts';
import { useInjuryCategories } from '../api/injury-categories.ts';
import { BodyMap } from './body-map.tsx';

export type StepProps = {
  draft: AccidentDraft;
  set: (patch: Partial<AccidentDraft>) => void;
  /** Field → message (already translated). */
  errors: Record<string, string>;
};

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' },
} as const;

export function TypeStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {t('accidents.eventTypeQuestion')}
      </Typography>
      <RadioGroup
        value={draft.eventType ?? ''}
        onChange={(e) => set({ eventType: Number(e.target.value) })}
        aria-describedby={errors.eventType ? 'eventType-error' : undefined}
      >
        {EVENT_TYPES.map((type) => (
          <FormControlLabel key={type.id} value={type.id} control={<Radio />} label={type.label} />
        ))}
      </RadioGroup>
      {errors.eventType && (
        <FormHelperText id="eventType-error" error>
          {errors.eventType}
        </FormHelperText>
      )}
    </Box>
  );
}

export function PersonStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RadioGroup
        row
        aria-label={t('accidents.personKind')}
        value={draft.person}
        onChange={(e) => set({ person: e.target.value as AccidentDraft['person'] })}
      >
        <FormControlLabel value="internal" control={<Radio />} label={t('accidents.internal')} />
        <FormControlLabel value="external" control={<Radio />} label={t('accidents.external')} />
      </RadioGroup>
      {draft.person === 'internal' ? (
        <EmployeePickerField
          label={t('accidents.employee')}
          value={draft.employee}
          onChange={(employee) => set({ employee })}
          required
          error={Boolean(errors.employeeId)}
          helperText={errors.employeeId}
        />
      ) : (
        <Box sx={grid}>
          <TextField
            label={t('accidents.externalName')}
            value={draft.externalName}
            onChange={(e) => set({ externalName: e.target.value })}
            required
            error={Boolean(errors.externalName)}
            helperText={errors.externalName}
          />
          <TextField
            label={t('accidents.externalCompany')}
            value={draft.externalCompany}
            onChange={(e) => set({ externalCompany: e.target.value })}
            required
            error={Boolean(errors.externalCompany)}
            helperText={errors.externalCompany}
          />
        </Box>
      )}
    </Box>
  );
}

export function PlaceStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation();
  const future = isFuture(draft.accidentAt);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <TextField
          type="datetime-local"
          label={t('accidents.accidentAt')}
          value={draft.accidentAt}
          onChange={(e) => set({ accidentAt: e.target.value, confirmFutureTime: false })}
          required
          error={Boolean(errors.accidentAt)}
          helperText={errors.accidentAt}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="datetime-local"
          label={t('accidents.firstAidAt')}
          value={draft.firstAidAt}
          onChange={(e) => set({ firstAidAt: e.target.value })}
          required
          error={Boolean(errors.firstAidAt)}
          helperText={errors.firstAidAt}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {future && (
        <Alert severity="warning" role="alert">
          {t('accidents.futureWarning')}
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  checked={draft.confirmFutureTime}
                  onChange={(e) => set({ confirmFutureTime: e.target.checked })}
                />
              }
              label={t('accidents.futureConfirmLabel')}
            />
          </Box>
          {errors.confirmFutureTime && <FormHelperText error>{errors.confirmFutureTime}</FormHelperText>}
        </Alert>
      )}
      <Box sx={grid}>
        <LocationPickerField
          label={t('accidents.location')}
          value={draft.location}
          onChange={(location) => set({ location })}
          required
          error={Boolean(errors.locationId)}
          helperText={errors.locationId}
        />
        <DepartmentPickerField
          label={t('accidents.department')}
          value={draft.department}
          onChange={(department) => set({ department })}
        />
      </Box>
    </Box>
  );
}

export function InjuriesStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation();
  const [bodyPart, setBodyPart] = useState<number | null>(null);
  const [injuryType, setInjuryType] = useState<number | ''>('');
  const categories = useInjuryCategories();
  if (!injures(draft)) return <Alert severity="info">{t('accidents.noInjuriesForType')}</Alert>;
  const injured = new Set(draft.injuries.map((i) => i.bodyPart));
  const add = () => {
    if (bodyPart === null || injuryType === '') return;
    if (!draft.injuries.some((i) => i.bodyPart === bodyPart && i.injuryType === injuryType))
      set({ injuries: [...draft.injuries, { bodyPart, injuryType }] });
    setInjuryType('');
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t('accidents.bodyMapHint')}</Typography>
      <BodyMap selected={bodyPart} onSelect={setBodyPart} injured={injured} />
      <Box
        sx={{
          ...grid,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr auto' },
          alignItems: 'start',
        }}
      >
        <TextField
          select
          label={t('accidents.bodyPart')}
          value={bodyPart ?? ''}
          onChange={(e) => setBodyPart(Number(e.target.value))}
        >
          {BODY_PARTS.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('accidents.injuryType')}
          value={injuryType}
          onChange={(e) => setInjuryType(Number(e.target.value))}
        >
          {INJURY_TYPES.map((type) => (
            <MenuItem key={type.id} value={type.id}>
              {type.label}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={add}
          disabled={bodyPart === null || injuryType === ''}
          sx={{ minHeight: 56 }}
        >
          {t('accidents.addInjury')}
        </Button>
      </Box>
      <Box
        component="ul"
        aria-label={t('accidents.injuries')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
      >
        {draft.injuries.length === 0 ? (
          <Typography component="li" variant="body2" color="text.secondary">
            {t('accidents.noInjuries')}
          </Typography>
        ) : (
          draft.injuries.map((i) => (
            <li key={`${i.bodyPart}-${i.injuryType}`}>
              <Chip
                label={`${catalogueLabel('bodyPart', i.bodyPart)}: ${catalogueLabel('injuryType', i.injuryType)}`}
                onDelete={() =>
                  set({
                    injuries: draft.injuries.filter(
                      (x) => !(x.bodyPart === i.bodyPart && x.injuryType === i.injuryType),
                    ),
                  })
                }
              />
            </li>
          ))
        )}
      </Box>
      <TextField
        select
        label={t('accidents.injuryCategory')}
        value={draft.injuryCategory ?? ''}
        onChange={(e) => set({ injuryCategory: Number(e.target.value) })}
        required
        error={Boolean(errors.injuryCategory)}
        helperText={errors.injuryCategory}
      >
        {(categories.data ?? [])
          .filter((c) => c.active || c.id === draft.injuryCategory)
          .map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
      </TextField>
      <TextField
        label={t('accidents.injuryDescription')}
        value={draft.injuryDescription}
        onChange={(e) => set({ injuryDescription: e.target.value })}
        multiline
        minRows={2}
      />
    </Box>
  );
}

const witnessRow = {
  ...grid,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '2fr 2fr 1fr 2fr auto' },
} as const;

export function DetailsStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation();
  const setWitness = (index: number, patch: Partial<AccidentDraft['witnesses'][number]>) =>
    set({ witnesses: draft.witnesses.map((w, i) => (i === index ? { ...w, ...patch } : w)) });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label={t('accidents.description')}
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        multiline
        minRows={3}
      />
      <Typography variant="subtitle1" component="h3">
        {t('accidents.witnesses')}
      </Typography>
      {draft.witnesses.map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: witnesses are positional and have no id
        <Box key={i} sx={witnessRow}>
          <TextField
            label={t('accidents.witnessName')}
            value={w.name}
            onChange={(e) => setWitness(i, { name: e.target.value })}
            required
            error={Boolean(errors[`witnesses.${i}.name`])}
            helperText={errors[`witnesses.${i}.name`]}
          />
          <TextField
            label={t('accidents.street')}
            value={w.street}
            onChange={(e) => setWitness(i, { street: e.target.value })}
          />
          <TextField
            label={t('accidents.postalCode')}
            value={w.postalCode}
            onChange={(e) => setWitness(i, { postalCode: e.target.value })}
          />
          <TextField
            label={t('accidents.city')}
            value={w.city}
            onChange={(e) => setWitness(i, { city: e.target.value })}
          />
          <IconButton
            aria-label={t('accidents.removeWitness', { n: i + 1 })}
            onClick={() => set({ witnesses: draft.witnesses.filter((_, j) => j !== i) })}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            set({ witnesses: [...draft.witnesses, { name: '', street: '', postalCode: '', city: '' }] })
          }
        >
          {t('accidents.addWitness')}
        </Button>
      </Box>
      <Typography variant="subtitle1" component="h3">
        {t('accidents.firstAiders')}
      </Typography>
      {draft.firstAiders.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: first aiders are positional and have no id
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            sx={{ flex: 1 }}
            label={t('accidents.firstAiderName', { n: i + 1 })}
            value={f.name}
            onChange={(e) =>
              set({
                firstAiders: draft.firstAiders.map((x, j) =>
                  j === i ? { employeeId: null, name: e.target.value } : x,
                ),
              })
            }
          />
          <IconButton
            aria-label={t('accidents.removeFirstAider', { n: i + 1 })}
            onClick={() => set({ firstAiders: draft.firstAiders.filter((_, j) => j !== i) })}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set({ firstAiders: [...draft.firstAiders, { employeeId: null, name: '' }] })}
        >
          {t('accidents.addFirstAider')}
        </Button>
      </Box>
      <Box sx={grid}>
        <TextField
          label={t('accidents.doctor')}
          value={draft.doctor}
          onChange={(e) => set({ doctor: e.target.value })}
        />
        <TextField
          label={t('accidents.hospital')}
          value={draft.hospital}
          onChange={(e) => set({ hospital: e.target.value })}
        />
      </Box>
      <TextField
        label={t('accidents.protectiveGear')}
        value={draft.protectiveGear}
        onChange={(e) => set({ protectiveGear: e.target.value })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {(['reportable', 'fatal', 'hospitalised'] as const).map((flag) => (
          <FormControlLabel
            key={flag}
            control={<Checkbox checked={draft[flag]} onChange={(e) => set({ [flag]: e.target.checked })} />}
            label={t(`accidents.${flag}`)}
          />
        ))}
      </Box>
      <TextField
        label={t('accidents.comment')}
        value={draft.comment}
        onChange={(e) => set({ comment: e.target.value })}
        multiline
        minRows={2}
      />
      <Alert severity="info">{t('accidents.photosAfterFiling')}</Alert>
    </Box>
  );
}

/** The state of a linked checklist (editing a stored report). */
type LinkedChecklist = {
  id: number;
  instanceId: number | null;
  status: string | null;
  progress: number | null;
} | null;

/**
 * Step 6 (decision 056): the checklist to fill for this report — an active checklist of the portal for accident
 * reports. It is linked when the report is saved and filled on /audits/checklist/:id (the record page's link).
 */
export function ChecklistStep({ draft, set, errors, linked }: StepProps & { linked?: LinkedChecklist }) {
  const { t } = useTranslation();
  const choice = useChecklistChoice();
  const options = [...(choice.data ?? [])];
  if (draft.checklist && !options.some((c) => c.id === draft.checklist?.id)) options.push(draft.checklist);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2">{t('accidents.checklistIntro')}</Typography>
      <TextField
        select
        label={t('accidents.checklist')}
        value={draft.checklist?.id ?? ''}
        onChange={(e) => {
          const id = Number(e.target.value);
          set({ checklist: options.find((c) => c.id === id) ?? null });
        }}
        error={Boolean(errors.checklistId)}
        helperText={
          errors.checklistId ??
          (choice.data?.length === 0 ? t('accidents.checklistNone') : t('accidents.checklistHint'))
        }
      >
        <MenuItem value="">{t('accidents.checklistNoChoice')}</MenuItem>
        {options.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {linked && linked.id === draft.checklist?.id && linked.instanceId !== null && (
        <Typography variant="body2">
          {t('accidents.checklistState', {
            status: t(`accidents.checklistStatus.${linked.status ?? 'undone'}`),
            progress: linked.progress ?? 0,
          })}
        </Typography>
      )}
    </Box>
  );
}
