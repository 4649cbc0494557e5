import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Accident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { formatEmployeeName } from '#lib/session/session.tsx';
import {
  type AccidentDraft,
  STEPS,
  type Step as StepName,
  stepErrors,
  stepOfField,
} from '../accident-draft.ts';
import { AccidentSummary } from './accident-summary.tsx';
import {
  ChecklistStep,
  DetailsStep,
  InjuriesStep,
  PersonStep,
  PlaceStep,
  TypeStep,
} from './wizard-steps.tsx';

type Props = {
  draft: AccidentDraft;
  set: (patch: Partial<AccidentDraft>) => void;
  /** Sends the draft; `onFieldErrors` gets the server's field errors (the wizard shows their step). */
  submit: (onFieldErrors: (error: unknown) => void) => void;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  /** Editing without the health right: the injuries step says so and checks nothing. */
  healthHidden?: boolean;
  /** Shown above the steps (a conflict after a stale save). */
  top?: ReactNode;
  footer?: ReactNode;
  /** Editing: the stored report's checklist with its state. */
  checklistState?: Accident['checklist'];
};

/**
 * The steps of an accident report (decisions 047, 056): 1 Art, 2 Person, 3 Ort und Zeit, 4 Verletzungen, 5 Details,
 * 6 Checkliste, then
 * the summary — for filing (/accidents/new) and for editing (/accidents/:id/edit). The draft lives with the page;
 * leaving a step loses nothing. Forward only when the step is complete; server field errors open their step.
 */
export function AccidentWizard({
  draft,
  set,
  submit,
  submitLabel,
  pending,
  error,
  healthHidden,
  top,
  footer,
  checklistState,
}: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [step, setStep] = useState<StepName>('type');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const index = STEPS.indexOf(step);
  const check = (s: StepName) => (healthHidden && s === 'injuries' ? {} : stepErrors(s, draft));
  const translate = (e: Record<string, string>) =>
    Object.fromEntries(Object.entries(e).map(([k, key]) => [k, t(key)]));

  const go = (target: StepName) => {
    setStep(target);
    setErrors({});
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const next = () => {
    const e = check(step);
    if (Object.keys(e).length > 0) {
      setErrors(translate(e));
      return;
    }
    const target = STEPS[index + 1];
    if (target) go(target);
  };
  const jump = (target: StepName) => {
    if (STEPS.indexOf(target) <= index) return go(target);
    for (const s of STEPS.slice(0, STEPS.indexOf(target))) {
      const e = check(s);
      if (Object.keys(e).length > 0) {
        setStep(s);
        setErrors(translate(e));
        return;
      }
    }
    go(target);
  };
  const onFieldErrors = (err: unknown) => {
    const fields = fieldErrors(err);
    const first = Object.keys(fields)[0];
    if (first) {
      setStep(stepOfField(first));
      setErrors(fields);
    }
  };

  const stepProps = { draft, set, errors };
  const person =
    draft.person === 'internal'
      ? formatEmployeeName(draft.employee)
      : `${draft.externalName} (${draft.externalCompany})`;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      {top}
      {phone ? (
        <Typography variant="body2" color="text.secondary">
          {t('accidents.stepOf', { n: index + 1, total: STEPS.length, name: t(`accidents.step.${step}`) })}
        </Typography>
      ) : (
        <Stepper nonLinear activeStep={index} aria-label={t('accidents.steps')}>
          {STEPS.map((s) => (
            <Step key={s} completed={STEPS.indexOf(s) < index}>
              <StepButton onClick={() => jump(s)}>{t(`accidents.step.${s}`)}</StepButton>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2" tabIndex={-1} ref={headingRef} sx={{ outline: 'none' }}>
          {t(`accidents.step.${step}`)}
        </Typography>
        {step === 'type' && <TypeStep {...stepProps} />}
        {step === 'person' && <PersonStep {...stepProps} />}
        {step === 'place' && <PlaceStep {...stepProps} />}
        {step === 'injuries' &&
          (healthHidden ? (
            <Alert severity="info">{t('accidents.healthNotEditable')}</Alert>
          ) : (
            <InjuriesStep {...stepProps} />
          ))}
        {step === 'details' && <DetailsStep {...stepProps} />}
        {step === 'checklist' && <ChecklistStep {...stepProps} linked={checklistState ?? null} />}
        {step === 'summary' && (
          <AccidentSummary
            data={{
              ...draft,
              person,
              accidentAt: draft.accidentAt ? formatDateTime(new Date(draft.accidentAt)) : '',
              firstAidAt: draft.firstAidAt ? formatDateTime(new Date(draft.firstAidAt)) : '',
              location: draft.location?.path ?? draft.location?.name ?? '',
              department: draft.department?.path ?? draft.department?.name ?? '',
              firstAiders: draft.firstAiders.map((f) => f.name).filter(Boolean),
              checklist: draft.checklist
                ? {
                    label: draft.checklist.label,
                    ...(checklistState?.id === draft.checklist.id
                      ? { status: checklistState.status, progress: checklistState.progress }
                      : {}),
                  }
                : null,
              ...(healthHidden ? { injuries: null } : {}),
            }}
          />
        )}
        {Boolean(error) && (step === 'summary' || Object.keys(errors).length > 0) && (
          <Alert severity="error" role="alert">
            {errorMessage(error, t)}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button onClick={() => go(STEPS[index - 1] ?? 'type')} disabled={index === 0}>
            {t('accidents.back')}
          </Button>
          {step === 'summary' ? (
            <Button variant="contained" onClick={() => submit(onFieldErrors)} disabled={pending}>
              {submitLabel}
            </Button>
          ) : (
            <Button variant="contained" onClick={next}>
              {t('accidents.next')}
            </Button>
          )}
        </Box>
        {footer}
      </Paper>
    </Box>
  );
}
