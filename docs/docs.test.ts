import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The docs stay true to the tree (issue 14, part 6): the map names every module and feature; one decision layout. */
const docs = import.meta.dirname;
const root = path.resolve(docs, '..');
const architecture = fs.readFileSync(path.join(docs, 'ARCHITECTURE.md'), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

describe('docs/ARCHITECTURE.md', () => {
  it('names every server module and every web feature', () => {
    const unnamed = [
      ...folders('apps/server/src/modules')
        .filter((m) => !architecture.includes(`${m}/`))
        .map((m) => `apps/server/src/modules/${m}`),
      ...folders('apps/web/src/features')
        .filter((f) => !new RegExp(`\\b${f}\\b`).test(architecture))
        .map((f) => `apps/web/src/features/${f}`),
    ];
    expect(unnamed, 'add these folders to docs/ARCHITECTURE.md').toEqual([]);
  });
});

describe('docs/decisions', () => {
  const files = fs.readdirSync(path.join(docs, 'decisions')).filter((f) => /^\d{3}-.+\.md$/.test(f));

  it('are numbered without gaps or duplicates', () => {
    const numbers = files.map((f) => Number(f.slice(0, 3))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(files)('%s follows the template of docs/decisions/README.md', (file) => {
    const text = fs.readFileSync(path.join(docs, 'decisions', file), 'utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^# ${file.slice(0, 3)} — \\S`));
    expect(text).toMatch(/^- Date: \d{4}-\d{2}-\d{2}$/m);
    expect(text).toMatch(/^- Status: \S/m);
    const sections = lines.filter((l) => l.startsWith('## ')).map((l) => l.slice(3).trim());
    const core = sections.filter((s) => ['Context', 'Decision', 'Consequences'].includes(s));
    expect(core, 'the sections Context, Decision and Consequences, in this order').toEqual([
      'Context',
      'Decision',
      'Consequences',
    ]);
  });
});

describe('import boundaries (decision 029)', () => {
  const read = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as unknown[];

  it('the known violations only shrink: lower these numbers when you remove some, never raise them', () => {
    expect(read('.dependency-cruiser-known-violations.json').length).toBeLessThanOrEqual(0);
    const cycles = read('tools/known-module-cycles.json') as string[][];
    expect(cycles.length).toBeLessThanOrEqual(0);
    expect(cycles.flat().length).toBeLessThanOrEqual(0);
  });
});

describe('one server anatomy (decision 031)', () => {
  const modules = path.join(root, 'apps/server/src/modules');
  const filesOf = (module: string) => fs.readdirSync(path.join(modules, module));
  const text = (module: string, file: string) => fs.readFileSync(path.join(modules, module, file), 'utf8');

  it('every module has a repository', () => {
    const without = folders('apps/server/src/modules').filter(
      (m) => !filesOf(m).some((f) => f.endsWith('.repository.ts')),
    );
    expect(without, 'give these modules a <name>.repository.ts').toEqual([]);
  });

  it('repositories take the executor first and close over no database', () => {
    const found: string[] = [];
    for (const m of folders('apps/server/src/modules')) {
      for (const f of filesOf(m).filter((f) => f.endsWith('.repository.ts'))) {
        const source = text(m, f);
        // A factory with a parameter closes over a database; an optional executor can silently be left out.
        if (/export function create\w*Repository\(\s*\w/.test(source)) found.push(`${m}/${f}: factory`);
        if (/\b(ex|tx)\??: Executor\s*=|\b(ex|tx)\?: Executor/.test(source)) {
          found.push(`${m}/${f}: optional executor`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  const query =
    /sql`|\.select(Distinct)?\(|\.execute\(|queryRows\(|\b(db|ex|tx)\s*\.(insert|update|delete)\(/;
  // Comments may name `sql` (reports.base-data.ts does); only code counts.
  const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  /**
   * Files of a module that may hold SQL although they are no repository (module/file). Shrink this list,
   * never grow it: a new query goes into the module's repository.
   */
  const sqlOutsideRepositories = [
    // The report engine (decision 031): runs administrator SQL under a role and sets up roles and row
    // policies; it does not access the module's tables. (Its third file, report-isolation.ts, sends plain
    // strings through a worker's client.query() and does not match.)
    'reports/report-runner.ts',
    'reports/report-data-rights.ts',
  ];
  const withSql = () =>
    folders('apps/server/src/modules').flatMap((m) =>
      filesOf(m)
        .filter((f) => f.endsWith('.ts') && !/\.(repository|table|test)\.ts$/.test(f))
        .filter((f) => query.test(code(text(m, f))))
        .map((f) => `${m}/${f}`),
    );

  it('services and the other files hold rules, not SQL: the queries live in the repositories', () => {
    const found = withSql().filter((f) => !sqlOutsideRepositories.includes(f));
    expect(found, "move these queries into the module's repository").toEqual([]);
  });

  it('the allow-list names only files that still hold SQL', () => {
    const found = new Set(withSql());
    const stale = sqlOutsideRepositories.filter((f) => !found.has(f));
    expect(stale, 'remove these from sqlOutsideRepositories').toEqual([]);
  });
});

describe('docs/glossary.md', () => {
  it('names only tables and columns that exist (snake_case names in backticks)', () => {
    const tables = new Set<string>();
    const columns = new Set<string>();
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const full = path.join(dir, e.name);
        return e.isDirectory() ? walk(full) : e.name.endsWith('.table.ts') ? [full] : [];
      });
    for (const file of walk(path.join(root, 'apps/server/src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)) tables.add(m[1] as string);
      for (const m of text.matchAll(/\(\s*'([a-z_]+)'/g)) columns.add(m[1] as string);
    }
    // Names in the glossary that are no table or column: an attach-API entity, the report role, a cookie.
    const notSchema = new Set(['hazard_analysis', 'schutzwerk_report', 'sw_sso']);
    const glossary = fs.readFileSync(path.join(docs, 'glossary.md'), 'utf8');
    const unknown = [...glossary.matchAll(/`([a-z]+_[a-z_]+)`/g)]
      .map((m) => m[1] as string)
      .filter((name) => !tables.has(name) && !columns.has(name) && !notSchema.has(name));
    expect([...new Set(unknown)]).toEqual([]);
  });
});
