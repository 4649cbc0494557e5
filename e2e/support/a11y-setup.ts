import { afterEach, beforeEach } from 'vitest';
import { beginAccessibilityTest, endAccessibilityTest } from './a11y.ts';

// Every browser test: axe-core checks each page it opened (support/a11y.ts); serious or critical
// violations fail the test at its end.
beforeEach(() => {
  beginAccessibilityTest();
});

afterEach(async () => {
  await endAccessibilityTest();
});
