/** The activities feature's public face for other features (decision 029). */
export { ActivityPickerDialog } from './components/activity-picker-dialog.tsx';
export { EmployeeActivitiesPanel } from './components/employee-activities-panel.tsx';
