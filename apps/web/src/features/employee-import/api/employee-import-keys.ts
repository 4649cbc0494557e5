export const employeeImportKeys = {
  all: ['employee-import'] as const,
  portals: () => [...employeeImportKeys.all, 'portals'] as const,
};
