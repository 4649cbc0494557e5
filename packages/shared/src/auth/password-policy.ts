/**
 * The password policy checker, one for server and browser (spec modules.md §5 "Password change and
 * policy"). Pure: the policy comes from the security settings; the list of common passwords is the
 * server's (the browser leaves that check to the server, see decision 012).
 */
export type PasswordPolicy = {
  minLength: number;
  maxLength: number;
  minUppercase: number;
  minLowercase: number;
  minDigits: number;
  minSpecial: number;
  allowedSpecials: string;
  refuseCommon: boolean;
};

export type PasswordCheckOptions = {
  /** Whether the password is on the list of common passwords (case-insensitive); server only. */
  isCommon?: (password: string) => boolean;
};

export type PasswordCounts = {
  length: number;
  uppercase: number;
  lowercase: number;
  digits: number;
  special: number;
  /** Characters that are neither letters, digits nor allowed special characters (distinct, in order). */
  disallowed: string[];
};

/** Counts by character class; characters are code points (an emoji counts once). */
export function countPasswordCharacters(password: string, allowedSpecials: string): PasswordCounts {
  const specials = new Set([...allowedSpecials]);
  const counts: PasswordCounts = {
    length: 0,
    uppercase: 0,
    lowercase: 0,
    digits: 0,
    special: 0,
    disallowed: [],
  };
  for (const c of password) {
    counts.length++;
    if (/\p{Lu}/u.test(c)) counts.uppercase++;
    else if (/\p{Ll}/u.test(c)) counts.lowercase++;
    else if (/\p{Nd}/u.test(c)) counts.digits++;
    else if (specials.has(c)) counts.special++;
    else if (/\p{L}/u.test(c))
      counts.lowercase++; // letters without case (e.g. ß is Ll; CJK): count as lowercase
    else if (!counts.disallowed.includes(c)) counts.disallowed.push(c);
  }
  return counts;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The German violations of `password` against `policy`; empty when it complies. */
export function checkPassword(
  password: string,
  policy: PasswordPolicy,
  options: PasswordCheckOptions = {},
): string[] {
  const c = countPasswordCharacters(password, policy.allowedSpecials);
  const out: string[] = [];
  if (c.length < policy.minLength)
    out.push(`Das Passwort muss mindestens ${plural(policy.minLength, 'Zeichen', 'Zeichen')} lang sein.`);
  if (c.length > policy.maxLength)
    out.push(`Das Passwort darf höchstens ${plural(policy.maxLength, 'Zeichen', 'Zeichen')} lang sein.`);
  if (c.uppercase < policy.minUppercase)
    out.push(
      `Das Passwort muss mindestens ${plural(policy.minUppercase, 'Großbuchstaben', 'Großbuchstaben')} enthalten.`,
    );
  if (c.lowercase < policy.minLowercase)
    out.push(
      `Das Passwort muss mindestens ${plural(policy.minLowercase, 'Kleinbuchstaben', 'Kleinbuchstaben')} enthalten.`,
    );
  if (c.digits < policy.minDigits)
    out.push(`Das Passwort muss mindestens ${plural(policy.minDigits, 'Ziffer', 'Ziffern')} enthalten.`);
  if (c.special < policy.minSpecial)
    out.push(
      `Das Passwort muss mindestens ${plural(policy.minSpecial, 'Sonderzeichen', 'Sonderzeichen')} enthalten (zulässig: ${policy.allowedSpecials}).`,
    );
  if (c.disallowed.length > 0)
    out.push(
      `Das Passwort enthält unzulässige Zeichen: ${c.disallowed.map((d) => (d === ' ' ? 'Leerzeichen' : d)).join(' ')}`,
    );
  if (policy.refuseCommon && options.isCommon?.(password))
    out.push('Das Passwort gehört zu den häufigsten Passwörtern. Bitte wählen Sie ein anderes.');
  return out;
}

/** The policy as German lines, shown next to every password field. */
export function describePasswordPolicy(policy: PasswordPolicy): string[] {
  const lines = [`Länge: mindestens ${policy.minLength}, höchstens ${policy.maxLength} Zeichen`];
  if (policy.minUppercase > 0) lines.push(`Großbuchstaben: mindestens ${policy.minUppercase}`);
  if (policy.minLowercase > 0) lines.push(`Kleinbuchstaben: mindestens ${policy.minLowercase}`);
  if (policy.minDigits > 0) lines.push(`Ziffern: mindestens ${policy.minDigits}`);
  if (policy.minSpecial > 0) lines.push(`Sonderzeichen: mindestens ${policy.minSpecial}`);
  lines.push(
    policy.allowedSpecials === ''
      ? 'Sonderzeichen sind nicht zulässig'
      : `Zulässige Sonderzeichen: ${policy.allowedSpecials}`,
  );
  if (policy.refuseCommon) lines.push('Häufig verwendete Passwörter werden abgelehnt');
  return lines;
}
