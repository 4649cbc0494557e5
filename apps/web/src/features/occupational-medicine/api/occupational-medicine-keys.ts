import type { CatalogueKind } from '@schutzwerk/shared/occupational-medicine/precautions.schema.ts';

export const occupationalMedicineKeys = {
  all: ['occupationalMedicine'] as const,
  catalogue: (kind: CatalogueKind) => [...occupationalMedicineKeys.all, 'catalogue', kind] as const,
  precautions: () => [...occupationalMedicineKeys.all, 'precautions'] as const,
  precautionList: (filter: { dueOnly: boolean }) =>
    [...occupationalMedicineKeys.precautions(), filter] as const,
  employeeActivities: (employeeId: number) =>
    [...occupationalMedicineKeys.all, 'employeeActivities', employeeId] as const,
  own: () => [...occupationalMedicineKeys.all, 'own'] as const,
};
