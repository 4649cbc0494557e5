import jsep from 'jsep';

/**
 * The safe formula evaluator of checklists (decision 053). The same code runs in the browser (live
 * results while filling) and on the server (recomputes every result on save and refuses a forged one).
 *
 * `jsep` only parses: it turns the text into an AST and never runs anything. We evaluate that AST with a
 * whitelist: literals (number, string, boolean), variables `@name@` (cells are `@cell_<row>_<column>@`),
 * the operators below, `a ? b : c` and the functions of FORMULA_FUNCTIONS. Everything else — member access
 * (`a.b`, `a['b']`), `this`, arrays, compounds, unknown identifiers — is refused before evaluation. No value
 * of the evaluator is ever a JavaScript object, so there is no prototype to reach.
 */

/** Why a formula was refused; the German text is in FORMULA_ERROR_MESSAGES. */
export const FORMULA_ERROR_CODES = [
  'FORMULA_EMPTY',
  'FORMULA_TOO_LONG',
  'FORMULA_SYNTAX',
  'FORMULA_NOT_ALLOWED',
  'FORMULA_UNKNOWN_VARIABLE',
  'FORMULA_UNKNOWN_FUNCTION',
  'FORMULA_ARGUMENTS',
  'FORMULA_TOO_COMPLEX',
  'FORMULA_NOT_A_NUMBER',
  'FORMULA_CYCLE',
] as const;
export type FormulaErrorCode = (typeof FORMULA_ERROR_CODES)[number];

export const FORMULA_ERROR_MESSAGES: Record<FormulaErrorCode, string> = {
  FORMULA_EMPTY: 'Bitte geben Sie eine Formel ein.',
  FORMULA_TOO_LONG: 'Die Formel ist zu lang. Bitte kürzen Sie sie auf höchstens 1000 Zeichen.',
  FORMULA_SYNTAX: 'Die Formel ist fehlerhaft. Bitte prüfen Sie Klammern, Operatoren und Anführungszeichen.',
  FORMULA_NOT_ALLOWED:
    'Die Formel enthält einen nicht erlaubten Ausdruck. Erlaubt sind Zahlen, Texte, Variablen, Rechen- und Vergleichsoperatoren und die angebotenen Funktionen.',
  FORMULA_UNKNOWN_VARIABLE:
    'Die Formel verwendet eine unbekannte Variable oder Zelle. Bitte wählen Sie eine vorhandene aus.',
  FORMULA_UNKNOWN_FUNCTION:
    'Die Formel verwendet eine unbekannte Funktion. Erlaubt sind min, max, round, sum, avg, abs, floor, ceil, sqrt, pow und if.',
  FORMULA_ARGUMENTS: 'Eine Funktion der Formel hat die falsche Anzahl an Argumenten.',
  FORMULA_TOO_COMPLEX: 'Die Formel ist zu verschachtelt. Bitte vereinfachen Sie sie.',
  FORMULA_NOT_A_NUMBER:
    'Die Formel ergibt keinen gültigen Wert (z. B. Division durch null oder eine zu große Zahl).',
  FORMULA_CYCLE:
    'Die Formeln verweisen im Kreis aufeinander. Bitte entfernen Sie den Verweis auf die eigene Zelle.',
};

export class FormulaError extends Error {
  readonly code: FormulaErrorCode;
  /** What the error names (a variable, a function), for the UI. */
  readonly subject: string | undefined;
  constructor(code: FormulaErrorCode, subject?: string) {
    super(FORMULA_ERROR_MESSAGES[code]);
    this.name = 'FormulaError';
    this.code = code;
    this.subject = subject;
  }
}

/** A value inside the evaluator: never an object or a function. */
export type FormulaValue = number | string | boolean | null;

export const FORMULA_MAX_LENGTH = 1000;
const MAX_DEPTH = 40;
const MAX_NODES = 500;
const MAX_STRING = 1000;

/** Variable names: lowercase letters, digits, underscore, wrapped in at-signs. */
export const VARIABLE_NAME = /^@[a-z0-9_]+@$/;
/** Prefixes a variable may not start with: they name the values the checklist supplies itself. */
export const RESERVED_VARIABLE_PREFIXES = ['value', 'previous_value', 'cell'] as const;
const CELL_REF = /^@cell_(\d+)_(\d+)@$/;

/** The reference of a cell in formulas (`@cell_<row key>_<column key>@`). */
export function cellReference(rowKey: number, columnKey: number): string {
  return `@cell_${rowKey}_${columnKey}@`;
}
const references = new Map<string, { row: number; column: number } | null>();
/** The row and column keys of a cell reference, or null (memoised: the viewer asks on every keystroke). */
export function parseCellReference(name: string): { row: number; column: number } | null {
  const known = references.get(name);
  if (known !== undefined) return known;
  const m = CELL_REF.exec(name);
  const ref = m ? { row: Number(m[1]), column: Number(m[2]) } : null;
  if (references.size > 50_000) references.clear();
  references.set(name, ref);
  return ref;
}

const num = (v: FormulaValue): number => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v === null || v === '') return 0;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : Number.NaN;
};
const truthy = (v: FormulaValue): boolean =>
  typeof v === 'number' ? v !== 0 && !Number.isNaN(v) : Boolean(v);

type Fn = { min: number; max: number; run: (args: FormulaValue[]) => FormulaValue };
/** The functions a formula may call (`if` is lazy and handled in `evaluate`). Not an object with a prototype. */
const FUNCTIONS = new Map<string, Fn>([
  ['min', { min: 1, max: 100, run: (a) => Math.min(...a.map(num)) }],
  ['max', { min: 1, max: 100, run: (a) => Math.max(...a.map(num)) }],
  ['sum', { min: 1, max: 100, run: (a) => a.map(num).reduce((s, x) => s + x, 0) }],
  ['avg', { min: 1, max: 100, run: (a) => a.map(num).reduce((s, x) => s + x, 0) / a.length }],
  ['abs', { min: 1, max: 1, run: (a) => Math.abs(num(a[0] ?? 0)) }],
  ['floor', { min: 1, max: 1, run: (a) => Math.floor(num(a[0] ?? 0)) }],
  ['ceil', { min: 1, max: 1, run: (a) => Math.ceil(num(a[0] ?? 0)) }],
  ['sqrt', { min: 1, max: 1, run: (a) => Math.sqrt(num(a[0] ?? 0)) }],
  [
    'round',
    {
      min: 1,
      max: 2,
      run: (a) => {
        const digits = Math.trunc(num(a[1] ?? 0));
        if (digits < 0 || digits > 10) return Number.NaN;
        return roundTo(num(a[0] ?? 0), digits);
      },
    },
  ],
  [
    'pow',
    {
      min: 2,
      max: 2,
      run: (a) => {
        const exp = num(a[1] ?? 0);
        return Math.abs(exp) > 1000 ? Number.NaN : num(a[0] ?? 0) ** exp;
      },
    },
  ],
]);
export const FORMULA_FUNCTIONS = [...FUNCTIONS.keys(), 'if'];

/** Rounds half away from zero to `digits` decimals (the shown and stored result). */
export function roundTo(value: number, digits: number): number {
  const f = 10 ** digits;
  const r = (Math.sign(value) * Math.round(Math.abs(value) * f + Number.EPSILON)) / f;
  return Object.is(r, -0) ? 0 : r;
}

const BINARY = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '>',
  '<=',
  '>=',
  '&&',
  '||',
]);
const UNARY = new Set(['-', '+', '!']);

// jsep is a parser instance shared by the whole bundle: we only let '@' into identifiers (our variables).
jsep.addIdentifierChar('@');

/** A parsed, checked formula: its AST and the variables it reads. */
export type CompiledFormula = { ast: jsep.Expression; variables: string[] };

/**
 * Parses and checks a formula: syntax, allowed node types, known functions and argument counts, and (when
 * `known` is given) that every variable exists. Throws FormulaError.
 */
export function compileFormula(text: string, known?: ReadonlySet<string>): CompiledFormula {
  if (typeof text !== 'string' || text.trim() === '') throw new FormulaError('FORMULA_EMPTY');
  if (text.length > FORMULA_MAX_LENGTH) throw new FormulaError('FORMULA_TOO_LONG');
  // Bracket depth is checked on the text, before the (recursive) parser sees it.
  let open = 0;
  for (const ch of text) {
    if (ch === '(' || ch === '[') open += 1;
    else if (ch === ')' || ch === ']') open -= 1;
    if (open > MAX_DEPTH) throw new FormulaError('FORMULA_TOO_COMPLEX');
  }
  let ast: jsep.Expression;
  try {
    ast = jsep(text);
  } catch (error) {
    if (error instanceof RangeError) throw new FormulaError('FORMULA_TOO_COMPLEX');
    throw new FormulaError('FORMULA_SYNTAX');
  }
  const variables = new Set<string>();
  let nodes = 0;
  const check = (node: jsep.Expression, depth: number): void => {
    nodes += 1;
    if (depth > MAX_DEPTH || nodes > MAX_NODES) throw new FormulaError('FORMULA_TOO_COMPLEX');
    switch (node.type) {
      case 'Literal': {
        const v = (node as jsep.Literal).value;
        if (typeof v === 'number' || typeof v === 'boolean') return;
        if (typeof v === 'string') {
          if (v.length > MAX_STRING) throw new FormulaError('FORMULA_TOO_LONG');
          return;
        }
        throw new FormulaError('FORMULA_NOT_ALLOWED');
      }
      case 'Identifier': {
        const name = (node as jsep.Identifier).name;
        if (name === 'true' || name === 'false') return;
        if (!VARIABLE_NAME.test(name)) throw new FormulaError('FORMULA_NOT_ALLOWED', name);
        if (known && !known.has(name)) throw new FormulaError('FORMULA_UNKNOWN_VARIABLE', name);
        variables.add(name);
        return;
      }
      case 'BinaryExpression': {
        const b = node as jsep.BinaryExpression;
        if (!BINARY.has(b.operator)) throw new FormulaError('FORMULA_NOT_ALLOWED', b.operator);
        check(b.left, depth + 1);
        check(b.right, depth + 1);
        return;
      }
      case 'UnaryExpression': {
        const u = node as jsep.UnaryExpression;
        if (!UNARY.has(u.operator)) throw new FormulaError('FORMULA_NOT_ALLOWED', u.operator);
        check(u.argument, depth + 1);
        return;
      }
      case 'ConditionalExpression': {
        const c = node as jsep.ConditionalExpression;
        check(c.test, depth + 1);
        check(c.consequent, depth + 1);
        check(c.alternate, depth + 1);
        return;
      }
      case 'CallExpression': {
        const call = node as jsep.CallExpression;
        // Only a bare function name: `a.b()`, `f()()` and the like are refused here.
        if (call.callee.type !== 'Identifier') throw new FormulaError('FORMULA_NOT_ALLOWED');
        const name = (call.callee as jsep.Identifier).name;
        const count = call.arguments.length;
        if (name === 'if') {
          if (count !== 3) throw new FormulaError('FORMULA_ARGUMENTS', name);
        } else {
          const fn = FUNCTIONS.get(name);
          if (!fn) throw new FormulaError('FORMULA_UNKNOWN_FUNCTION', name);
          if (count < fn.min || count > fn.max) throw new FormulaError('FORMULA_ARGUMENTS', name);
        }
        for (const arg of call.arguments) check(arg, depth + 1);
        return;
      }
      default:
        // MemberExpression, ThisExpression, ArrayExpression, Compound, SequenceExpression, plugins …
        throw new FormulaError('FORMULA_NOT_ALLOWED');
    }
  };
  check(ast, 0);
  return { ast, variables: [...variables] };
}

/** Reads a variable's value; undefined for an unknown one. */
export type FormulaScope = (name: string) => FormulaValue | undefined;

function evaluate(node: jsep.Expression, scope: FormulaScope): FormulaValue {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as FormulaValue;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'true') return true;
      if (name === 'false') return false;
      const v = scope(name);
      if (v === undefined) throw new FormulaError('FORMULA_UNKNOWN_VARIABLE', name);
      return v;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, scope);
      if (u.operator === '!') return !truthy(v);
      return u.operator === '-' ? -num(v) : num(v);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (b.operator === '&&') return truthy(evaluate(b.left, scope)) && truthy(evaluate(b.right, scope));
      if (b.operator === '||') return truthy(evaluate(b.left, scope)) || truthy(evaluate(b.right, scope));
      const l = evaluate(b.left, scope);
      const r = evaluate(b.right, scope);
      switch (b.operator) {
        case '+':
          // Text joins only when one side is a non-numeric text; answers arrive as numbers.
          if (
            (typeof l === 'string' && Number.isNaN(num(l))) ||
            (typeof r === 'string' && Number.isNaN(num(r)))
          ) {
            const joined = `${l ?? ''}${r ?? ''}`;
            if (joined.length > MAX_STRING) throw new FormulaError('FORMULA_TOO_LONG');
            return joined;
          }
          return num(l) + num(r);
        case '-':
          return num(l) - num(r);
        case '*':
          return num(l) * num(r);
        case '/':
          return num(l) / num(r);
        case '%':
          return num(l) % num(r);
        case '**': {
          const exp = num(r);
          return Math.abs(exp) > 1000 ? Number.NaN : num(l) ** exp;
        }
        case '==':
        case '===':
          return typeof l === 'string' && typeof r === 'string' ? l === r : num(l) === num(r);
        case '!=':
        case '!==':
          return typeof l === 'string' && typeof r === 'string' ? l !== r : num(l) !== num(r);
        case '<':
          return num(l) < num(r);
        case '>':
          return num(l) > num(r);
        case '<=':
          return num(l) <= num(r);
        case '>=':
          return num(l) >= num(r);
        default:
          throw new FormulaError('FORMULA_NOT_ALLOWED', b.operator);
      }
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return truthy(evaluate(c.test, scope)) ? evaluate(c.consequent, scope) : evaluate(c.alternate, scope);
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const name = (call.callee as jsep.Identifier).name;
      const [a, b, c] = call.arguments;
      if (name === 'if' && a && b && c)
        return truthy(evaluate(a, scope)) ? evaluate(b, scope) : evaluate(c, scope);
      const fn = FUNCTIONS.get(name);
      if (!fn) throw new FormulaError('FORMULA_UNKNOWN_FUNCTION', name);
      return fn.run(call.arguments.map((arg) => evaluate(arg, scope)));
    }
    default:
      throw new FormulaError('FORMULA_NOT_ALLOWED');
  }
}

/**
 * Evaluates a compiled formula to a number (a total amount): booleans count 1/0, a non-finite result is
 * refused (FORMULA_NOT_A_NUMBER), the result is rounded to `fractionDigits`.
 */
export function evaluateNumber(formula: CompiledFormula, scope: FormulaScope, fractionDigits = 2): number {
  const v = evaluate(formula.ast, scope);
  const n = typeof v === 'string' ? Number.NaN : num(v);
  if (!Number.isFinite(n)) throw new FormulaError('FORMULA_NOT_A_NUMBER');
  return roundTo(n, fractionDigits);
}

/** Compiles and evaluates in one step (tests, one-off checks). */
export function evaluateFormula(
  text: string,
  values: Record<string, FormulaValue>,
  fractionDigits = 2,
): number {
  const map = new Map(Object.entries(values));
  return evaluateNumber(compileFormula(text), (name) => map.get(name), fractionDigits);
}

/** The German text of a formula error, or null when the formula is valid against `known`. */
export function formulaProblem(text: string, known?: ReadonlySet<string>): string | null {
  try {
    compileFormula(text, known);
    return null;
  } catch (error) {
    if (error instanceof FormulaError) return error.message;
    throw error;
  }
}
