import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  decide,
  ensureChromium,
  INSTALL_COMMAND,
  installCommands,
  type Machine,
} from './ensure-chromium.ts';

/** A machine as the test describes it; `installs` = chromium is there once apt-get install has run. */
function machine(facts: {
  present?: boolean;
  root?: boolean;
  aptGet?: boolean;
  sudo?: boolean;
  passwordlessSudo?: boolean;
  installs?: boolean;
}) {
  const state = { present: facts.present ?? false };
  const asked: string[] = [];
  const m: Machine = {
    exists: () => state.present,
    isRoot: () => {
      asked.push('root');
      return facts.root ?? false;
    },
    hasCommand: (name) => {
      asked.push(name);
      return name === 'apt-get' ? (facts.aptGet ?? false) : name === 'sudo' ? (facts.sudo ?? false) : false;
    },
    passwordlessSudo: () => {
      asked.push('sudo -n');
      return facts.passwordlessSudo ?? false;
    },
  };
  return { m, state, asked };
}

function run(facts: Parameters<typeof machine>[0], failAt?: string) {
  const { m, state, asked } = machine(facts);
  const commands: string[] = [];
  const lines: string[] = [];
  const code = ensureChromium({
    file: CHROMIUM,
    machine: m,
    run: (argv) => {
      commands.push(argv.join(' '));
      if (failAt && argv.includes(failAt))
        return { status: 100, output: 'E: Unable to locate package chromium\n' };
      if (argv.includes('install') && facts.installs !== false) state.present = true;
      return { status: 0, output: '' };
    },
    print: (line) => lines.push(line),
  });
  return { code, commands, lines, asked };
}

describe('ensure-chromium: the first step of npm test', () => {
  it('says nothing and asks nothing more when chromium is present', () => {
    const result = run({ present: true, root: true, aptGet: true });
    expect(result).toEqual({ code: 0, commands: [], lines: [], asked: [] });
  });

  it('installs it with apt-get as root, announced in one line', () => {
    const result = run({ root: true, aptGet: true });
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      "Installing Debian's chromium for the browser tests (apt-get install -y chromium) …",
    ]);
    expect(result.commands).toEqual([
      'apt-get update -qq',
      'env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
    ]);
  });

  it('installs it through sudo -n where sudo needs no password', () => {
    const result = run({ aptGet: true, sudo: true, passwordlessSudo: true });
    expect(result.code).toBe(0);
    expect(result.lines).toEqual([
      `Installing Debian's chromium for the browser tests (${INSTALL_COMMAND}) …`,
    ]);
    expect(result.commands).toEqual(installCommands(true).map((argv) => argv.join(' ')));
    expect(result.commands[0]).toBe('sudo -n apt-get update -qq');
  });

  it('stops with the command when it cannot install: no root and no passwordless sudo', () => {
    for (const facts of [{ aptGet: true }, { aptGet: true, sudo: true, passwordlessSudo: false }]) {
      const result = run(facts);
      expect(result.code).toBe(1);
      expect(result.commands).toEqual([]);
      expect(result.lines).toHaveLength(1);
      expect(result.lines[0]).toContain(`\`${INSTALL_COMMAND}\``);
      expect(result.lines[0]).toContain(CHROMIUM);
    }
  });

  it('stops with the command on a machine without apt-get, even as root', () => {
    const result = run({ root: true, aptGet: false });
    expect(result.code).toBe(1);
    expect(result.commands).toEqual([]);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toContain(INSTALL_COMMAND);
  });

  it('fails clearly when apt-get fails, with its output and the command', () => {
    const result = run({ root: true, aptGet: true }, 'install');
    expect(result.code).toBe(1);
    expect(result.lines[0]).toMatch(/^Installing Debian's chromium/);
    expect(result.lines).toContain('E: Unable to locate package chromium');
    expect(result.lines.at(-1)).toMatch(
      /^Installing chromium failed \(`env .*apt-get install -y -qq chromium` exited with 100\)/,
    );
    expect(result.lines.at(-1)).toContain(INSTALL_COMMAND);
  });

  it('fails when the install leaves the path missing', () => {
    const result = run({ root: true, aptGet: true, installs: false });
    expect(result.code).toBe(1);
    expect(result.lines.at(-1)).toContain(`${CHROMIUM} is still missing`);
  });

  it('decides from the facts in this order: present, apt-get, root, passwordless sudo', () => {
    expect(decide(CHROMIUM, machine({ present: true }).m)).toEqual({ kind: 'present' });
    expect(decide(CHROMIUM, machine({ root: true }).m)).toEqual({ kind: 'cannot', reason: 'no apt-get' });
    expect(decide(CHROMIUM, machine({ root: true, aptGet: true }).m)).toEqual({
      kind: 'install',
      sudo: false,
    });
    expect(decide(CHROMIUM, machine({ aptGet: true, sudo: true, passwordlessSudo: true }).m)).toEqual({
      kind: 'install',
      sudo: true,
    });
    expect(decide(CHROMIUM, machine({ aptGet: true, sudo: true }).m)).toEqual({
      kind: 'cannot',
      reason: 'not root',
    });
  });

  it('as a command: silent with exit code 0 when the checked path exists', () => {
    const script = path.join(import.meta.dirname, 'ensure-chromium.ts');
    // Any executable file stands in for chromium: this Node binary.
    const result = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_CHECK_PATH: process.execPath },
    });
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
  });
});
