export const TEST_ADMIN_PASSWORD = 'Admin-Test-2026!';
export const TEST_DEMO_PASSWORD = 'Demo-Test-2026!';
/** Employees in the test template (the 10,000 of `npm start` are exercised by the browser tests). */
export const TEST_DEMO_EMPLOYEES = 300;
