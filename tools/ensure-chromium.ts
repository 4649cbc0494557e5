/**
 * The first step of `npm test` and `npm run test:e2e` (issue 15): the browser tests drive Debian's Chromium
 * at /usr/bin/chromium (e2e/support/browser.ts), and a fresh machine may lack it. So, before typecheck, lint
 * and the unit and API tests:
 * - present: nothing is said;
 * - missing, and this machine can install Debian packages (apt-get, run as root or with passwordless sudo):
 *   one line, then `apt-get update && apt-get install chromium`; a failed install stops the run with its output;
 * - missing otherwise: one line naming the command to run, exit code 1 — within a second.
 * CHROMIUM_CHECK_PATH replaces the path looked at; it exists for the tests of this script only (the browser
 * tests always use /usr/bin/chromium).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export const CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/** What the decision needs to know about this machine; asked only when Chromium is missing. */
export type Machine = {
  exists: (file: string) => boolean;
  isRoot: () => boolean;
  hasCommand: (name: string) => boolean;
  /** `sudo -n true` succeeds: sudo without a password. */
  passwordlessSudo: () => boolean;
};

export type Plan =
  | { kind: 'present' }
  | { kind: 'install'; sudo: boolean }
  | { kind: 'cannot'; reason: 'no apt-get' | 'not root' };

export function decide(file: string, machine: Machine): Plan {
  if (machine.exists(file)) return { kind: 'present' };
  if (!machine.hasCommand('apt-get')) return { kind: 'cannot', reason: 'no apt-get' };
  if (machine.isRoot()) return { kind: 'install', sudo: false };
  if (machine.hasCommand('sudo') && machine.passwordlessSudo()) return { kind: 'install', sudo: true };
  return { kind: 'cannot', reason: 'not root' };
}

/** The commands of an install, each an argv (`env` passes DEBIAN_FRONTEND through sudo as well). */
export function installCommands(sudo: boolean): string[][] {
  const prefix = sudo ? ['sudo', '-n'] : [];
  return [
    [...prefix, 'apt-get', 'update', '-qq'],
    [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', 'chromium'],
  ];
}

export type Run = (argv: string[]) => { status: number | null; output: string };

/** Checks, installs if it can, and answers the exit code; `print` gets every line meant for the user. */
export function ensureChromium(options: {
  file: string;
  machine: Machine;
  run: Run;
  print: (line: string) => void;
}): number {
  const { file, machine, run, print } = options;
  const plan = decide(file, machine);
  if (plan.kind === 'present') return 0;
  if (plan.kind === 'cannot') {
    print(
      `The browser tests need Chromium at ${file}, which is missing: run \`${INSTALL_COMMAND}\` (Debian/Ubuntu), then npm test again.`,
    );
    return 1;
  }
  const shown = plan.sudo ? INSTALL_COMMAND : 'apt-get install -y chromium';
  print(`Installing Debian's chromium for the browser tests (${shown}) …`);
  for (const argv of installCommands(plan.sudo)) {
    const result = run(argv);
    if (result.status !== 0) {
      const tail = result.output.trim().split('\n').slice(-15).join('\n');
      if (tail) print(tail);
      print(
        `Installing chromium failed (\`${argv.join(' ')}\` exited with ${result.status ?? 'a signal'}): run \`${INSTALL_COMMAND}\` yourself, then npm test again.`,
      );
      return 1;
    }
  }
  if (!machine.exists(file)) {
    print(
      `apt-get installed chromium, but ${file} is still missing: install it so that ${file} exists, then npm test again.`,
    );
    return 1;
  }
  return 0;
}

const thisMachine: Machine = {
  exists: (file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  isRoot: () => process.getuid?.() === 0,
  hasCommand: (name) =>
    (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .some((dir) => thisMachine.exists(path.join(dir, name))),
  passwordlessSudo: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 5_000 }).status === 0,
};

const runCommand: Run = (argv) => {
  const [command, ...args] = argv as [string, ...string[]];
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return {
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
  };
};

if (import.meta.main) {
  process.exitCode = ensureChromium({
    file: process.env.CHROMIUM_CHECK_PATH || CHROMIUM,
    machine: thisMachine,
    run: runCommand,
    print: (line) => console.error(line),
  });
}
