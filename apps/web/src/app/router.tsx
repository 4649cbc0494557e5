import { COMPOSITE, P } from '@schutzwerk/shared/permissions.ts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { settingsPageRights } from '#app/pages/settings/settings-tabs.ts';
import { FullPageLoader } from '#components/full-page-loader.tsx';
import { GuestOnly } from '#features/auth/components/guest-only.tsx';
import { lazyLayout, lazyPage } from '#lib/chunk-reload.ts';
import { RootErrorPage, RouteErrorPage } from './errors/route-error-page.tsx';
import { LoginLayout } from './layout/login-layout.tsx';
import { menuPermissions } from './menu/menu-entries.ts';
import type { RouteHandle } from './permission-gate.tsx';
import { PermissionGate } from './permission-gate.tsx';

const handle = (value: RouteHandle) => value;

/**
 * Routes of spec shell §2.1 that exist so far. Every page is a lazy chunk; a protected page declares its
 * permission set in `handle` and is not rendered without it.
 */
export const routes: RouteObject[] = [
  {
    errorElement: <RootErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      // The public kiosk of external instructions (decision 074): no sign-in, no links into the app.
      {
        path: 'external',
        lazy: lazyPage(
          () => import('#features/instructions/external/kiosk-page.tsx'),
          (m) => m.KioskPage,
        ),
      },
      {
        element: <GuestOnly />,
        children: [
          {
            element: <LoginLayout />,
            children: [
              {
                path: 'login',
                lazy: lazyPage(
                  () => import('#features/auth/login-page.tsx'),
                  (m) => m.LoginPage,
                ),
              },
              {
                path: 'login/sso',
                lazy: lazyPage(
                  () => import('#features/sso/sso-callback-page.tsx'),
                  (m) => m.SsoCallbackPage,
                ),
              },
              {
                path: 'works-doctor/login',
                lazy: lazyPage(
                  () => import('#features/works-doctor/works-doctor-login-page.tsx'),
                  (m) => m.WorksDoctorLoginPage,
                ),
              },
              {
                path: 'lost-password',
                lazy: lazyPage(
                  () => import('#features/password/lost-password-page.tsx'),
                  (m) => m.LostPasswordPage,
                ),
              },
            ],
          },
        ],
      },
      {
        // The guard and the shell (drawer, toolbar, dialogs) are chunks of their own: the sign-in page loads
        // neither (decision 037, first load).
        lazy: lazyLayout(
          () => import('#features/auth/components/require-auth.tsx'),
          (m) => m.RequireAuth,
        ),
        children: [
          {
            lazy: lazyLayout(
              () => import('./layout/main-layout.tsx'),
              (m) => m.MainLayout,
            ),
            children: [
              {
                element: <PermissionGate />,
                errorElement: <RouteErrorPage />,
                children: [
                  {
                    index: true,
                    lazy: lazyPage(
                      () => import('./pages/home-page.tsx'),
                      (m) => m.HomePage,
                    ),
                  },
                  {
                    path: 'employee/list',
                    handle: handle({ anyOf: [P.EMPLOYEES_BASIC_READONLY] }),
                    lazy: lazyPage(
                      () => import('#features/employees/employee-list-page.tsx'),
                      (m) => m.EmployeeListPage,
                    ),
                  },
                  {
                    path: 'employee/import',
                    handle: handle({ anyOf: [P.EMPLOYEES_IMPORT] }),
                    lazy: lazyPage(
                      () => import('#features/employee-import/employee-import-page.tsx'),
                      (m) => m.EmployeeImportPage,
                    ),
                  },
                  {
                    path: 'employee/:id',
                    handle: handle({ anyOf: [P.EMPLOYEES_BASIC_READONLY] }),
                    lazy: lazyPage(
                      () => import('#features/employees/employee-edit-page.tsx'),
                      (m) => m.EmployeeEditPage,
                    ),
                  },
                  {
                    path: 'reports/manager',
                    handle: handle({ anyOf: [P.REPORTS_MANAGE] }),
                    lazy: lazyPage(
                      () => import('#features/reports/report-manager-page.tsx'),
                      (m) => m.ReportManagerPage,
                    ),
                  },
                  {
                    path: 'settings/:tab?',
                    handle: handle({ anyOf: settingsPageRights() }),
                    lazy: lazyPage(
                      () => import('#app/pages/settings/settings-page.tsx'),
                      (m) => m.SettingsPage,
                    ),
                  },
                  {
                    path: 'activities/list',
                    handle: handle({ anyOf: [P.ACTIVITIES] }),
                    lazy: lazyPage(
                      () => import('#features/activities/activities-page.tsx'),
                      (m) => m.ActivitiesPage,
                    ),
                  },
                  {
                    // '/activities' (spec route /activities/{id?} without an id) opens the tree.
                    path: 'activities',
                    element: <Navigate to="/activities/list" replace />,
                  },
                  {
                    path: 'activities/:id',
                    handle: handle({ anyOf: [P.ACTIVITIES] }),
                    lazy: lazyPage(
                      () => import('#features/activities/activities-page.tsx'),
                      (m) => m.ActivitiesPage,
                    ),
                  },
                  {
                    path: 'locations/list',
                    handle: handle({ anyOf: [P.LOCATIONS] }),
                    lazy: lazyPage(
                      () => import('#features/organisation/organisation-page.tsx'),
                      (m) => m.LocationsPage,
                    ),
                  },
                  {
                    // '/locations' and '/locations/' (spec route /locations/{id?} without an id): the list.
                    path: 'locations',
                    element: <Navigate to="/locations/list" replace />,
                  },
                  {
                    path: 'locations/:id',
                    handle: handle({ anyOf: [P.LOCATIONS] }),
                    lazy: lazyPage(
                      () => import('#features/organisation/organisation-page.tsx'),
                      (m) => m.LocationsPage,
                    ),
                  },
                  {
                    // Not in the spec's route table: reached through the tab on the locations page (decision 006).
                    path: 'departments/list',
                    handle: handle({ anyOf: [P.DEPARTMENTS] }),
                    lazy: lazyPage(
                      () => import('#features/organisation/organisation-page.tsx'),
                      (m) => m.DepartmentsPage,
                    ),
                  },
                  {
                    path: 'departments',
                    element: <Navigate to="/departments/list" replace />,
                  },
                  {
                    path: 'departments/:id',
                    handle: handle({ anyOf: [P.DEPARTMENTS] }),
                    lazy: lazyPage(
                      () => import('#features/organisation/organisation-page.tsx'),
                      (m) => m.DepartmentsPage,
                    ),
                  },
                  {
                    path: 'mailsettings/settings',
                    handle: handle({
                      anyOf: [P.MAIL_SETTINGS, P.MAIL_SETTINGS_EDIT, P.MAIL_TEMPLATES, P.MAIL_LOG],
                    }),
                    lazy: lazyPage(
                      () => import('#features/mail/mail-settings-page.tsx'),
                      (m) => m.MailSettingsPage,
                    ),
                  },
                  {
                    path: 'role/list',
                    handle: handle({ anyOf: [P.ROLES_MANAGE] }),
                    lazy: lazyPage(
                      () => import('#features/roles/role-list-page.tsx'),
                      (m) => m.RoleListPage,
                    ),
                  },
                  {
                    // '/role' and '/role/' (spec route /role/{id?} without an id) open the role list.
                    path: 'role',
                    element: <Navigate to="/role/list" replace />,
                  },
                  {
                    path: 'role/:id',
                    handle: handle({ anyOf: [P.ROLES_MANAGE] }),
                    lazy: lazyPage(
                      () => import('#features/roles/role-edit-page.tsx'),
                      (m) => m.RoleEditPage,
                    ),
                  },
                  {
                    path: 'hazardbricks/list',
                    handle: handle({ anyOf: [P.HAZARDBRICKS] }),
                    lazy: lazyPage(
                      () => import('#features/hazard-bricks/hazard-bricks-list-page.tsx'),
                      (m) => m.HazardBricksListPage,
                    ),
                  },
                  { path: 'hazardbricks', element: <Navigate to="/hazardbricks/list" replace /> },
                  { path: 'hazardbricks/edit', element: <Navigate to="/hazardbricks/list" replace /> },
                  {
                    path: 'hazardbricks/edit/:id',
                    handle: handle({ anyOf: [P.HAZARDBRICKS] }),
                    lazy: lazyPage(
                      () => import('#features/hazard-bricks/hazard-brick-page.tsx'),
                      (m) => m.HazardBrickPage,
                    ),
                  },
                  {
                    path: 'checklists/list',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS] }),
                    lazy: lazyPage(
                      () => import('#features/checklists/checklists-list-page.tsx'),
                      (m) => m.ChecklistsListPage,
                    ),
                  },
                  {
                    path: 'checklists/tree',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST] }),
                    lazy: lazyPage(
                      () => import('#features/questionnaires/questionnaires-list-page.tsx'),
                      (m) => m.QuestionnairesListPage,
                    ),
                  },
                  {
                    path: 'checklists/tree/control',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_CONTROL] }),
                    lazy: lazyPage(
                      () => import('#features/questionnaires/questionnaire-types-page.tsx'),
                      (m) => m.QuestionnaireTypesPage,
                    ),
                  },
                  {
                    path: 'checklists/tree/print/:id',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST] }),
                    lazy: lazyPage(
                      () => import('#features/questionnaires/questionnaire-print-page.tsx'),
                      (m) => m.QuestionnairePrintPage,
                    ),
                  },
                  {
                    path: 'checklists/tree/:viewMode/:id',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS_COLLECTIONTREE_LIST] }),
                    lazy: lazyPage(
                      () => import('#features/questionnaires/questionnaire-page.tsx'),
                      (m) => m.QuestionnairePage,
                    ),
                  },
                  {
                    path: 'checklists/:id',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS] }),
                    lazy: lazyPage(
                      () => import('#features/checklists/checklist-page.tsx'),
                      (m) => m.ChecklistPage,
                    ),
                  },
                  {
                    path: 'audits/list',
                    handle: handle({ anyOf: [P.AUDIT_AUDITS] }),
                    lazy: lazyPage(
                      () => import('#features/audits/audits-list-page.tsx'),
                      (m) => m.AuditsListPage,
                    ),
                  },
                  {
                    path: 'audits/:id',
                    handle: handle({ anyOf: [P.AUDIT_AUDITS] }),
                    lazy: lazyPage(
                      () => import('#features/audits/audit-page.tsx'),
                      (m) => m.AuditPage,
                    ),
                  },
                  {
                    path: 'checklists/print/preview/:id',
                    handle: handle({ anyOf: [P.AUDIT_AUDITS] }),
                    lazy: lazyPage(
                      () => import('#features/audits/audit-print-page.tsx'),
                      (m) => m.AuditPrintPage,
                    ),
                  },
                  {
                    path: 'audits/checklist/:id',
                    handle: handle({ anyOf: [P.AUDIT_CHECKLISTS] }),
                    lazy: lazyPage(
                      () => import('#features/checklists/checklist-fill-page.tsx'),
                      (m) => m.ChecklistFillPage,
                    ),
                  },
                  {
                    path: 'substances/list',
                    handle: handle({ anyOf: COMPOSITE.HAZMAT_READ }),
                    lazy: lazyPage(
                      () => import('#features/substances/substances-list-page.tsx'),
                      (m) => m.SubstancesListPage,
                    ),
                  },
                  { path: 'substances', element: <Navigate to="/substances/list" replace /> },
                  {
                    path: 'substances/catalogues',
                    handle: handle({ anyOf: [P.HAZMAT_MASTER_DATA] }),
                    lazy: lazyPage(
                      () => import('#features/substances/substance-catalogues-page.tsx'),
                      (m) => m.SubstanceCataloguesPage,
                    ),
                  },
                  {
                    path: 'substances/substitution',
                    handle: handle({ anyOf: [P.HAZMAT, P.HAZMAT_SUBSTITUTION] }),
                    lazy: lazyPage(
                      () => import('#features/substitution/substitution-list-page.tsx'),
                      (m) => m.SubstitutionListPage,
                    ),
                  },
                  {
                    path: 'substances/substitution/:id',
                    handle: handle({ anyOf: [P.HAZMAT, P.HAZMAT_SUBSTITUTION] }),
                    lazy: lazyPage(
                      () => import('#features/substitution/substitution-page.tsx'),
                      (m) => m.SubstitutionPage,
                    ),
                  },
                  {
                    path: 'substances/:id',
                    handle: handle({ anyOf: COMPOSITE.HAZMAT_READ }),
                    lazy: lazyPage(
                      () => import('#features/substances/substance-page.tsx'),
                      (m) => m.SubstancePage,
                    ),
                  },
                  {
                    path: 'accidents/list',
                    handle: handle({ anyOf: [P.ACCIDENT_REPORTS, P.ACCIDENT_REPORTS_CREATE] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/accidents-list-page.tsx'),
                      (m) => m.AccidentsListPage,
                    ),
                  },
                  {
                    path: 'accidents/statistics',
                    handle: handle({ anyOf: [P.ACCIDENT_REPORTS_STATISTICS] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/statistics/accident-statistics-page.tsx'),
                      (m) => m.AccidentStatisticsPage,
                    ),
                  },
                  {
                    path: 'occupational-medicine/precautions',
                    handle: handle({ anyOf: [P.PRECAUTION, P.PRECAUTION_EDIT] }),
                    lazy: lazyPage(
                      () => import('#features/occupational-medicine/precautions-page.tsx'),
                      (m) => m.PrecautionsPage,
                    ),
                  },
                  {
                    path: 'occupational-medicine/sync',
                    handle: handle({ anyOf: [P.PRECAUTION_ASSESSMENTS] }),
                    lazy: lazyPage(
                      () => import('#features/precaution-sync/precaution-sync-page.tsx'),
                      (m) => m.PrecautionSyncPage,
                    ),
                  },
                  {
                    path: 'occupational-medicine/catalogues',
                    handle: handle({ anyOf: [P.PRECAUTION_MASTER_DATA] }),
                    lazy: lazyPage(
                      () => import('#features/occupational-medicine/catalogues-page.tsx'),
                      (m) => m.CataloguesPage,
                    ),
                  },
                  {
                    path: 'occupational-medicine/own',
                    handle: handle({ anyOf: [P.TOPICS_OWN, P.PRECAUTION_APPROVE] }),
                    lazy: lazyPage(
                      () => import('#features/occupational-medicine/own-precautions-page.tsx'),
                      (m) => m.OwnPrecautionsPage,
                    ),
                  },
                  {
                    path: 'works-doctor',
                    handle: handle({ anyOf: [P.WORKS_DOCTOR] }),
                    lazy: lazyPage(
                      () => import('#features/works-doctor/works-doctor-page.tsx'),
                      (m) => m.WorksDoctorPage,
                    ),
                  },
                  {
                    path: 'accidents/injury-categories',
                    handle: handle({ anyOf: [P.INJURY_CATEGORIES] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/injury-categories-page.tsx'),
                      (m) => m.InjuryCategoriesPage,
                    ),
                  },
                  {
                    path: 'accidents/new',
                    handle: handle({ anyOf: [P.ACCIDENT_REPORTS_CREATE] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/accident-wizard-page.tsx'),
                      (m) => m.AccidentWizardPage,
                    ),
                  },
                  {
                    path: 'accidents/:id',
                    handle: handle({ anyOf: [P.ACCIDENT_REPORTS] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/accident-page.tsx'),
                      (m) => m.AccidentPage,
                    ),
                  },
                  {
                    path: 'accidents/:id/edit',
                    handle: handle({ anyOf: [P.ACCIDENT_REPORTS_EDIT] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/accident-edit-page.tsx'),
                      (m) => m.AccidentEditPage,
                    ),
                  },
                  {
                    path: 'appointments/windows',
                    handle: handle({ anyOf: [P.APPOINTMENTS_TIME_WINDOWS, P.APPOINTMENTS] }),
                    lazy: lazyPage(
                      () => import('#features/appointments/windows-page.tsx'),
                      (m) => m.WindowsPage,
                    ),
                  },
                  {
                    path: 'appointments/book',
                    handle: handle({ anyOf: [P.APPOINTMENTS_BOOK_OWN, P.APPOINTMENTS_BOOK] }),
                    lazy: lazyPage(
                      () => import('#features/appointments/booking-page.tsx'),
                      (m) => m.BookingPage,
                    ),
                  },
                  {
                    path: 'appointments/calendar',
                    handle: handle({
                      anyOf: [
                        P.APPOINTMENTS,
                        P.APPOINTMENTS_ALL,
                        P.APPOINTMENTS_TIME_WINDOWS,
                        P.APPOINTMENTS_BOOK_OWN,
                      ],
                    }),
                    lazy: lazyPage(
                      () => import('#features/appointments/calendar-page.tsx'),
                      (m) => m.CalendarPage,
                    ),
                  },
                  {
                    path: 'firstaid/list',
                    handle: handle({ anyOf: [P.FIRST_AID_BOOK, P.FIRST_AID_BOOK_ALL] }),
                    lazy: lazyPage(
                      () => import('#features/accidents/first-aid-book-page.tsx'),
                      (m) => m.FirstAidBookPage,
                    ),
                  },
                  {
                    path: 'instructions/list',
                    handle: handle({ anyOf: [P.TOPICS] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/topics-list-page.tsx'),
                      (m) => m.TopicsListPage,
                    ),
                  },
                  {
                    path: 'instructions/questions',
                    handle: handle({ anyOf: [P.TOPICS] }),
                    lazy: lazyPage(
                      () => import('#features/topic-content/question-overview-page.tsx'),
                      (m) => m.QuestionOverviewPage,
                    ),
                  },
                  {
                    path: 'instructions/mine',
                    handle: handle({ anyOf: [P.TOPICS_OWN] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/my-instructions-page.tsx'),
                      (m) => m.MyInstructionsPage,
                    ),
                  },
                  {
                    path: 'instructions/profiles',
                    handle: handle({ anyOf: [P.TOPICS_PROFILES] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/profiles/profiles-list-page.tsx'),
                      (m) => m.ProfilesListPage,
                    ),
                  },
                  {
                    path: 'instructions/profiles/:id',
                    handle: handle({ anyOf: [P.TOPICS_PROFILES] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/profiles/profile-page.tsx'),
                      (m) => m.ProfilePage,
                    ),
                  },
                  {
                    path: 'instructions/matrix',
                    handle: handle({ anyOf: [P.TOPICS_PROFILES, ...COMPOSITE.TOPICS_EVALUATION] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/profiles/matrix-page.tsx'),
                      (m) => m.MatrixPage,
                    ),
                  },
                  {
                    path: 'instructions/evaluations',
                    handle: handle({ anyOf: [P.TOPICS_EVALUATE] }),
                    lazy: lazyPage(
                      () => import('#features/instruction-evaluations/evaluations-page.tsx'),
                      (m) => m.EvaluationsPage,
                    ),
                  },
                  {
                    path: 'instructions/group-feedback',
                    handle: handle({ anyOf: [P.TOPICS_GROUP_FEEDBACK, ...COMPOSITE.TOPICS_EVALUATION] }),
                    lazy: lazyPage(
                      () => import('#features/group-feedback/group-feedback-page.tsx'),
                      (m) => m.GroupFeedbackPage,
                    ),
                  },
                  {
                    path: 'instructions/external',
                    handle: handle({ anyOf: [P.TOPICS_EVALUATE_EXTERNAL, P.SETTINGS_TOPICS] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/external/external-page.tsx'),
                      (m) => m.ExternalInstructionsPage,
                    ),
                  },
                  {
                    path: 'instructions/mine/:id/scorm',
                    handle: handle({ anyOf: [P.TOPICS_OWN] }),
                    lazy: lazyPage(
                      () => import('#features/scorm/scorm-player-page.tsx'),
                      (m) => m.ScormPlayerPage,
                    ),
                  },
                  {
                    path: 'instructions/mine/:id/run',
                    handle: handle({ anyOf: [P.TOPICS_OWN] }),
                    lazy: lazyPage(
                      () => import('#features/instruction-run/run-page.tsx'),
                      (m) => m.RunPage,
                    ),
                  },
                  { path: 'instructions', element: <Navigate to="/instructions/list" replace /> },
                  { path: 'instructions/edit', element: <Navigate to="/instructions/list" replace /> },
                  {
                    path: 'instructions/edit/:id',
                    handle: handle({ anyOf: [P.TOPICS] }),
                    lazy: lazyPage(
                      () => import('#features/instructions/topic-page.tsx'),
                      (m) => m.TopicPage,
                    ),
                  },
                  {
                    path: 'hazardanalysis/list',
                    handle: handle({ anyOf: COMPOSITE.HAZARDANALYSIS_LIST }),
                    lazy: lazyPage(
                      () => import('#features/hazard-analysis/hazard-analysis-list-page.tsx'),
                      (m) => m.HazardAnalysisListPage,
                    ),
                  },
                  {
                    path: 'hazardanalysis/draft',
                    handle: handle({ anyOf: [P.HAZARDANALYSIS_READONLY] }),
                    lazy: lazyPage(
                      () => import('#features/hazard-analysis/hazard-analysis-list-page.tsx'),
                      (m) => m.HazardAnalysisDraftListPage,
                    ),
                  },
                  { path: 'hazardanalysis', element: <Navigate to="/hazardanalysis/list" replace /> },
                  { path: 'hazardanalysis/ref', element: <Navigate to="/hazardanalysis/list" replace /> },
                  {
                    path: 'hazardanalysis/ref/:id',
                    handle: handle({ anyOf: COMPOSITE.HAZARDANALYSIS_LIST }),
                    lazy: lazyPage(
                      () => import('#features/hazard-analysis/hazard-analysis-ref-page.tsx'),
                      (m) => m.HazardAnalysisRefPage,
                    ),
                  },
                  {
                    path: 'hazardanalysis/:id',
                    handle: handle({ anyOf: [P.HAZARDANALYSIS_READONLY] }),
                    lazy: lazyPage(
                      () => import('#features/hazard-analysis/hazard-analysis-page.tsx'),
                      (m) => m.HazardAnalysisPage,
                    ),
                  },
                  {
                    path: 'hazardanalysis/status',
                    handle: handle({ anyOf: COMPOSITE.HAZARDANALYSISSTATUS_ANY }),
                    lazy: lazyPage(
                      () => import('#features/nohl-criteria/nohl-criteria-page.tsx'),
                      (m) => m.NohlCriteriaPage,
                    ),
                  },
                  {
                    path: 'hazardanalysis/factormenus',
                    handle: handle({ anyOf: [P.HAZARDANALYSIS_FACTOR_MENU] }),
                    lazy: lazyPage(
                      () => import('#features/factor-menus/factor-menus-list-page.tsx'),
                      (m) => m.FactorMenusListPage,
                    ),
                  },
                  {
                    path: 'hazardanalysis/factormenus/:id',
                    handle: handle({ anyOf: [P.HAZARDANALYSIS_FACTOR_MENU] }),
                    lazy: lazyPage(
                      () => import('#features/factor-menus/factor-menu-page.tsx'),
                      (m) => m.FactorMenuPage,
                    ),
                  },
                  {
                    path: 'tasks',
                    handle: handle({ anyOf: menuPermissions('/tasks') }),
                    lazy: lazyPage(
                      () => import('#features/actions/tasks-page.tsx'),
                      (m) => m.TasksPage,
                    ),
                  },
                  {
                    path: 'actions/list',
                    handle: handle({ anyOf: menuPermissions('/actions/list') }),
                    lazy: lazyPage(
                      () => import('#features/actions/actions-list-page.tsx'),
                      (m) => m.ActionsListPage,
                    ),
                  },
                  { path: 'actions', element: <Navigate to="/actions/list" replace /> },
                  {
                    path: 'documents/list',
                    handle: handle({ anyOf: [P.DOCUMENTS] }),
                    lazy: lazyPage(
                      () => import('#features/documents/documents-list-page.tsx'),
                      (m) => m.DocumentsListPage,
                    ),
                  },
                  { path: 'documents', element: <Navigate to="/documents/list" replace /> },
                  {
                    path: 'documents/:id',
                    handle: handle({ anyOf: [P.DOCUMENTS] }),
                    lazy: lazyPage(
                      () => import('#features/documents/document-page.tsx'),
                      (m) => m.DocumentPage,
                    ),
                  },
                  {
                    path: 'taskschedule/edit',
                    handle: handle({ anyOf: [P.TASK_SCHEDULE_VIEW] }),
                    lazy: lazyPage(
                      () => import('#features/scheduler/task-schedule-page.tsx'),
                      (m) => m.TaskSchedulePage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: lazyPage(
          () => import('./errors/not-found-route.tsx'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
