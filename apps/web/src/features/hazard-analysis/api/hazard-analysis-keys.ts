export const hazardAnalysisKeys = {
  all: ['hazardAnalysis'] as const,
  details: () => [...hazardAnalysisKeys.all, 'detail'] as const,
  detail: (id: number) => [...hazardAnalysisKeys.details(), id] as const,
  versions: (id: number) => [...hazardAnalysisKeys.all, 'versions', id] as const,
  version: (versionId: number) => [...hazardAnalysisKeys.all, 'ref', versionId] as const,
};
