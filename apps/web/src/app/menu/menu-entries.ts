import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ApprovalIcon from '@mui/icons-material/Approval';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BadgeIcon from '@mui/icons-material/Badge';
import BallotIcon from '@mui/icons-material/Ballot';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import CategoryIcon from '@mui/icons-material/Category';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DescriptionIcon from '@mui/icons-material/Description';
import EmailIcon from '@mui/icons-material/Email';
import EngineeringIcon from '@mui/icons-material/Engineering';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventNoteIcon from '@mui/icons-material/EventNote';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import ExtensionIcon from '@mui/icons-material/Extension';
import GridOnIcon from '@mui/icons-material/GridOn';
import GroupsIcon from '@mui/icons-material/Groups';
import HealingIcon from '@mui/icons-material/Healing';
import HealthAndSafetyIcon from '@mui/icons-material/HealthAndSafety';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LibraryAddCheckIcon from '@mui/icons-material/LibraryAddCheck';
import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MedicalInformationIcon from '@mui/icons-material/MedicalInformation';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import QuizIcon from '@mui/icons-material/Quiz';
import SchoolIcon from '@mui/icons-material/School';
import ScienceIcon from '@mui/icons-material/Science';
import SettingsIcon from '@mui/icons-material/Settings';
import TableChartIcon from '@mui/icons-material/TableChart';
import type SvgIcon from '@mui/material/SvgIcon';
import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import { settingsPageRights } from '#app/pages/settings/settings-tabs.ts';

export type MenuEntry = {
  /**
   * i18n key below `menu.` (German title of spec shell §2.3) and below `menuDescription.` (the one line the
   * start page shows under the title).
   */
  key: string;
  route: string;
  /** The area's own icon, in the menu and on the start page (each entry has a different one). */
  icon: typeof SvgIcon;
  /** Any one of these permissions shows the entry. */
  anyOf: readonly number[];
  /**
   * True once the page exists. Entries of modules not built yet stay hidden (never stubbed);
   * a module enables its entry when it adds its route.
   */
  available: boolean;
};

/** The main menu as spec shell §2.3, in its order, then 'Einstellungen'. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    key: 'employees',
    route: '/employee/list',
    icon: BadgeIcon,
    anyOf: [P.EMPLOYEES_BASIC_READONLY],
    available: true,
  },
  { key: 'locations', route: '/locations/list', icon: BusinessIcon, anyOf: [P.LOCATIONS], available: true },
  {
    key: 'activities',
    route: '/activities/list',
    icon: AccountTreeIcon,
    anyOf: [P.ACTIVITIES],
    available: true,
  },
  {
    key: 'hazardAnalysis',
    route: '/hazardanalysis/list',
    icon: HealthAndSafetyIcon,
    anyOf: COMPOSITE.HAZARDANALYSIS_LIST,
    available: true,
  },
  {
    key: 'hazardAnalysisDrafts',
    route: '/hazardanalysis/draft',
    icon: LibraryBooksIcon,
    anyOf: [P.HAZARDANALYSIS_READONLY],
    available: true,
  },
  // Not in the spec's menu table, but the spec has the "factor menu editor"; it needs a way in (decision 019).
  {
    key: 'factorMenus',
    route: '/hazardanalysis/factormenus',
    icon: CategoryIcon,
    anyOf: [P.HAZARDANALYSIS_FACTOR_MENU],
    available: true,
  },
  {
    key: 'roles',
    route: '/role/list',
    icon: AdminPanelSettingsIcon,
    anyOf: [P.ROLES_MANAGE],
    available: true,
  },
  {
    key: 'checklists',
    route: '/checklists/list',
    icon: ChecklistIcon,
    anyOf: [P.AUDIT_CHECKLISTS],
    available: true,
  },
  {
    key: 'questionnaireTypes',
    route: '/checklists/tree/control',
    icon: QuizIcon,
    anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL],
    available: true,
  },
  {
    key: 'questionnaires',
    route: '/checklists/tree',
    icon: BallotIcon,
    anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST],
    available: true,
  },
  { key: 'audits', route: '/audits/list', icon: ApprovalIcon, anyOf: [P.AUDIT_AUDITS], available: true },
  {
    key: 'hazardBricks',
    route: '/hazardbricks/list',
    icon: ExtensionIcon,
    anyOf: [P.HAZARDBRICKS],
    available: true,
  },
  // Not in the spec's menu table (its routes are not shown): the hazardous substances register (decision 046).
  {
    key: 'substances',
    route: '/substances/list',
    icon: ScienceIcon,
    anyOf: COMPOSITE.HAZMAT_READ,
    available: true,
  },
  // Not in the spec's menu table (its routes are not shown), but the spec has the instruction list; it needs a way
  // in (decision 036).
  {
    key: 'instructions',
    route: '/instructions/list',
    icon: SchoolIcon,
    anyOf: [P.TOPICS],
    available: true,
  },
  // Not in the spec's menu table (its routes are not shown), but the spec has the accident list and the first-aid
  // book; they need a way in (decision 047).
  {
    key: 'accidents',
    route: '/accidents/list',
    icon: HealingIcon,
    anyOf: [P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_CREATE],
    available: true,
  },
  {
    key: 'firstAidBook',
    route: '/firstaid/list',
    icon: MedicalServicesIcon,
    anyOf: [P.FIRST_AID_BOOK, P.FIRST_AID_BOOK_ALL],
    available: true,
  },
  // Appointments (decision 060): the spec's "appointments and medical examinations with booking and time windows".
  {
    key: 'appointmentWindows',
    route: '/appointments/windows',
    icon: EventNoteIcon,
    anyOf: [P.APPOINTMENTS_TIME_WINDOWS, P.APPOINTMENTS],
    available: true,
  },
  {
    key: 'myAppointments',
    route: '/appointments/book',
    icon: EventAvailableIcon,
    anyOf: [P.APPOINTMENTS_BOOK_OWN, P.APPOINTMENTS_BOOK],
    available: true,
  },
  {
    key: 'appointmentCalendar',
    route: '/appointments/calendar',
    icon: CalendarMonthIcon,
    anyOf: [P.APPOINTMENTS, P.APPOINTMENTS_ALL, P.APPOINTMENTS_TIME_WINDOWS, P.APPOINTMENTS_BOOK_OWN],
    available: true,
  },
  // The spec's further screens: occupational-medical precaution list and its master data (decision 057).
  {
    key: 'precautions',
    route: '/occupational-medicine/precautions',
    icon: MonitorHeartIcon,
    anyOf: [P.PRECAUTION, P.PRECAUTION_EDIT],
    available: true,
  },
  {
    key: 'precautionCatalogues',
    route: '/occupational-medicine/catalogues',
    icon: LocalHospitalIcon,
    anyOf: [P.PRECAUTION_MASTER_DATA],
    available: true,
  },
  // The works doctor's own view: their employees and check-up appointments (decision 063).
  {
    key: 'worksDoctor',
    route: '/works-doctor',
    icon: MedicalInformationIcon,
    anyOf: [P.WORKS_DOCTOR],
    available: true,
  },
  // Profiles and the matrix of the spec's instruction list (decision 040).
  {
    key: 'instructionProfiles',
    route: '/instructions/profiles',
    icon: LibraryAddCheckIcon,
    anyOf: [P.TOPICS_PROFILES],
    available: true,
  },
  {
    key: 'instructionMatrix',
    route: '/instructions/matrix',
    icon: TableChartIcon,
    anyOf: [P.TOPICS_PROFILES, ...COMPOSITE.TOPICS_EVALUATION],
    available: true,
  },
  // Group feedback: a supervisor confirms an instruction given in person (decision 069); its „Verlauf“ also
  // reads with an evaluation right (decision 079).
  {
    key: 'groupFeedback',
    route: '/instructions/group-feedback',
    icon: GroupsIcon,
    anyOf: [P.TOPICS_GROUP_FEEDBACK, ...COMPOSITE.TOPICS_EVALUATION],
    available: true,
  },
  // External instructions: the kiosk's records and the settings per location (decision 074).
  {
    key: 'externalInstructions',
    route: '/instructions/external',
    icon: EngineeringIcon,
    anyOf: [P.TOPICS_EVALUATE_EXTERNAL, P.SETTINGS_TOPICS],
    available: true,
  },
  {
    key: 'mailSettings',
    route: '/mailsettings/settings',
    icon: EmailIcon,
    anyOf: [P.MAIL_SETTINGS],
    available: true,
  },
  {
    key: 'hazardAnalysisStatus',
    route: '/hazardanalysis/status',
    icon: GridOnIcon,
    anyOf: COMPOSITE.HAZARDANALYSISSTATUS_ANY,
    available: true,
  },
  {
    key: 'taskSchedule',
    route: '/taskschedule/edit',
    icon: EventRepeatIcon,
    anyOf: [P.TASK_SCHEDULE_VIEW],
    available: true,
  },
  // Not in the spec's menu table (its routes are not shown), but the spec has the screen "Documents management
  // and templates"; it needs a way in (decision 016).
  {
    key: 'documents',
    route: '/documents/list',
    icon: DescriptionIcon,
    anyOf: [P.DOCUMENTS],
    available: true,
  },
  // Not in the spec's menu table, but the spec has the employee instruction overview (decision 036).
  {
    key: 'myInstructions',
    route: '/instructions/mine',
    icon: AssignmentIndIcon,
    anyOf: [P.TOPICS_OWN],
    available: true,
  },
  // The employee's own precautions and the preparedness approval dialog (decision 057).
  {
    key: 'ownPrecautions',
    route: '/occupational-medicine/own',
    icon: HowToRegIcon,
    anyOf: [P.TOPICS_OWN, P.PRECAUTION_APPROVE],
    available: true,
  },
  // Not in the spec's menu table, but the spec has the task list ("Meine Aufgaben") and actions (decision 020).
  {
    key: 'tasks',
    route: '/tasks',
    icon: AssignmentTurnedInIcon,
    anyOf: COMPOSITE.ACTIONS_ANY,
    available: true,
  },
  {
    key: 'actions',
    route: '/actions/list',
    icon: PlaylistAddCheckIcon,
    anyOf: [P.ACTIONS, P.ACTIONS_AREA, P.ACTIONS_ALL],
    available: true,
  },
  // Not in the spec's menu table: the report manager exists in the spec's further screens (decision 015).
  {
    key: 'reportManager',
    route: '/reports/manager',
    icon: AssessmentIcon,
    anyOf: [P.REPORTS_MANAGE],
    available: true,
  },
  // Not in the spec's menu table, but the spec has a settings screen; it needs a way in (decision 014).
  { key: 'settings', route: '/settings', icon: SettingsIcon, anyOf: settingsPageRights(), available: true },
];

/** The entries a user with `canAny` may open, in menu order. */
export function visibleMenuEntries(canAny: (required: readonly number[]) => boolean): MenuEntry[] {
  return MENU_ENTRIES.filter((entry) => entry.available && canAny(entry.anyOf));
}

/** The permission set a page of the menu requires (used by the route table as well). */
export function menuPermissions(route: string): readonly number[] {
  const entry = MENU_ENTRIES.find((e) => e.route === route);
  if (!entry) throw new Error(`No menu entry for ${route}`);
  return entry.anyOf;
}
