import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { EmployeePickerRow } from '@schutzwerk/shared/employees/employee.schema.ts';
import type {
  HazardAnalysis,
  HazardAnalysisDraftRow,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import type { HazardBrickRow } from '@schutzwerk/shared/hazard-bricks/hazard-bricks.schema.ts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerDialog } from '#components/picker-dialog/picker-dialog.tsx';
import { EmployeePickerField } from '#components/picker-field/employee-picker-field.tsx';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import { LocationPickerField, type TreeChoice } from '#components/picker-field/tree-picker-field.tsx';
import type { ScrollingListColumn } from '#components/scrolling-list/scrolling-list.tsx';
import { HazardBrickPickerDialog } from '#features/hazard-bricks/index.ts';
import { errorMessage, fieldErrors } from '#i18n/i18n.ts';
import { useSessionUser } from '#lib/session/session.tsx';
import { useCreateHazardAnalysis } from '../api/create-hazard-analysis.ts';
import { HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE } from '../api/hazard-analysis-sources.ts';

type Props = {
  open: boolean;
  templates: boolean;
  onClose: () => void;
  onCreated: (a: HazardAnalysis) => void;
};

/** 'Neue Gefährdungsbeurteilung anlegen': designation, location, optionally a template and hazard bricks. */
export function CreateHazardAnalysisDialog({ open, templates, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const session = useSessionUser();
  const create = useCreateHazardAnalysis();
  const me = session.employee;
  const initialResponsible: EmployeePickerRow = {
    id: me.id,
    lastName: me.lastName ?? '',
    firstName: me.firstName ?? '',
    personnelNumber: me.personnelNumber ?? '',
    departmentName: null,
  };
  const [bezeichnung, setBezeichnung] = useState('');
  const [location, setLocation] = useState<TreeChoice | null>(null);
  const [template, setTemplate] = useState<HazardAnalysisDraftRow | null>(null);
  const [bricks, setBricks] = useState<HazardBrickRow[]>([]);
  const [responsible, setResponsible] = useState<EmployeePickerRow | null>(initialResponsible);
  const [picker, setPicker] = useState<'template' | 'bricks' | null>(null);
  const fields = fieldErrors(create.error);
  const templateColumns = useMemo<ScrollingListColumn<HazardAnalysisDraftRow>[]>(
    () => [{ id: 'bezeichnung', header: t('hazardAnalysis.bezeichnung'), render: (r) => r.bezeichnung }],
    [t],
  );

  const close = () => {
    setBezeichnung('');
    setLocation(null);
    setTemplate(null);
    setBricks([]);
    setResponsible(initialResponsible);
    create.reset();
    onClose();
  };
  const submit = () =>
    create.mutate(
      {
        bezeichnung,
        isTemplate: templates,
        locationId: location?.id ?? null,
        templateId: template?.id ?? null,
        brickIds: bricks.map((b) => b.id),
        responsibleId: responsible?.id ?? null,
      },
      { onSuccess: (a) => onCreated(a) },
    );
  const generalError =
    create.error && Object.keys(fields).length === 0 ? errorMessage(create.error, t) : null;
  const needsResponsible = bricks.length > 0 || template !== null;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="create-hazard-analysis-title"
    >
      <DialogTitle id="create-hazard-analysis-title">
        {t(templates ? 'hazardAnalysis.createDraftTitle' : 'hazardAnalysis.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {generalError && <Alert severity="error">{generalError}</Alert>}
          <TextField
            autoFocus
            required
            label={t('hazardAnalysis.bezeichnung')}
            value={bezeichnung}
            onChange={(e) => setBezeichnung(e.target.value)}
            error={Boolean(fields.bezeichnung)}
            helperText={fields.bezeichnung}
          />
          {!templates && (
            <LocationPickerField
              required
              label={t('hazardAnalysis.location')}
              value={location}
              onChange={setLocation}
              error={Boolean(fields.locationId)}
              helperText={fields.locationId}
            />
          )}
          {!templates && (
            <PickerField
              label={t('hazardAnalysis.template')}
              value={template?.bezeichnung ?? ''}
              onOpen={() => setPicker('template')}
              onClear={() => setTemplate(null)}
              clearLabel={t('hazardAnalysis.clear')}
              testId="template-field"
              error={Boolean(fields.templateId)}
              helperText={fields.templateId}
            />
          )}
          <PickerField
            label={t('hazardAnalysis.bricks')}
            value={bricks.length > 0 ? bricks.map((b) => b.identifier).join(', ') : ''}
            onOpen={() => setPicker('bricks')}
            onClear={() => setBricks([])}
            clearLabel={t('hazardAnalysis.clear')}
            testId="bricks-field"
            error={Boolean(fields.brickIds)}
            helperText={fields.brickIds}
          />
          {needsResponsible && (
            <EmployeePickerField
              required
              label={t('hazardAnalysis.responsible')}
              value={responsible}
              onChange={setResponsible}
              error={Boolean(fields.responsibleId)}
              helperText={fields.responsibleId}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('hazardAnalysis.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {t('hazardAnalysis.create')}
        </Button>
      </DialogActions>
      <PickerDialog<HazardAnalysisDraftRow>
        open={picker === 'template'}
        onClose={() => setPicker(null)}
        onSelect={(rows) => {
          setTemplate(rows[0] ?? null);
          setPicker(null);
        }}
        title={t('hazardAnalysis.chooseTemplate')}
        source={HAZARD_ANALYSIS_DRAFT_PICKER_SOURCE}
        columns={templateColumns}
        getRowId={(r) => r.id}
        orderBy="bezeichnung"
      />
      <HazardBrickPickerDialog
        open={picker === 'bricks'}
        variant="all"
        multiple
        value={bricks.map((b) => b.id)}
        onClose={() => setPicker(null)}
        onSelect={(rows) => {
          setBricks(rows);
          setPicker(null);
        }}
      />
    </Dialog>
  );
}
