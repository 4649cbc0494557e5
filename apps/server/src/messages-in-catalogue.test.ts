import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every German message the server sends lives in the error catalogue of `packages/shared`
 * (`@schutzwerk/shared/errors.ts`, split by domain; issue 14). This test fails on a German string literal
 * written where the server builds a message: inside `new AppError(…)`, as the value of a `message`
 * property (also in `details`), in a `throw`, or assigned to a variable named `message` or `reason`.
 *
 * German text that is data is not a message and is not looked at: seed, base and demo data, mail template
 * defaults, task titles, PDF labels, change-log values and job summaries are written elsewhere in the code.
 */

const SERVER_SRC = fileURLToPath(new URL('.', import.meta.url));

/** Files whose German messages never reach the browser, with the reason. Keep this list short. */
const ALLOWED: Record<string, string> = {
  'config.ts': 'start-up check of the environment; the operator reads it on the console',
  'db/lock.ts': 'start-up refusal of a data directory in use; console only',
  'platform/secrets.ts': 'start-up refusal of a bad key file; console only',
  'modules/reports/report-isolation.ts':
    'failures of the report worker thread; logged, the client gets INTERNAL',
};

/** German umlauts, ß and German quotes, or a word that only German sentences use. */
const GERMAN_LETTERS = /[äöüÄÖÜß„“]/;
const GERMAN_WORDS =
  /\b(sie|bitte|nicht|wird|wurde|wurden|werden|kann|gibt|ist|sind|der|die|das|dem|den|und|oder|kein|keine|ihr|ihre|bereits|unbekannte?r?|erlaubt)\b/i;
const isGerman = (text: string) => GERMAN_LETTERS.test(text) || GERMAN_WORDS.test(text);

const MESSAGE_VARIABLES = new Set(['message', 'reason']);

export type Finding = { line: number; context: string; text: string };

/** The German literals in message positions of one source file. */
export function germanMessageLiterals(fileName: string, source: string): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const contextOf = (node: ts.Node): string | undefined => {
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      if (ts.isNewExpression(p) && ts.isIdentifier(p.expression) && p.expression.text === 'AppError') {
        return 'new AppError';
      }
      if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'message')
        return 'message:';
      if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name) && MESSAGE_VARIABLES.has(p.name.text)) {
        return `const ${p.name.text}`;
      }
      if (ts.isThrowStatement(p)) return 'throw';
      if (ts.isFunctionLike(p) || ts.isBlock(p) || ts.isSourceFile(p)) return undefined;
    }
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node)) {
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    }
    if (text !== undefined && isGerman(text) && !ts.isImportDeclaration(node.parent)) {
      const context = contextOf(node);
      if (context) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        findings.push({ line, context, text: text.slice(0, 80) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
}

function serverSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('German messages live in the shared error catalogue', () => {
  it('finds the German literal in each message position, and nothing in catalogue references', () => {
    const source = `
      throw new AppError('NO_PERMISSION', { message: 'Sie dürfen das nicht.' });
      throw new AppError('DUPLICATE', { details: [{ path: ['name'], message: \`Name \${name} bereits vergeben\` }] });
      const reason = 'Der Eintrag wird noch verwendet.';
      throw new Error('Die Datei ist beschädigt.');
      throw new AppError('NO_PERMISSION', { message: employeesMessages.chipIdForbidden });
      throw new AppError('DUPLICATE', { message: rolesMessages.nameExists(name) });
      log.warn({ path: 'x' }, 'report worker did not start');
      const title = 'Gefährdungsbeurteilung prüfen';
    `;
    expect(germanMessageLiterals('example.ts', source).map((f) => f.context)).toEqual([
      'message:',
      'message:',
      'const reason',
      'throw',
    ]);
  });

  it('no server source writes a German message inline', () => {
    const findings = serverSources(SERVER_SRC)
      .map((path) => relative(SERVER_SRC, path).split('\\').join('/'))
      .filter((path) => !(path in ALLOWED))
      .flatMap((path) =>
        germanMessageLiterals(path, readFileSync(join(SERVER_SRC, path), 'utf8')).map(
          (f) => `${path}:${f.line} (${f.context}) ${f.text}`,
        ),
      );
    expect(findings, 'move these texts into packages/shared/src/errors/<domain>.ts').toEqual([]);
  });

  it('allows only files that exist', () => {
    const sources = new Set(serverSources(SERVER_SRC).map((path) => relative(SERVER_SRC, path)));
    for (const path of Object.keys(ALLOWED)) expect(sources.has(path), path).toBe(true);
  });
});
