import { describe, expect, it } from 'vitest';
import { compileFormula, evaluateFormula, FormulaError, formulaProblem } from './formula.ts';

function refused(text: string): string {
  try {
    evaluateFormula(text, { '@a@': 2, '@b@': 3 });
  } catch (error) {
    expect(error).toBeInstanceOf(FormulaError);
    expect((error as FormulaError).message).toMatch(/[äöüÄÖÜß]|Formel|Funktion/);
    return (error as FormulaError).code;
  }
  throw new Error(`not refused: ${text}`);
}

describe('formula evaluator', () => {
  it('computes arithmetic, comparison, logic, conditionals and functions over variables and cells', () => {
    expect(evaluateFormula('@a@ + @b@ * 2', { '@a@': 2, '@b@': 3 })).toBe(8);
    expect(evaluateFormula('(@a@ + @b@) / 4', { '@a@': 2, '@b@': 3 }, 2)).toBe(1.25);
    expect(evaluateFormula('@cell_1_2@ + @cell_2_2@', { '@cell_1_2@': 1.5, '@cell_2_2@': 2 })).toBe(3.5);
    expect(evaluateFormula('@a@ > 1 && @b@ < 3 ? 1 : 0', { '@a@': 2, '@b@': 3 })).toBe(0);
    expect(evaluateFormula('if(@a@ >= 2, 10, 20)', { '@a@': 2 })).toBe(10);
    expect(evaluateFormula('min(4, @a@, 9) + max(1, 7) + sum(1, 2, 3) + avg(2, 4)', { '@a@': 2 })).toBe(18);
    expect(evaluateFormula('round(2.345, 2) + abs(-1) + floor(1.9) + ceil(0.1)', {}, 3)).toBe(5.35);
    expect(evaluateFormula('pow(2, 10) + 2 ** 3 + 7 % 4', {})).toBe(1035);
    expect(evaluateFormula('@c@ ? 5 : 6', { '@c@': true })).toBe(5);
    expect(evaluateFormula('"ja" == "ja"', {})).toBe(1);
    expect(evaluateFormula('1 / 3', {}, 4)).toBe(0.3333);
    expect(evaluateFormula('@leer@ + 1', { '@leer@': null })).toBe(1);
  });

  it('refuses hostile formulas with a typed error and a German message', () => {
    expect(refused("constructor.constructor('return process')()")).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('@a@.constructor')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused("@a@['__proto__']")).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('__proto__.polluted')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('__proto__')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('this')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('this.process')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('process.exit()')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('globalThis')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('eval("1")')).toBe('FORMULA_UNKNOWN_FUNCTION');
    expect(refused('Function("return 1")()')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('toString()')).toBe('FORMULA_UNKNOWN_FUNCTION');
    expect(refused('constructor()')).toBe('FORMULA_UNKNOWN_FUNCTION');
    expect(refused('hasOwnProperty(1)')).toBe('FORMULA_UNKNOWN_FUNCTION');
    expect(refused('[1, 2]')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('1; 2')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('(1, 2)')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('~1')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('1 << 2')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('@a@ ?? 1')).toBe('FORMULA_NOT_ALLOWED');
    expect(refused('@a@ +')).toBe('FORMULA_SYNTAX');
    expect(refused('"abc')).toBe('FORMULA_SYNTAX');
    expect(refused('@unbekannt@ + 1')).toBe('FORMULA_UNKNOWN_VARIABLE');
    expect(refused('')).toBe('FORMULA_EMPTY');
  });

  it('refuses huge exponents, non-finite results, deep nesting and very long input', () => {
    expect(refused('10 ** 100000')).toBe('FORMULA_NOT_A_NUMBER');
    expect(refused('pow(10, 5000)')).toBe('FORMULA_NOT_A_NUMBER');
    expect(refused('10 ** 400')).toBe('FORMULA_NOT_A_NUMBER');
    expect(refused('1 / 0')).toBe('FORMULA_NOT_A_NUMBER');
    expect(refused('round(1, 100)')).toBe('FORMULA_NOT_A_NUMBER');
    expect(refused(`${'('.repeat(200)}1${')'.repeat(200)}`)).toBe('FORMULA_TOO_COMPLEX');
    expect(refused(`${'abs('.repeat(100)}1${')'.repeat(100)}`)).toBe('FORMULA_TOO_COMPLEX');
    expect(refused(Array.from({ length: 300 }, () => '1').join('+'))).toBe('FORMULA_TOO_COMPLEX');
    expect(refused(`${'1+'.repeat(600)}1`)).toBe('FORMULA_TOO_LONG');
    expect(refused(`"${'x'.repeat(600)}" + "${'y'.repeat(600)}"`)).toBe('FORMULA_TOO_LONG');
  });

  it('checks variables against the known names and reports the German text', () => {
    expect(compileFormula('@a@ + @cell_1_1@', new Set(['@a@', '@cell_1_1@'])).variables).toEqual([
      '@a@',
      '@cell_1_1@',
    ]);
    expect(formulaProblem('@a@ + @x@', new Set(['@a@']))).toContain('unbekannte Variable');
    expect(formulaProblem('@a@ +', new Set(['@a@']))).toContain('fehlerhaft');
    expect(formulaProblem('@a@ * 2', new Set(['@a@']))).toBeNull();
  });

  it('never leaks into Object.prototype', () => {
    expect(refused('__proto__')).toBe('FORMULA_NOT_ALLOWED');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
