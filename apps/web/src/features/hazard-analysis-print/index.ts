/** The hazard-analysis-print feature's public face for other features (decision 029). */
export { PrintAssessmentButton } from './print-assessment-button.tsx';
export { useHazardAnalysisListPrint } from './use-list-print.tsx';
