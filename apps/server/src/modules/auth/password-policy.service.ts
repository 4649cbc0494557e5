import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { checkPassword, type PasswordPolicy } from '@schutzwerk/shared/auth/password-policy.ts';
import { securitySettings } from '@schutzwerk/shared/settings/security.settings.ts';
import type { Executor } from '#db/client.ts';
import type { SettingsService } from '#modules/settings/index.ts';
import { AppError } from '#platform/errors.ts';

/**
 * The 10,000 most common passwords (first 10,000 entries of the zxcvbn-ts common password dictionary,
 * itself from the xato.net 10-million-password list that SecLists' 10k list comes from; MIT; see
 * decision 012). Loaded once, compared in lower case.
 */
let commonPasswords: ReadonlySet<string> | undefined;
function common(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return common().has(password.toLowerCase());
}

export type PasswordPolicyService = ReturnType<typeof createPasswordPolicyService>;

/** The policy from the security settings and the one server-side check (used by auth, employees, import). */
export function createPasswordPolicyService(deps: { settings: Pick<SettingsService, 'read'> }) {
  async function policy(ex?: Executor): Promise<PasswordPolicy> {
    const s = await deps.settings.read(securitySettings, ex);
    return {
      minLength: s.minLength,
      maxLength: s.maxLength,
      minUppercase: s.minUppercase,
      minLowercase: s.minLowercase,
      minDigits: s.minDigits,
      minSpecial: s.minSpecial,
      allowedSpecials: s.allowedSpecials,
      refuseCommon: s.refuseCommon,
    };
  }
  return {
    policy,

    /** A checker bound to the current policy (for many passwords at once, e.g. the import). */
    async checker(ex?: Executor): Promise<(password: string) => string[]> {
      const p = await policy(ex);
      return (password) => checkPassword(password, p, { isCommon: isCommonPassword });
    },

    /** Throws PASSWORD_POLICY_VIOLATION (violations in the message and at `path`) when the password fails. */
    async assert(password: string, path: string[], ex?: Executor): Promise<void> {
      const violations = checkPassword(password, await policy(ex), { isCommon: isCommonPassword });
      if (violations.length === 0) return;
      throw new AppError('PASSWORD_POLICY_VIOLATION', {
        message: violations.join(' '),
        details: violations.map((message) => ({ path, message })),
      });
    },

    /** A random password that satisfies the policy (for "Passwort vergessen?"). */
    async generate(ex?: Executor): Promise<string> {
      return generateCompliantPassword(await policy(ex));
    },
  };
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';

/** Random characters of each required class, filled up to max(16, minLength) and shuffled. */
export function generateCompliantPassword(policy: PasswordPolicy): string {
  const length = Math.min(policy.maxLength, Math.max(16, policy.minLength));
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const specials = [...policy.allowedSpecials].filter((c) => !'"\'`\\'.includes(c));
  const specialAlphabet = (specials.length > 0 ? specials : [...policy.allowedSpecials]).join('');
  for (let attempt = 0; attempt < 20; attempt++) {
    const chars: string[] = [];
    for (let i = 0; i < policy.minUppercase; i++) chars.push(pick(UPPER));
    for (let i = 0; i < policy.minLowercase; i++) chars.push(pick(LOWER));
    for (let i = 0; i < policy.minDigits; i++) chars.push(pick(DIGITS));
    if (specialAlphabet) for (let i = 0; i < policy.minSpecial; i++) chars.push(pick(specialAlphabet));
    const rest = UPPER + LOWER + DIGITS;
    while (chars.length < length) chars.push(pick(rest));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (checkPassword(password, policy, { isCommon: isCommonPassword }).length === 0) return password;
  }
  // Unreachable with a valid policy (the settings' cross-field checks guarantee the counts fit).
  return randomBytes(24).toString('base64url');
}
