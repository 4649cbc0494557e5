import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useSessionUser } from '#lib/session/session.tsx';
import { useToolbar } from '#lib/toolbar-context.tsx';
import {
  type AccidentDraft,
  clearDraft,
  isDraftEmpty,
  loadDraft,
  storeDraft,
  toCreate,
} from './accident-draft.ts';
import { useCreateAccident } from './api/create-accident.ts';
import { AccidentWizard } from './components/accident-wizard.tsx';

/**
 * /accidents/new: the reporting wizard (spec: 1 type, 2 employee, 3 location, 4 injuries with the body map,
 * 5 details, then the summary; step 6 checklist is left out until the checklists module exists — decision 047).
 * The draft is one object kept in the tab's sessionStorage: nothing typed is lost when a step is left, the page
 * reloads or the network drops.
 */
export function AccidentWizardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const userId = useSessionUser().employee.id;
  const [draft, setDraft] = useState<AccidentDraft>(() => loadDraft(userId));
  const create = useCreateAccident();
  const leaving = useRef(false);
  const guard = useUnsavedChangesGuard(!isDraftEmpty(draft), leaving);

  useToolbar({ title: t('accidents.wizardTitle'), back: '/accidents/list' });

  useEffect(() => {
    storeDraft(userId, draft);
  }, [userId, draft]);

  return (
    <>
      {guard}
      <AccidentWizard
        draft={draft}
        set={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        submitLabel={t('accidents.file')}
        pending={create.isPending}
        error={create.error}
        submit={(onFieldErrors) =>
          create.mutate(toCreate(draft), {
            onSuccess: (a) => {
              leaving.current = true;
              clearDraft(userId);
              notify(t('accidents.filed'));
              void navigate(`/accidents/${a.id}`);
            },
            onError: onFieldErrors,
          })
        }
        footer={
          !isDraftEmpty(draft) && (
            <Typography variant="body2" color="text.secondary">
              {t('accidents.draftKept')}
            </Typography>
          )
        }
      />
    </>
  );
}
