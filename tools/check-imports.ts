/**
 * The import boundaries of decision 029, run by `npm run lint`:
 * 1. dependency-cruiser with .dependency-cruiser.cjs (file cycles, layers, modules and features only through
 *    their index.ts); the violations listed in .dependency-cruiser-known-violations.json are tolerated;
 * 2. no cycle between server modules or between web features: the file graph collapsed to one node per
 *    module / feature (dependency-cruiser checks cycles between files only).
 *    Cycles that existed when the rule came (tools/known-module-cycles.json) are tolerated while no other
 *    module joins them; that list only shrinks.
 * Exit code 1 on any violation, with one line each.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

type Dependency = { resolved: string; coreModule?: boolean; couldNotResolve?: boolean };
type Module = { source: string; dependencies: Dependency[] };
type Violation = { from: string; to: string; rule: { severity: string; name: string } };
type Result = { modules: Module[]; summary: { violations: Violation[]; baselineStale?: number } };

const root = path.resolve(import.meta.dirname, '..');
// Run with this process's Node (24; dependency-cruiser refuses the machine's Node 20 a shebang would find).
const bin = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const output = execFileSync(
  process.execPath,
  [
    bin,
    'apps',
    'packages',
    '--ignore-known',
    '.dependency-cruiser-known-violations.json',
    '--output-type',
    'json',
  ],
  { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
);
const result = JSON.parse(output) as Result;
const problems: string[] = result.summary.violations
  .filter((v) => v.rule.severity === 'error')
  .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

/** The module or feature a file belongs to, or null. */
const unitOf = (file: string) =>
  /^apps\/(?:server\/src\/modules|web\/src\/features)\/[^/]+/.exec(file)?.[0] ?? null;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const edges = new Map<string, Set<string>>();
for (const module of result.modules) {
  const from = unitOf(module.source);
  if (!from || isTest(module.source)) continue;
  for (const dependency of module.dependencies) {
    const to = unitOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from)?.add(to);
  }
}
const knownCycles = (
  JSON.parse(fs.readFileSync(path.join(root, 'tools', 'known-module-cycles.json'), 'utf8')) as string[][]
).map((cycle) => new Set(cycle));
// Tarjan's strongly connected components: every component with more than one unit is a cycle.
let index = 0;
const indices = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const visit = (unit: string): void => {
  indices.set(unit, index);
  low.set(unit, index);
  index += 1;
  stack.push(unit);
  onStack.add(unit);
  for (const next of edges.get(unit) ?? []) {
    if (!indices.has(next)) {
      visit(next);
      low.set(unit, Math.min(low.get(unit) ?? 0, low.get(next) ?? 0));
    } else if (onStack.has(next)) {
      low.set(unit, Math.min(low.get(unit) ?? 0, indices.get(next) ?? 0));
    }
  }
  if (low.get(unit) === indices.get(unit)) {
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== unit);
    if (component.length > 1 && !knownCycles.some((known) => component.every((unit) => known.has(unit)))) {
      problems.push(`no-module-or-feature-cycle: ${component.sort().join(' ⇄ ')}`);
    }
  }
};
for (const unit of edges.keys()) if (!indices.has(unit)) visit(unit);

if (problems.length > 0) {
  console.error(`Import boundaries (decision 029): ${problems.length} violation(s)`);
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
const tolerated = result.summary.violations.length;
console.info(
  `Import boundaries (decision 029): no new violation (${tolerated} known, listed in .dependency-cruiser-known-violations.json).`,
);
