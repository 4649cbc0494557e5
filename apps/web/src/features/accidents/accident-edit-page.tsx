import type { Accident } from '@schutzwerk/shared/accidents/accidents.schema.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { RecordPageLoader, useRecordId } from '#components/record-page/record-page-loader.tsx';
import { useUnsavedChangesGuard } from '#components/record-page/unsaved-changes.tsx';
import { useVersionedDraft } from '#components/record-page/use-versioned-draft.ts';
import { useToolbar } from '#lib/toolbar-context.tsx';
import { changedFields, draftOfAccident } from './accident-draft.ts';
import { accidentQueryOptions, useAccident } from './api/get-accident.ts';
import { useUpdateAccident } from './api/update-accident.ts';
import { AccidentWizard } from './components/accident-wizard.tsx';

/** /accidents/:id/edit — a filed report through the same steps; saves the changed fields at its version. */
export function AccidentEditPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const query = useAccident(id ?? 0, id !== null);
  return (
    <RecordPageLoader
      id={id}
      query={query}
      title={t('accidents.editTitle')}
      back="/accidents/list"
      notFoundHint={t('accidents.notFound')}
      backLabel={t('accidents.backToList')}
    >
      {(accident) => <AccidentEditor accident={accident} />}
    </RecordPageLoader>
  );
}

function AccidentEditor({ accident }: { accident: Accident }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const record = useVersionedDraft({
    record: accident,
    draftOf: draftOfAccident,
    fetchLatest: () => queryClient.fetchQuery({ ...accidentQueryOptions(accident.id), staleTime: 0 }),
  });
  const { base, draft, set, dirty, conflict } = record;
  const update = useUpdateAccident(accident.id);
  const leaving = useRef(false);
  const guard = useUnsavedChangesGuard(dirty, leaving);
  const back = `/accidents/${accident.id}`;

  useToolbar({ title: t('accidents.editTitle'), back });

  return (
    <>
      {guard}
      <AccidentWizard
        draft={draft}
        set={set}
        healthHidden={!base.healthVisible}
        checklistState={base.checklist}
        submitLabel={t('accidents.save')}
        pending={update.isPending || !dirty}
        error={conflict ? null : update.error}
        top={
          conflict && (
            <ConflictAlert
              message={t('accidents.editConflict')}
              announce
              onReload={async () => {
                await record.reloadLatest();
                update.reset();
              }}
              reloading={record.reloading}
            />
          )
        }
        submit={(onFieldErrors) =>
          update.mutate(
            { ...changedFields(draft, record.baseDraft, base.healthVisible), version: base.version },
            {
              ...record.onSave(() => {
                leaving.current = true;
                notify(t('accidents.saved'));
                void navigate(back);
              }),
              onError: (error) => {
                if (!record.saveFailed(error)) onFieldErrors(error);
              },
            },
          )
        }
      />
    </>
  );
}
