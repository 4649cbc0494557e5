import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ATTACH_SETTINGS,
  type HazardAnalysis,
} from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { useTranslation } from 'react-i18next';
import { PickerField } from '#components/picker-field/picker-field.tsx';
import { DepartmentPickerField, LocationPickerField } from '#components/picker-field/tree-picker-field.tsx';
import { PrintAssessmentButton } from '#features/hazard-analysis-print/index.ts';
import type { AnalysisHeader } from '../hooks/use-analysis-header.ts';
import { FactorMenuField } from './factor-menu-field.tsx';

/** What the master data's buttons open. */
type MasterDataAction = 'release' | 'active' | 'delete' | 'inherit' | 'activity';

type Props = {
  analysis: HazardAnalysis;
  draft: AnalysisHeader;
  onChange: (patch: Partial<AnalysisHeader>) => void;
  /** Field errors of the last save, by field. */
  errors: Record<string, string>;
  can: { header: boolean; release: boolean; activate: boolean; delete: boolean; inherit: boolean };
  onAction: (action: MasterDataAction) => void;
  endInheritance: { pending: boolean; run: () => void };
};

/**
 * 'Stammdaten' of an assessment: version chip, print, release / (de)activate / delete, the header fields and
 * the inheritance from a template.
 */
export function AnalysisMasterData({
  analysis,
  draft,
  onChange,
  errors,
  can,
  onAction,
  endInheritance,
}: Props) {
  const { t } = useTranslation();
  const template = analysis.isTemplate;
  return (
    <Paper sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" sx={{ flex: 1 }}>
          {t('hazardAnalysis.masterData')}
        </Typography>
        {!template && (
          <Chip
            data-testid="version-chip"
            label={`${t('hazardAnalysis.versionLabel', { number: analysis.versionNumber })} · ${t(
              analysis.release.released ? 'hazardAnalysis.released' : 'hazardAnalysis.inWork',
            )}`}
            color={analysis.release.released ? 'success' : 'default'}
          />
        )}
        <PrintAssessmentButton analysisId={analysis.id} />
        {can.release && (
          <Button variant="contained" onClick={() => onAction('release')}>
            {t('hazardAnalysis.release')}
          </Button>
        )}
        {can.activate && (
          <Button onClick={() => onAction('active')}>
            {t(analysis.active ? 'hazardAnalysis.deactivate' : 'hazardAnalysis.activate')}
          </Button>
        )}
        {can.delete && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => onAction('delete')}>
            {t('hazardAnalysis.delete')}
          </Button>
        )}
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <TextField
          required
          label={t('hazardAnalysis.bezeichnung')}
          value={draft.bezeichnung}
          onChange={(e) => onChange({ bezeichnung: e.target.value })}
          error={Boolean(errors.bezeichnung)}
          helperText={errors.bezeichnung}
          disabled={!can.header}
        />
        <LocationPickerField
          required={!template}
          label={t('hazardAnalysis.location')}
          value={draft.location}
          onChange={(location) => onChange({ location })}
          error={Boolean(errors.locationId)}
          helperText={errors.locationId}
          disabled={!can.header}
          clearable={template}
        />
        <DepartmentPickerField
          label={t('hazardAnalysis.department')}
          value={draft.department}
          onChange={(department) => onChange({ department })}
          error={Boolean(errors.departmentId)}
          helperText={errors.departmentId}
          disabled={!can.header}
          clearable
        />
        <PickerField
          label={t('hazardAnalysis.activity')}
          value={draft.activity?.name ?? ''}
          onOpen={() => onAction('activity')}
          onClear={() => onChange({ activity: null })}
          clearLabel={t('hazardAnalysis.clear')}
          disabled={!can.header}
          error={Boolean(errors.activityId)}
          helperText={errors.activityId}
        />
        <TextField
          select
          label={t('hazardAnalysis.attachSetting')}
          value={draft.attachSetting}
          onChange={(e) => onChange({ attachSetting: Number(e.target.value) })}
          disabled={!can.header}
        >
          {ATTACH_SETTINGS.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`hazardAnalysis.attach${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <FactorMenuField
          value={draft.factorMenuId}
          onChange={(factorMenuId) => onChange({ factorMenuId })}
          disabled={!can.header}
          error={Boolean(errors.factorMenuId)}
          helperText={errors.factorMenuId}
        />
      </Box>
      {!template && (analysis.inheritanceTemplate || can.inherit) && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }} data-testid="inheritance">
          <Typography sx={{ flex: 1 }}>
            {analysis.inheritanceTemplate
              ? t('hazardAnalysis.inheritsFrom', { name: analysis.inheritanceTemplate.name })
              : t('hazardAnalysis.noInheritance')}
          </Typography>
          {can.inherit && !analysis.inheritanceTemplate && (
            <Button onClick={() => onAction('inherit')}>{t('hazardAnalysis.inherit')}</Button>
          )}
          {can.inherit && analysis.inheritanceTemplate && (
            <Button disabled={endInheritance.pending} onClick={endInheritance.run}>
              {t('hazardAnalysis.endInheritance')}
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
