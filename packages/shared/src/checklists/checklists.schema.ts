import { z } from 'zod';
import { idSchema, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';
import { DRAWING_MAX_LENGTH, parseDrawing } from './drawing.ts';
import {
  type CompiledFormula,
  cellReference,
  compileFormula,
  evaluateNumber,
  FormulaError,
  type FormulaValue,
  parseCellReference,
  RESERVED_VARIABLE_PREFIXES,
  VARIABLE_NAME,
} from './formula.ts';

/**
 * Contracts of checklists (spec modules.md "Checklist"; decision 052): a grid of rows × columns whose
 * cells hold elements, variables used in formulas (decision 053), and the filled instances.
 */

export const CHECKLIST_MODULES = [
  'general',
  'hazard_analysis',
  'substances',
  'accidents',
  'audits',
  'questionnaires',
] as const;
export type ChecklistModule = (typeof CHECKLIST_MODULES)[number];

export const VARIABLE_REFERENCES = [
  'none',
  'employee',
  'year',
  'year_employee',
  'month_year',
  'month_year_employee',
  'checklist_employee',
  'emkg',
  'substance',
  'location',
] as const;
export const VARIABLE_SCOPES = ['local', 'global'] as const;

export const ELEMENT_TYPES = [
  'checkbox',
  'dropdown',
  'radio',
  'date',
  'number',
  'slider',
  'text',
  'textarea',
  'employee',
  'total',
  'tree',
  'countdown',
  'timer',
  'task',
  'documents',
  'image',
  'sql',
  'drawing',
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/** Elements without an answer typed by the filler: totals (computed) and document management (attached files). */
export const NON_INPUT_TYPES: ReadonlySet<ElementType> = new Set<ElementType>(['total', 'documents', 'sql']);

const text = (what: string, max: number) =>
  z.string().trim().min(1, `Bitte geben Sie ${what} an.`).max(max, `Höchstens ${max} Zeichen erlaubt.`);
const finite = z.number({ message: 'Bitte geben Sie eine Zahl ein.' }).finite();
const variableRef = z.string().max(80).nullable();

/** `locked`: an administrator locked the element (AUDIT_CHECKLISTS_LOCK); others cannot change or remove it. */
const base = { label: text('eine Beschriftung', 200), required: z.boolean(), locked: z.boolean().optional() };
const options = z
  .array(text('einen Auswahlwert', 200))
  .min(1, 'Bitte geben Sie mindestens einen Auswahlwert an.')
  .max(100);

export const checklistElementSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('checkbox'), ...base, variable: variableRef }),
  z.object({ type: z.literal('dropdown'), ...base, options }),
  z.object({ type: z.literal('radio'), ...base, options }),
  z.object({ type: z.literal('date'), ...base }),
  z.object({
    type: z.literal('number'),
    ...base,
    kind: z.enum(['integer', 'float']),
    min: finite.nullable(),
    max: finite.nullable(),
    variable: variableRef,
  }),
  z.object({
    type: z.literal('slider'),
    ...base,
    min: finite,
    max: finite,
    step: finite.positive('Die Schrittweite muss größer als 0 sein.'),
    variable: variableRef,
  }),
  z.object({ type: z.literal('text'), ...base, maxLength: z.number().int().min(1).max(4000) }),
  z.object({ type: z.literal('textarea'), ...base }),
  z.object({ type: z.literal('employee'), ...base }),
  z.object({
    type: z.literal('tree'),
    ...base,
    // The tree as its lines in order, each with its depth (0 = top level): what the builder's indented text
    // holds, and no recursive type to validate.
    nodes: z
      .array(z.object({ label: text('einen Knoten', 200), depth: z.number().int().min(0).max(5) }))
      .min(1, 'Bitte geben Sie mindestens einen Knoten an.')
      .max(500),
  }),
  z.object({
    type: z.literal('countdown'),
    ...base,
    minutes: z
      .number()
      .int('Die Dauer ist eine ganze Zahl von Minuten.')
      .min(1, 'Die Dauer liegt zwischen 1 und 1440 Minuten.')
      .max(1440, 'Die Dauer liegt zwischen 1 und 1440 Minuten.'),
  }),
  z.object({ type: z.literal('timer'), ...base }),
  // A photo: the answer is the id of a document attached to the filled checklist (decision 061).
  z.object({ type: z.literal('image'), ...base }),
  // A drawing board: the answer is SVG path data on a fixed board (decision 066, `drawing.ts`).
  z.object({ type: z.literal('drawing'), ...base }),
  z.object({ type: z.literal('task'), ...base, designation: text('eine Bezeichnung der Maßnahme', 200) }),
  // A value read by a SQL query through the report sandbox with the filler's data rights (decision 061).
  z.object({
    type: z.literal('sql'),
    label: base.label,
    required: z.literal(false),
    locked: base.locked,
    query: z.string().max(4000, 'Höchstens 4000 Zeichen erlaubt.'),
  }),
  z.object({
    type: z.literal('documents'),
    label: base.label,
    required: z.literal(false),
    locked: base.locked,
  }),
  z.object({
    type: z.literal('total'),
    label: base.label,
    required: z.literal(false),
    locked: base.locked,
    formula: z.string().max(2000),
    fractionDigits: z.number().int().min(0).max(6),
    variable: variableRef,
  }),
]);
export type ChecklistElement = z.infer<typeof checklistElementSchema>;

export const checklistVariableSchema = z.object({
  name: z.string().trim().min(1, 'Bitte geben Sie einen Variablennamen an.').max(80),
  alias: text('einen Alias', 200),
  defaultValue: finite,
  fractionDigits: z.number().int().min(0, 'Nachkommastellen: 0 bis 6.').max(6, 'Nachkommastellen: 0 bis 6.'),
  reference: z.enum(VARIABLE_REFERENCES),
  scope: z.enum(VARIABLE_SCOPES),
  limit: finite.nullable(),
  inDatabase: z.boolean(),
});
export type ChecklistVariable = z.infer<typeof checklistVariableSchema>;

const key = z.number().int().min(1).max(100_000);
export const checklistLineSchema = z.object({ key, label: z.string().trim().max(200) });
export const checklistCellSchema = z.object({ row: key, column: key, element: checklistElementSchema });
export type ChecklistCell = z.infer<typeof checklistCellSchema>;

/** The key of a cell in answers and results: `<row key>_<column key>`. */
export const cellKey = (row: number, column: number) => `${row}_${column}`;

/** Problems of a variable name (null: valid). */
export function variableNameProblem(name: string): string | null {
  if (!VARIABLE_NAME.test(name))
    return 'Der Variablenname besteht aus Kleinbuchstaben, Ziffern und Unterstrich zwischen zwei @ (z. B. @menge@).';
  const inner = name.slice(1, -1);
  if (RESERVED_VARIABLE_PREFIXES.some((p) => inner.startsWith(p)))
    return 'Der Variablenname darf nicht mit value, previous_value oder cell beginnen.';
  return null;
}

/** Cells that give a value to formulas (texts that are not numbers still read as text). */
const VALUE_TYPES: ReadonlySet<ElementType> = new Set<ElementType>([
  'checkbox',
  'dropdown',
  'radio',
  'date',
  'number',
  'slider',
  'text',
  'textarea',
  'employee',
  'total',
  'tree',
  'sql',
]);

/** The paths of a tree element's nodes in order ('Gebäude › Halle 1'); null for a line deeper than allowed. */
export function treePaths(nodes: readonly { label: string; depth: number }[]): (string | null)[] {
  const stack: string[] = [];
  return nodes.map((n) => {
    if (n.depth > stack.length) return null;
    stack.length = n.depth;
    stack.push(n.label.trim());
    return stack.join(TREE_SEPARATOR);
  });
}
export const TREE_SEPARATOR = ' › ';

type Definition = {
  rows: { key: number }[];
  columns: { key: number }[];
  cells: ChecklistCell[];
  variables: ChecklistVariable[];
};

/** The names a formula of the definition may use: the variables and the cell references. */
export function knownNames(def: Definition): Set<string> {
  const names = new Set(def.variables.map((v) => v.name));
  for (const c of def.cells) if (VALUE_TYPES.has(c.element.type)) names.add(cellReference(c.row, c.column));
  return names;
}

/** The rules of a checklist's grid, variables and formulas (shared by the builder and the server). */
export function checkDefinition(def: Definition, ctx: z.RefinementCtx): void {
  const rowKeys = new Set<number>();
  def.rows.forEach((r, i) => {
    if (rowKeys.has(r.key))
      ctx.addIssue({ code: 'custom', path: ['rows', i, 'key'], message: 'Doppelte Zeile.' });
    rowKeys.add(r.key);
  });
  const columnKeys = new Set<number>();
  def.columns.forEach((c, i) => {
    if (columnKeys.has(c.key))
      ctx.addIssue({ code: 'custom', path: ['columns', i, 'key'], message: 'Doppelte Spalte.' });
    columnKeys.add(c.key);
  });
  const names = new Set<string>();
  def.variables.forEach((v, i) => {
    const problem = variableNameProblem(v.name);
    if (problem) ctx.addIssue({ code: 'custom', path: ['variables', i, 'name'], message: problem });
    else if (names.has(v.name))
      ctx.addIssue({
        code: 'custom',
        path: ['variables', i, 'name'],
        message: `Die Variable ${v.name} ist bereits vorhanden. Bitte wählen Sie einen anderen Namen.`,
      });
    names.add(v.name);
  });
  const known = knownNames(def);
  const seen = new Set<string>();
  const bound = new Set<string>();
  def.cells.forEach((cell, i) => {
    const k = cellKey(cell.row, cell.column);
    if (!rowKeys.has(cell.row) || !columnKeys.has(cell.column))
      ctx.addIssue({ code: 'custom', path: ['cells', i], message: 'Die Zelle liegt außerhalb des Rasters.' });
    if (seen.has(k))
      ctx.addIssue({ code: 'custom', path: ['cells', i], message: 'Die Zelle enthält bereits ein Element.' });
    seen.add(k);
    const el = cell.element;
    if ('variable' in el && el.variable) {
      if (!names.has(el.variable))
        ctx.addIssue({
          code: 'custom',
          path: ['cells', i, 'element', 'variable'],
          message: `Die Variable ${el.variable} ist nicht angelegt.`,
        });
      else if (bound.has(el.variable))
        ctx.addIssue({
          code: 'custom',
          path: ['cells', i, 'element', 'variable'],
          message: `Die Variable ${el.variable} ist bereits einer anderen Zelle zugeordnet.`,
        });
      bound.add(el.variable);
    }
    if (
      (el.type === 'number' || el.type === 'slider') &&
      el.min !== null &&
      el.max !== null &&
      el.min > el.max
    )
      ctx.addIssue({
        code: 'custom',
        path: ['cells', i, 'element', 'max'],
        message: 'Der Höchstwert muss größer oder gleich dem Mindestwert sein.',
      });
    if (el.type === 'tree') {
      const paths = treePaths(el.nodes);
      const unique = new Set<string>();
      paths.forEach((path, n) => {
        if (path === null)
          ctx.addIssue({
            code: 'custom',
            path: ['cells', i, 'element', 'nodes'],
            message: `Der Knoten „${el.nodes[n]?.label}“ ist zu tief eingerückt: Er braucht einen übergeordneten Knoten.`,
          });
        else if (unique.has(path))
          ctx.addIssue({
            code: 'custom',
            path: ['cells', i, 'element', 'nodes'],
            message: `Der Knoten „${path}“ kommt doppelt vor.`,
          });
        if (path !== null) unique.add(path);
      });
    }
    if (el.type === 'total') {
      try {
        compileFormula(el.formula, known);
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        ctx.addIssue({ code: 'custom', path: ['cells', i, 'element', 'formula'], message: error.message });
      }
    }
  });
  if (!ctx.aborted) {
    const cycle = findCycle(def);
    if (cycle !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['cells', cycle, 'element', 'formula'],
        message: new FormulaError('FORMULA_CYCLE').message,
      });
  }
}

/** The index of a total cell whose formula depends on itself (through cells and bound variables), or null. */
function findCycle(def: Definition): number | null {
  const plan = planOf(def);
  if (!plan) return null;
  const state = new Map<string, 1 | 2>();
  const visit = (k: string): boolean => {
    const s = state.get(k);
    if (s === 2) return false;
    if (s === 1) return true;
    state.set(k, 1);
    for (const dep of plan.deps.get(k) ?? []) if (visit(dep)) return true;
    state.set(k, 2);
    return false;
  };
  for (const [i, cell] of def.cells.entries())
    if (cell.element.type === 'total' && visit(cellKey(cell.row, cell.column))) return i;
  return null;
}

type Plan = {
  formulas: Map<string, { compiled: CompiledFormula; digits: number }>;
  /** cell key → the cell keys its formula reads (directly or through a bound variable). */
  deps: Map<string, string[]>;
  /** variable name → the key of the cell it is bound to. */
  boundCell: Map<string, string>;
};

/** Plans by cells array: the viewer recomputes on every keystroke over the same definition. */
const plans = new WeakMap<readonly ChecklistCell[], Plan | null>();

function planOf(def: Definition): Plan | null {
  const cached = plans.get(def.cells);
  if (cached !== undefined) return cached;
  const plan = buildPlan(def);
  plans.set(def.cells, plan);
  return plan;
}

function buildPlan(def: Definition): Plan | null {
  const formulas = new Map<string, { compiled: CompiledFormula; digits: number }>();
  const boundCell = new Map<string, string>();
  for (const c of def.cells)
    if ('variable' in c.element && c.element.variable)
      boundCell.set(c.element.variable, cellKey(c.row, c.column));
  const deps = new Map<string, string[]>();
  for (const c of def.cells) {
    if (c.element.type !== 'total') continue;
    let compiled: CompiledFormula;
    try {
      compiled = compileFormula(c.element.formula);
    } catch {
      return null;
    }
    const k = cellKey(c.row, c.column);
    formulas.set(k, { compiled, digits: c.element.fractionDigits });
    deps.set(
      k,
      compiled.variables.flatMap((name) => {
        const ref = parseCellReference(name);
        if (ref) return [cellKey(ref.row, ref.column)];
        const b = boundCell.get(name);
        return b ? [b] : [];
      }),
    );
  }
  return { formulas, deps, boundCell };
}

/** An answer: what a cell holds (number, checkbox, text, option, ISO date, employee id). */
/** Strings up to the drawing board's path data; every other text stays within 4000 characters (`answerFits`). */
export const answerValueSchema = z.union([
  z.number().finite(),
  z.string().max(DRAWING_MAX_LENGTH),
  z.boolean(),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export type Answers = Record<string, AnswerValue>;
/** Results of the total cells: a number, or null when the formula gives no valid value (÷ 0). */
export type Results = Record<string, number | null>;

/**
 * Computes every total cell of a checklist from the answers, in dependency order (the same code in the
 * browser while filling and on the server on save). A definition with a bad formula or a cycle never
 * reaches this (checkDefinition refuses it); a formula that fails on these answers gives null.
 */
export function computeResults(def: Definition, answers: Answers): Results {
  const plan = planOf(def);
  const results: Results = {};
  if (!plan) return results;
  const variables = new Map(def.variables.map((v) => [v.name, v]));
  const computing = new Set<string>();
  const valueOfCell = (k: string): FormulaValue => {
    const f = plan.formulas.get(k);
    if (!f) return answers[k] ?? null;
    if (k in results) return results[k] ?? null;
    if (computing.has(k)) throw new FormulaError('FORMULA_CYCLE');
    computing.add(k);
    let value: number | null;
    try {
      value = evaluateNumber(f.compiled, scope, f.digits);
    } catch (error) {
      if (!(error instanceof FormulaError) || error.code === 'FORMULA_CYCLE') throw error;
      value = null;
    }
    computing.delete(k);
    results[k] = value;
    return value;
  };
  function scope(name: string): FormulaValue | undefined {
    const ref = parseCellReference(name);
    if (ref) return valueOfCell(cellKey(ref.row, ref.column));
    const v = variables.get(name);
    if (!v) return undefined;
    const b = plan?.boundCell.get(name);
    const bound = b === undefined ? null : valueOfCell(b);
    return bound === null || bound === '' ? v.defaultValue : bound;
  }
  for (const k of plan.formulas.keys()) valueOfCell(k);
  return results;
}

/** Whether a cell counts as answered. */
export function isAnswered(el: ChecklistElement, value: AnswerValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (el.type === 'checkbox') return value === true;
  // A time recording counts once it is stopped.
  if (el.type === 'timer') return typeof value === 'string' && parseInterval(value)?.stop != null;
  return value !== '';
}

/** Progress in percent: answered input cells (totals and documents excluded) of all input cells; 100 without any. */
export function progressOf(def: Definition, answers: Answers): number {
  const inputs = def.cells.filter((c) => !NON_INPUT_TYPES.has(c.element.type));
  if (inputs.length === 0) return 100;
  const answered = inputs.filter((c) => isAnswered(c.element, answers[cellKey(c.row, c.column)])).length;
  return Math.floor((answered * 100) / inputs.length);
}

// ── the checklist record ───────────────────────────────────────────────────────────────────────────

/** Rights types (spec): who sees a checklist and who may fill it — employees, roles, locations. */
export const CHECKLIST_RIGHT_KINDS = ['employee', 'role', 'location'] as const;
export const checklistRightSchema = z.object({
  kind: z.enum(CHECKLIST_RIGHT_KINDS),
  id: z.number().int().positive(),
  /** true: may fill; false: may only see. */
  edit: z.boolean(),
});
export type ChecklistRight = z.infer<typeof checklistRightSchema>;

const checklistFields = {
  label: text('eine Bezeichnung', 200),
  category: z.string().trim().max(200),
  module: z.enum(CHECKLIST_MODULES),
  active: z.boolean(),
  requiredProgress: z
    .number()
    .int()
    .min(0, 'Der erforderliche Fortschritt liegt zwischen 0 und 100 %.')
    .max(100, 'Der erforderliche Fortschritt liegt zwischen 0 und 100 %.'),
  cloneMaximum: z
    .number()
    .int()
    .min(0, 'Die Höchstzahl der Kopien liegt zwischen 0 und 100.')
    .max(100, 'Die Höchstzahl der Kopien liegt zwischen 0 und 100.'),
  rows: z.array(checklistLineSchema).max(200),
  columns: z.array(checklistLineSchema).max(50),
  cells: z.array(checklistCellSchema).max(10_000),
  variables: z.array(checklistVariableSchema).max(500),
  /** Empty: everyone with the checklist rights; else only the named employees, roles and locations. */
  rights: z
    .array(checklistRightSchema)
    .max(500)
    .refine(
      (rights) => new Set(rights.map((r) => `${r.kind}:${r.id}`)).size === rights.length,
      'Jeder Mitarbeiter, jede Rolle und jeder Ort darf nur einmal in den Rechten stehen.',
    ),
  /** Editing blocked by an administrator (AUDIT_CHECKLISTS_LOCK). */
  locked: z.boolean(),
};

export const createChecklistSchema = z
  .object({
    label: checklistFields.label,
    category: checklistFields.category.default(''),
    module: checklistFields.module.default('general'),
  })
  .strict();
export type CreateChecklist = z.infer<typeof createChecklistSchema>;

export const updateChecklistSchema = z
  .object({ version: versionSchema, ...requiredFields(checklistFields) })
  .strict()
  .superRefine(checkDefinition);
export type UpdateChecklist = z.infer<typeof updateChecklistSchema>;

export const checklistSchema = z.object({
  id: idSchema,
  version: z.number().int(),
  label: z.string(),
  category: z.string(),
  module: z.enum(CHECKLIST_MODULES),
  active: z.boolean(),
  requiredProgress: z.number().int(),
  cloneMaximum: z.number().int(),
  rows: z.array(checklistLineSchema),
  columns: z.array(checklistLineSchema),
  cells: z.array(checklistCellSchema),
  variables: z.array(checklistVariableSchema),
  rights: z.array(checklistRightSchema.extend({ name: z.string() })),
  locked: z.boolean(),
  /** The checklist this one was cloned from, and how many clones this one has. */
  clonedFromId: z.number().int().nullable(),
  cloneCount: z.number().int(),
  instanceCount: z.number().int(),
  updatedAt: z.string(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** A stored earlier state of a checklist definition (saved before every change; decision 061). */
export const checklistBackupSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  label: z.string(),
  cellCount: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ChecklistBackup = z.infer<typeof checklistBackupSchema>;
export const backupParamsSchema = z.object({ id: idSchema, backupId: idSchema });

/** The portable part of a checklist: what export writes and import reads (no rights, locks or clones). */
export const CHECKLIST_EXPORT_FORMAT = 'schutzwerk-checklist';
export const checklistExportSchema = z
  .object({
    format: z.literal(CHECKLIST_EXPORT_FORMAT, {
      message: 'Die Datei ist kein Checklisten-Export von Schutzwerk.',
    }),
    formatVersion: z.literal(1, { message: 'Diese Version des Checklisten-Exports wird nicht unterstützt.' }),
    checklist: z
      .object({
        label: checklistFields.label,
        category: checklistFields.category,
        module: checklistFields.module,
        requiredProgress: checklistFields.requiredProgress,
        cloneMaximum: checklistFields.cloneMaximum,
        rows: checklistFields.rows,
        columns: checklistFields.columns,
        cells: checklistFields.cells,
        variables: checklistFields.variables,
      })
      .superRefine(checkDefinition),
  })
  .strict();
export type ChecklistExport = z.infer<typeof checklistExportSchema>;
/** Import: the file's text as read by the browser (at most 5 MB). */
export const importChecklistSchema = z
  .object({
    content: z
      .string()
      .min(1, 'Die Datei ist leer.')
      .max(5_000_000, 'Die Datei ist zu groß (höchstens 5 MB).'),
  })
  .strict();

export const checklistListQuerySchema = listQuerySchema.extend({
  status: z.enum(['active', 'inactive', 'all']).optional().default('active'),
});
export const checklistRowSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  category: z.string(),
  module: z.enum(CHECKLIST_MODULES),
  active: z.boolean(),
  cellCount: z.number().int(),
  updatedAt: z.string(),
});
export type ChecklistRow = z.infer<typeof checklistRowSchema>;

// ── filled instances ───────────────────────────────────────────────────────────────────────────────

export const CHECKLIST_INSTANCE_STATUSES = ['undone', 'done'] as const;

export const checklistInstanceSchema = z.object({
  id: idSchema,
  checklistId: idSchema,
  module: z.enum(CHECKLIST_MODULES),
  recordId: z.number().int().nullable(),
  status: z.enum(CHECKLIST_INSTANCE_STATUSES),
  answers: z.record(z.string(), answerValueSchema),
  results: z.record(z.string(), z.number().nullable()),
  progress: z.number().int(),
  /** Viewer status (decision 059): shared with the linked record's people. */
  visible: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
  /** The employees picked in employee cells (names resolved on read). */
  employees: z.array(
    z.object({
      id: z.number().int(),
      personnelNumber: z.string(),
      lastName: z.string(),
      firstName: z.string(),
    }),
  ),
  /** The actions of task cells by cell key, with their state. */
  actions: z.record(
    z.string(),
    z.object({
      id: z.number().int(),
      designation: z.string(),
      done: z.boolean(),
      dueDate: z.string().nullable(),
    }),
  ),
});
export type ChecklistInstance = z.infer<typeof checklistInstanceSchema>;

/** A task cell's action (task tracking): created in the actions module, its id becomes the cell's answer. */
export const createCellActionSchema = z
  .object({
    version: versionSchema,
    cell: z
      .string()
      .regex(/^\d+_\d+$/)
      .max(20),
    designation: text('eine Bezeichnung', 200),
    responsibleId: z
      .number({ message: 'Bitte wählen Sie eine verantwortliche Person aus.' })
      .int()
      .positive('Bitte wählen Sie eine verantwortliche Person aus.'),
    dueDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte geben Sie ein gültiges Datum ein.')
      .nullable(),
  })
  .strict();
export type CreateCellAction = z.infer<typeof createCellActionSchema>;

export const saveChecklistInstanceSchema = z
  .object({
    version: versionSchema,
    answers: z.record(
      z
        .string()
        .regex(/^\d+_\d+$/)
        .max(20),
      answerValueSchema,
    ),
    results: z.record(
      z
        .string()
        .regex(/^\d+_\d+$/)
        .max(20),
      z.number().finite().nullable(),
    ),
    status: z.enum(CHECKLIST_INSTANCE_STATUSES),
    /** Answers kept offline and sent later (decision 059): a stale version answers OFFLINE_CONFLICT. */
    offline: z.boolean().optional(),
  })
  .strict();
export type SaveChecklistInstance = z.infer<typeof saveChecklistInstanceSchema>;

export const instanceParamsSchema = z.object({ id: idSchema, instanceId: idSchema });

/** Whether a value fits its element (the server refuses answers that do not). */
export function answerFits(el: ChecklistElement, value: AnswerValue): boolean {
  if (value === null) return true;
  if (el.type === 'drawing') return typeof value === 'string' && parseDrawing(value) !== null;
  if (typeof value === 'string' && value.length > TEXT_MAX_LENGTH) return false;
  switch (el.type) {
    case 'checkbox':
      return typeof value === 'boolean';
    case 'dropdown':
    case 'radio':
      return typeof value === 'string' && (value === '' || el.options.includes(value));
    case 'date':
      return typeof value === 'string' && (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value));
    case 'number':
      return (
        typeof value === 'number' &&
        (el.kind === 'float' || Number.isInteger(value)) &&
        (el.min === null || value >= el.min) &&
        (el.max === null || value <= el.max)
      );
    case 'slider':
      return typeof value === 'number' && value >= el.min && value <= el.max;
    case 'text':
      return typeof value === 'string' && value.length <= el.maxLength;
    case 'textarea':
      return typeof value === 'string';
    case 'employee':
      return typeof value === 'number' && Number.isInteger(value) && value > 0;
    case 'tree':
      return typeof value === 'string' && (value === '' || treePaths(el.nodes).includes(value));
    case 'countdown':
      return typeof value === 'string' && (value === '' || isInstant(value));
    case 'timer':
      return typeof value === 'string' && (value === '' || parseInterval(value) !== null);
    case 'image':
      return typeof value === 'number' && Number.isInteger(value) && value > 0;
    case 'sql':
      // Set by the server from the query; the filler sends the stored value back unchanged.
      return typeof value === 'number' || typeof value === 'string';
    case 'task':
      // The action's id: set by the server when the action is created, never by the filler.
      return typeof value === 'number' && Number.isInteger(value) && value > 0;
    case 'documents':
    case 'total':
      return false;
  }
}
/** The longest text answer (drawings excepted). */
const TEXT_MAX_LENGTH = 4000;

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const isInstant = (v: string) => INSTANT.test(v) && !Number.isNaN(Date.parse(v));

/**
 * A time recording's answer: an ISO 8601 interval `<start>/<stop>` in UTC, `<start>/` while it runs.
 * Null when malformed or the stop lies before the start.
 */
export function parseInterval(value: string): { start: Date; stop: Date | null } | null {
  const [start, stop, ...rest] = value.split('/');
  if (rest.length > 0 || start === undefined || stop === undefined || !isInstant(start)) return null;
  if (stop === '') return { start: new Date(start), stop: null };
  if (!isInstant(stop) || Date.parse(stop) < Date.parse(start)) return null;
  return { start: new Date(start), stop: new Date(stop) };
}
