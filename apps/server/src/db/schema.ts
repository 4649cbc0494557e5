/** The one aggregator drizzle-kit reads. Every module's tables are re-exported here. */

export * from '#modules/accidents/accidents.table.ts';
export * from '#modules/actions/actions.table.ts';
export * from '#modules/activities/activities.table.ts';
export * from '#modules/auth/password-resets.table.ts';
export * from '#modules/documents/documents.table.ts';
export * from '#modules/employee-import/employee-import.table.ts';
export * from '#modules/employees/employee-assignments.table.ts';
export * from '#modules/employees/employees.table.ts';
export * from '#modules/employees/location-people.table.ts';
export * from '#modules/factor-menus/factor-menus.table.ts';
export * from '#modules/hazard-analysis/hazard-analysis.table.ts';
export * from '#modules/hazard-bricks/hazard-bricks.table.ts';
export * from '#modules/instructions/instructions.table.ts';
export * from '#modules/instructions/profiles.table.ts';
export * from '#modules/instructions/reminders.table.ts';
export * from '#modules/instructions/run.table.ts';
export * from '#modules/mail/mail.table.ts';
export * from '#modules/nohl-criteria/nohl-criteria.table.ts';
export * from '#modules/organisation/organisation.table.ts';
export * from '#modules/portals/portals.table.ts';
export * from '#modules/reports/reports.table.ts';
export * from '#modules/roles/roles.table.ts';
export * from '#modules/scheduler/scheduler.table.ts';
export * from '#modules/settings/settings.table.ts';
export * from '#modules/sso/sso.table.ts';
export * from '#platform/platform.table.ts';
