export const hazardBrickKeys = {
  all: ['hazardBricks'] as const,
  details: () => [...hazardBrickKeys.all, 'detail'] as const,
  detail: (id: number) => [...hazardBrickKeys.details(), id] as const,
};
