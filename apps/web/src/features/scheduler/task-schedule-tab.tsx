import { TaskSchedulePanel } from './task-schedule-page.tsx';

/** The settings screen's tab 'Aufgabenplanung': the same panel as /taskschedule/edit. */
export default function TaskScheduleTab() {
  return <TaskSchedulePanel />;
}
