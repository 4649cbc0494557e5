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
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { formatDateTime } from '#lib/format.ts';
import { formatEmployeeName, useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  type AccidentDraft,
  clearDraft,
  isDraftEmpty,
  loadDraft,
  STEPS,
  type Step as StepName,
  stepErrors,
  stepOfField,
  storeDraft,
  toCreate,
} from './accident-draft.ts';
import { useCreateAccident } from './api/create-accident.ts';
import { AccidentSummary } from './components/accident-summary.tsx';
import { DetailsStep, InjuriesStep, PersonStep, PlaceStep, TypeStep } from './components/wizard-steps.tsx';

/**
 * /accidents/new: the reporting wizard (spec: 1 type, 2 employee, 3 location, 4 injuries with the body map,
 * 5 details, then the summary; step 6 checklist is left out until the checklists module exists — decision 048).
 * The draft is one object kept in the tab's sessionStorage: nothing typed is lost when a step is left, the page
 * reloads or the network drops.
 */
export function AccidentWizardPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const notify = useNotify();
  const user = useSessionUser();
  const userId = user.employee.id;
  const [draft, setDraft] = useState<AccidentDraft>(() => loadDraft(userId));
  const [step, setStep] = useState<StepName>('type');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateAccident();
  const leaving = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const guard = useUnsavedChangesGuard(!isDraftEmpty(draft), leaving);

  useToolbar({ title: t('accidents.wizardTitle'), back: '/accidents/list' });

  useEffect(() => {
    storeDraft(userId, draft);
  }, [userId, draft]);

  const set = (patch: Partial<AccidentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const index = STEPS.indexOf(step);
  const translate = (e: Record<string, string>) =>
    Object.fromEntries(Object.entries(e).map(([k, key]) => [k, t(key)]));

  const go = (target: StepName) => {
    setStep(target);
    setErrors({});
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  /** Forward only when this step is complete; backward always (nothing is lost). */
  const next = () => {
    const e = stepErrors(step, draft);
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
      const e = stepErrors(s, draft);
      if (Object.keys(e).length > 0) {
        setStep(s);
        setErrors(translate(e));
        return;
      }
    }
    go(target);
  };

  const submit = () =>
    create.mutate(toCreate(draft), {
      onSuccess: (a) => {
        leaving.current = true;
        clearDraft(userId);
        notify(t('accidents.filed'));
        void navigate(`/accidents/${a.id}`);
      },
      onError: (error) => {
        const fields = fieldErrors(error);
        const first = Object.keys(fields)[0];
        if (first) {
          setStep(stepOfField(first));
          setErrors(fields);
        }
      },
    });

  const stepProps = { draft, set, errors };
  const person =
    draft.person === 'internal'
      ? formatEmployeeName(draft.employee)
      : `${draft.externalName} (${draft.externalCompany})`;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      {guard}
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
        {step === 'injuries' && <InjuriesStep {...stepProps} />}
        {step === 'details' && <DetailsStep {...stepProps} />}
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
            }}
          />
        )}
        {create.error && step === 'summary' && (
          <Alert severity="error" role="alert">
            {errorMessage(create.error, t)}
          </Alert>
        )}
        {create.error && step !== 'summary' && Object.keys(errors).length > 0 && (
          <Alert severity="error" role="alert">
            {errorMessage(create.error, t)}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Button onClick={() => go(STEPS[index - 1] ?? 'type')} disabled={index === 0}>
            {t('accidents.back')}
          </Button>
          {step === 'summary' ? (
            <Button variant="contained" onClick={submit} disabled={create.isPending}>
              {t('accidents.file')}
            </Button>
          ) : (
            <Button variant="contained" onClick={next}>
              {t('accidents.next')}
            </Button>
          )}
        </Box>
        {!isDraftEmpty(draft) && (
          <Typography variant="body2" color="text.secondary">
            {t('accidents.draftKept')}
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
