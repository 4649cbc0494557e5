import AddIcon from '@mui/icons-material/Add';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  PROFILE_SOURCE_KINDS,
  PROFILE_SOURCE_LABELS,
  type ProfileSourceKind,
} from '@schutzwerk/shared/instructions/profiles.schema.ts';
import type { ListResult } from '@schutzwerk/shared/list/list.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#lib/api-client.ts';

export type SourceChoice = { kind: ProfileSourceKind; id: number; name: string };
type PickerRow = { id: number; name: string; path?: string; isRole?: boolean };

/** The picker list source of a kind: the Eigenschaften tree (roles only or none), locations, departments. */
const SOURCE_OF: Record<ProfileSourceKind, { path: string; params?: Record<string, string> }> = {
  activity: { path: 'activities/picker' },
  role: { path: 'activities/picker', params: { rolesOnly: 'true' } },
  location: { path: 'locations/picker' },
  department: { path: 'departments/picker' },
};

function useDebounced(value: string, ms = 500) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Adds a source to a profile: the kind (Tätigkeit, Rolle, Standort, Abteilung), then the node searched in its
 * picker (list protocol, 50 matches). Ordinary activities exclude roles, which have their own kind.
 */
export function SourcePicker({
  onAdd,
  disabled,
}: {
  onAdd: (choice: SourceChoice) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ProfileSourceKind>('activity');
  const [input, setInput] = useState('');
  const [value, setValue] = useState<PickerRow | null>(null);
  const search = useDebounced(input);
  const source = SOURCE_OF[kind];
  const options = useQuery({
    queryKey: ['profile-source-picker', kind, search],
    queryFn: async () =>
      (
        await api.get<{ data: ListResult<PickerRow> }>(source.path, {
          ...source.params,
          search: search || undefined,
          limit: 50,
        })
      ).data.rows.filter((r) => kind !== 'activity' || !r.isRole),
    enabled: !disabled,
  });
  // Tree pickers answer the whole path (name included), the activities picker the ancestors only.
  const label = (r: PickerRow) =>
    kind === 'location' || kind === 'department'
      ? r.path || r.name
      : r.path
        ? `${r.path} › ${r.name}`
        : r.name;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('instructionProfiles.sourceKind')}
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as ProfileSourceKind);
          setValue(null);
        }}
        disabled={disabled}
        sx={{ minWidth: 160 }}
      >
        {PROFILE_SOURCE_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {PROFILE_SOURCE_LABELS[k]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete<PickerRow>
        sx={{ flex: 1, minWidth: 220 }}
        size="small"
        options={options.data ?? []}
        loading={options.isFetching}
        filterOptions={(x) => x}
        value={value}
        onChange={(_, next) => setValue(next)}
        inputValue={input}
        onInputChange={(_, next) => setInput(next)}
        getOptionLabel={label}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        disabled={disabled}
        noOptionsText={t('instructionProfiles.noMatches')}
        loadingText={t('instructionProfiles.loading')}
        renderInput={(params) => <TextField {...params} label={PROFILE_SOURCE_LABELS[kind]} />}
      />
      <Button
        startIcon={<AddIcon />}
        disabled={disabled || !value}
        onClick={() => {
          if (!value) return;
          onAdd({ kind, id: value.id, name: label(value) });
          setValue(null);
          setInput('');
        }}
      >
        {t('instructionProfiles.addSource')}
      </Button>
    </Stack>
  );
}
