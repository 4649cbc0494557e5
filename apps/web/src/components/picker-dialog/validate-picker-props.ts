/**
 * Prop rules of the list picker (spec shell §5.1): text props must be non-blank; a value must be empty,
 * an object, a string or a number. Pure so it can be tested; the dialog reports violations in development.
 */
export type PickerPropsToValidate = {
  title?: unknown;
  searchLabel?: unknown;
  applyLabel?: unknown;
  closeLabel?: unknown;
  emptyText?: unknown;
  value?: unknown;
};

const TEXT_PROPS = ['title', 'searchLabel', 'applyLabel', 'closeLabel', 'emptyText'] as const;

export function isValidPickerValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' || typeof value === 'object';
}

/** The violated rules as readable messages (empty when the props are fine). */
export function validatePickerProps(props: PickerPropsToValidate): string[] {
  const problems: string[] = [];
  for (const name of TEXT_PROPS) {
    const text = props[name];
    if (text === undefined) continue;
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(
        `PickerDialog: prop "${name}" must be a non-blank string, got ${JSON.stringify(text) ?? String(text)}.`,
      );
    }
  }
  if (!isValidPickerValue(props.value)) {
    const kind = typeof props.value;
    problems.push(`PickerDialog: prop "value" must be empty, an object, a string or a number, got ${kind}.`);
  }
  return problems;
}

/** Reports violations: console.error always, and throws in development so the mistake is not missed. */
export function assertPickerProps(props: PickerPropsToValidate, throwOnError: boolean): void {
  const problems = validatePickerProps(props);
  if (problems.length === 0) return;
  for (const problem of problems) console.error(problem);
  if (throwOnError) throw new Error(problems.join(' '));
}
