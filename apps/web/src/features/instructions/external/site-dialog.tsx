import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ExternalSite, ExternalSites } from '@schutzwerk/shared/instructions/external.schema.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '#components/notifications/notifications.tsx';
import { ConflictAlert } from '#components/record-page/conflict-alert.tsx';
import { errorMessage } from '#i18n/i18n.ts';
import { isApiError } from '#lib/api-client.ts';
import { externalKeys, fetchSiteImage, fetchSites, saveSite, uploadSiteImage } from './external-api.ts';

type TopicOption = ExternalSites['topics'][number];

/**
 * A location's kiosk settings (decision 074): offered or not, the topics in the order walked, the tile image.
 * Saved against the version read; a stale save keeps the form and offers the newest state.
 */
export function SiteDialog({
  site,
  topics,
  onClose,
}: {
  site: ExternalSite;
  topics: readonly TopicOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(site);
  const [enabled, setEnabled] = useState(site.enabled);
  const [chosen, setChosen] = useState<TopicOption[]>(() =>
    site.topicIds.flatMap((id) => topics.filter((x) => x.id === id)),
  );
  const [conflict, setConflict] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const image = useQuery({
    queryKey: [...externalKeys.sites(), base.locationId, 'image', base.version],
    queryFn: () => fetchSiteImage(base.locationId),
    enabled: base.hasImage,
    retry: false,
  });
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return;
    const url = URL.createObjectURL(image.data);
    setImageUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [image.data]);

  const onFailed = (error: unknown) => {
    if (isApiError(error) && error.code === 'CONFLICT') setConflict(true);
  };
  const save = useMutation({
    mutationFn: () =>
      saveSite(base.locationId, { enabled, topicIds: chosen.map((x) => x.id), version: base.version }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: externalKeys.sites() });
      notify(t('externalInstructions.saved'));
      onClose();
    },
    onError: onFailed,
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadSiteImage(base.locationId, file, base.version),
    onSuccess: (saved) => {
      setBase(saved);
      void queryClient.invalidateQueries({ queryKey: externalKeys.sites() });
    },
    onError: onFailed,
  });
  const reload = async () => {
    const fresh = await queryClient.fetchQuery({ queryKey: externalKeys.sites(), queryFn: fetchSites });
    const newest = fresh.sites.find((s) => s.locationId === base.locationId);
    if (newest) setBase(newest);
    setConflict(false);
    save.reset();
    upload.reset();
  };
  const error = save.error ?? upload.error;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="external-site-title">
      <DialogTitle id="external-site-title">
        {t('externalInstructions.dialogTitle', { location: base.locationName })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {conflict ? (
            <ConflictAlert message={t('externalInstructions.conflict')} onReload={reload} announce />
          ) : error ? (
            <Alert severity="error" role="alert">
              {errorMessage(error, t)}
            </Alert>
          ) : null}
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />}
            label={t('externalInstructions.enabled')}
          />
          <Autocomplete
            multiple
            options={topics as TopicOption[]}
            value={chosen}
            onChange={(_, value) => setChosen(value)}
            getOptionLabel={(x) => `${x.identifier} ${x.label}`.trim()}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('externalInstructions.topics')}
                helperText={t('externalInstructions.topicsHint')}
              />
            )}
            noOptionsText={t('externalInstructions.noTopicOptions')}
            data-testid="external-site-topics"
          />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('externalInstructions.image')}
            </Typography>
            {imageUrl && base.hasImage ? (
              <Box
                component="img"
                src={imageUrl}
                alt={t('externalInstructions.imageAlt', { location: base.locationName })}
                sx={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 1, mb: 1 }}
              />
            ) : null}
            <input
              ref={fileRef}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              hidden
              aria-label={t('externalInstructions.chooseImage')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload.mutate(file);
                event.target.value = '';
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadIcon />}
              disabled={upload.isPending}
              onClick={() => fileRef.current?.click()}
            >
              {base.hasImage ? t('externalInstructions.replaceImage') : t('externalInstructions.chooseImage')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('externalInstructions.imageHint')}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('externalInstructions.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending || conflict} onClick={() => save.mutate()}>
          {t('externalInstructions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
