import Paper from '@mui/material/Paper';
import type { HazardAnalysis } from '@schutzwerk/shared/hazard-analysis/hazard-analysis.schema.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { AttachedDocuments } from '#features/documents/index.ts';
import { usePermissions } from '#lib/session/session.tsx';

/**
 * The section 'Dokumente' of the assessment editor (decision 021, Documents and document tasks): the
 * documents linked to the working copy. Changing them is a change of the assessment (edit right, active;
 * on a released one it starts a new working version), so the page reloads the assessment afterwards.
 * Without DOCUMENTS the section is not shown.
 */
export function AnalysisDocuments({
  analysis,
  onChanged,
}: {
  analysis: HazardAnalysis;
  onChanged: () => void;
}) {
  const { canAny } = usePermissions();
  if (!canAny([P.DOCUMENTS])) return null;
  const canEdit =
    analysis.active &&
    canAny([analysis.isTemplate ? P.HAZARDANALYSIS_DRAFTS : P.HAZARDANALYSIS_EDIT]) &&
    (!analysis.release.released || canAny([P.HAZARDANALYSIS_VERSION]));
  return (
    <Paper sx={{ p: 2 }} data-testid="analysis-documents">
      <AttachedDocuments
        entity="hazard_analysis"
        entityId={analysis.id}
        readOnly={!canEdit}
        onChanged={onChanged}
      />
    </Paper>
  );
}
