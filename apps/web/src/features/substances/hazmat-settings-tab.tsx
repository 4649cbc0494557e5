import TextField from '@mui/material/TextField';
import type { hazmatSettings } from '@schutzwerk/shared/settings/hazmat.settings.ts';
import { BLACKLISTS, type Blacklist } from '@schutzwerk/shared/substances/clp.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SettingsForm, useSettingsForm } from '#features/settings/index.ts';

type HazmatValue = z.output<typeof hazmatSettings.schema>;

const split = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim())
    .filter(Boolean);

/** Settings „Gefahrstoffe“: the four blacklists of statements (forbidden, CMR, toxic, unwanted). */
export default function HazmatSettingsTab() {
  const { t } = useTranslation();
  const form = useSettingsForm<HazmatValue>('hazmat');
  // The text as typed (the stored value is the list of codes it splits into).
  const [typed, setTyped] = useState<Partial<Record<Blacklist, string>>>({});
  return (
    <SettingsForm
      form={form}
      title={t('substances.settings.tab')}
      description={t('substances.settings.description')}
    >
      {BLACKLISTS.map((list) => {
        const error = form.errorOf(list);
        return (
          <TextField
            key={list}
            label={t(`substances.settings.lists.${list}`)}
            value={typed[list] ?? (form.value[list] ?? []).join(', ')}
            onChange={(event) => {
              setTyped((current) => ({ ...current, [list]: event.target.value }));
              form.setField(list, split(event.target.value));
            }}
            disabled={!form.canEdit}
            error={Boolean(error)}
            helperText={error ?? t('substances.settings.listHint')}
            multiline
            fullWidth
          />
        );
      })}
    </SettingsForm>
  );
}
