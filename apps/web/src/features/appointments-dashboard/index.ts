/** The dashboard tab „Termine und arbeitsmedizinische Vorsorge“ (decision 064). */
export { AppointmentsDashboardTab } from './appointments-dashboard-tab.tsx';
