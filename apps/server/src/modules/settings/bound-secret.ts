import {
  type SettingsCategory,
  secretBinding,
  secretBindingMatches,
} from '@schutzwerk/shared/settings/settings.schema.ts';
import { AppError } from '#platform/errors.ts';
import type { SecretBox } from '#platform/secrets.ts';

/**
 * A stored secret as it was opened: its text and what it was entered for (the values of the fields it
 * is bound to, sealed together with it; null for a secret sealed before secrets were bound). Decision 025.
 */
export type BoundSecret = {
  readonly value: string;
  readonly boundTo: Readonly<Record<string, unknown>> | null;
};

type SealedContent = { k: string; f: string; s: string; b: Record<string, unknown> };

/**
 * Seals a secret together with the category, the field and the values of the fields it is bound to, so
 * the binding is encrypted and authenticated with the secret: editing the row cannot move it elsewhere.
 */
export function sealBoundSecret(
  box: SecretBox,
  category: SettingsCategory,
  field: string,
  secret: string,
  value: Readonly<Record<string, unknown>>,
): string {
  const content: SealedContent = {
    k: category.key,
    f: field,
    s: secret,
    b: secretBinding(category, field, value),
  };
  return box.encrypt(JSON.stringify(content));
}

function isSealedContent(x: unknown): x is SealedContent {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return false;
  const c = x as Record<string, unknown>;
  return (
    typeof c.k === 'string' &&
    typeof c.f === 'string' &&
    typeof c.s === 'string' &&
    typeof c.b === 'object' &&
    c.b !== null &&
    !Array.isArray(c.b)
  );
}

/**
 * Opens a stored secret. Null when none is stored or it cannot be read (another key, damaged). A secret
 * sealed for another category or field counts as bound to nothing usable; one sealed before bindings
 * existed (plain text inside) has `boundTo: null`.
 */
export function openBoundSecret(
  box: SecretBox,
  category: SettingsCategory,
  field: string,
  sealed: unknown,
): BoundSecret | null {
  if (typeof sealed !== 'string' || sealed === '') return null;
  let plain: string;
  try {
    plain = box.decrypt(sealed);
  } catch {
    return null;
  }
  let content: unknown;
  try {
    content = JSON.parse(plain);
  } catch {
    return { value: plain, boundTo: null };
  }
  if (!isSealedContent(content)) return { value: plain, boundTo: null };
  if (content.k !== category.key || content.f !== field)
    return { value: content.s, boundTo: { category: content.k, field: content.f } };
  return { value: content.s, boundTo: content.b };
}

/** Whether a stored secret may be used with these values of its category. */
export function secretUsableWith(
  category: SettingsCategory,
  field: string,
  secret: BoundSecret | null,
  value: Readonly<Record<string, unknown>>,
): boolean {
  return secret !== null && secretBindingMatches(category, field, secret.boundTo, value);
}

/**
 * The check at the place that uses a secret: its text when the values it will be used with are the ones
 * it was entered for, '' when none is stored, else 409 SETTINGS_SECRET_NOT_BOUND (never used elsewhere).
 */
export function requireBoundSecret(
  category: SettingsCategory,
  field: string,
  secret: BoundSecret | null,
  value: Readonly<Record<string, unknown>>,
): string {
  if (secret === null) return '';
  if (!secretUsableWith(category, field, secret, value)) throw new AppError('SETTINGS_SECRET_NOT_BOUND');
  return secret.value;
}
