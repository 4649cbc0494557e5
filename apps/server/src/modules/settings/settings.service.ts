import { settingsMessages } from '@schutzwerk/shared/errors.ts';
import { P } from '@schutzwerk/shared/permissions.ts';
import { settingsCategories } from '@schutzwerk/shared/settings/categories.ts';
import type {
  SettingsAnswer,
  SettingsCategory,
  UpdateSettings,
} from '@schutzwerk/shared/settings/settings.schema.ts';
import type { z } from 'zod';
import type { Db, Executor } from '#db/client.ts';
import { type Actor, actorHasAny } from '#platform/access.ts';
import { LOG_STATE } from '#platform/audit.ts';
import { AppError } from '#platform/errors.ts';
import type { SecretBox } from '#platform/secrets.ts';
import { type BoundSecret, openBoundSecret, sealBoundSecret, secretUsableWith } from './bound-secret.ts';
import type { SettingsRepository, SettingsRow } from './settings.repository.ts';
import { mergeSettingsValue } from './settings-value.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

/** A hook a module registers to check a category's new value against the database before it is saved. */
export type SettingsGuard = (ex: Executor, next: Record<string, unknown>, actor: Actor) => Promise<void>;

/**
 * Reading and writing settings categories. Other modules read with `read(category)` (typed, secrets
 * opened); the routes use `getForActor` / `update`, which check the rights, hide secrets and keep the
 * change log (secret values never enter the log, only that they changed).
 */
export function createSettingsService(deps: {
  db: Db;
  repository: SettingsRepository;
  secrets: SecretBox;
  categories?: Readonly<Record<string, SettingsCategory>>;
  guards?: Readonly<Record<string, SettingsGuard>>;
}) {
  const categories = deps.categories ?? settingsCategories;
  const { repository } = deps;

  const categoryOf = (key: string): SettingsCategory => {
    const category = Object.hasOwn(categories, key) ? categories[key] : undefined;
    if (!category) throw new AppError('NOT_FOUND', { message: settingsMessages.categoryUnknown });
    return category;
  };

  const canRead = (actor: Actor, c: SettingsCategory) =>
    actorHasAny(actor, P.SETTINGS_READONLY, ...c.readAnyOf, ...c.writeAnyOf);
  // An installation-wide category is written from the main portal only; a portal's own by its staff.
  const canEdit = (actor: Actor, c: SettingsCategory) =>
    (c.scope === 'portal' || actor.isMainPortal) && actorHasAny(actor, ...c.writeAnyOf);

  const merge = mergeSettingsValue;

  /** The stored row of a category: the installation's, or the actor's portal's for a per-portal category. */
  const findRow = (ex: Executor, actor: Actor, c: SettingsCategory, lock = false) =>
    c.scope === 'portal'
      ? repository.findOfPortal(ex, actor.portalId, c.key, lock)
      : repository.find(ex, c.key, lock);

  /** The category's stored secrets, opened with what each was entered for (null: none, unreadable). */
  function storedSecrets(
    c: SettingsCategory,
    value: Record<string, unknown>,
  ): Record<string, BoundSecret | null> {
    const secrets: Record<string, BoundSecret | null> = {};
    for (const field of c.secretFields)
      secrets[field] = openBoundSecret(deps.secrets, c, field, value[field]);
    return secrets;
  }

  /** A secret counts as set only while the fields it is bound to still hold what it was entered for. */
  function secretIsSet(c: SettingsCategory, field: string, value: Record<string, unknown>): boolean {
    const secret = openBoundSecret(deps.secrets, c, field, value[field]);
    return secret !== null && secret.value !== '' && secretUsableWith(c, field, secret, value);
  }

  function answer(actor: Actor, c: SettingsCategory, row: SettingsRow | null): SettingsAnswer {
    const value = merge(c, row?.value);
    const secretsSet: string[] = [];
    for (const field of c.secretFields) {
      if (secretIsSet(c, field, value)) secretsSet.push(field);
      value[field] = null;
    }
    return {
      key: c.key,
      value,
      secretsSet,
      version: row?.version ?? 0,
      updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
      canEdit: canEdit(actor, c),
    };
  }

  return {
    /**
     * The typed value of a category for server code (defaults where nothing is stored). A secret is
     * opened only while its bound fields hold what it was entered for, else it reads as '' (decision 025).
     */
    async read<S extends z.ZodObject>(
      category: SettingsCategory<S>,
      ex: Executor = deps.db,
    ): Promise<z.output<S>> {
      const c = category as SettingsCategory;
      if (c.scope === 'portal') throw new Error(`${c.key} is per portal: read it with readPortalSettings`);
      const row = await repository.find(ex, c.key);
      const value = merge(c, row?.value);
      const secrets = storedSecrets(c, value);
      for (const field of c.secretFields) {
        const secret = secrets[field] ?? null;
        value[field] = secret && secretUsableWith(c, field, secret, value) ? secret.value : '';
      }
      return value as z.output<S>;
    },

    /**
     * The value with every secret field '' and the stored secrets beside it, each with what it was entered
     * for: for code that uses a secret and checks the binding at the point of use (requireBoundSecret).
     */
    async readWithSecrets<S extends z.ZodObject>(
      category: SettingsCategory<S>,
      ex: Executor = deps.db,
    ): Promise<{ value: z.output<S>; secrets: Record<string, BoundSecret | null> }> {
      const c = category as SettingsCategory;
      const row = await repository.find(ex, c.key);
      const value = merge(c, row?.value);
      const secrets = storedSecrets(c, value);
      for (const field of c.secretFields) value[field] = '';
      return { value: value as z.output<S>, secrets };
    },

    listForActor(actor: Actor): { key: string; canEdit: boolean }[] {
      return Object.values(categories)
        .filter((c) => canRead(actor, c))
        .map((c) => ({ key: c.key, canEdit: canEdit(actor, c) }));
    },

    async getForActor(actor: Actor, key: string): Promise<SettingsAnswer> {
      const c = categoryOf(key);
      if (!canRead(actor, c)) throw new AppError('NO_PERMISSION');
      return answer(actor, c, await findRow(deps.db, actor, c));
    },

    async update(actor: Actor, key: string, input: UpdateSettings): Promise<SettingsAnswer> {
      const c = categoryOf(key);
      if (!actorHasAny(actor, ...c.writeAnyOf)) throw new AppError('NO_PERMISSION');
      if (c.scope !== 'portal' && !actor.isMainPortal) throw new AppError('SETTINGS_MAIN_PORTAL_ONLY');

      // Secrets: left out or null keeps the stored value while the fields it is bound to keep theirs
      // (otherwise it is removed: never kept for another server), '' removes it, text replaces it.
      const incoming = { ...input.value };
      const secretInput: Record<string, string | undefined> = {};
      for (const field of c.secretFields) {
        const given = incoming[field];
        secretInput[field] = typeof given === 'string' ? given : undefined;
        incoming[field] = typeof given === 'string' ? given : '';
      }
      const parsed = c.schema.safeParse(incoming);
      if (!parsed.success) {
        throw new AppError('INPUT_VALIDATION_ERROR', {
          details: parsed.error.issues.map((issue) => ({
            path: ['body', 'value', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
            message: issue.message,
          })),
        });
      }
      const next = parsed.data as Record<string, unknown>;

      return deps.db.transaction(async (tx) => {
        const row = await findRow(tx, actor, c, true);
        if ((row?.version ?? 0) !== input.version) throw new AppError('CONFLICT');
        const before = merge(c, row?.value);
        // Compared with the locked row: what the stored secret was sealed for must be what it is saved
        // with now, so a concurrent change or an edited row cannot carry it to other values.
        const stored = storedSecrets(c, before);
        for (const field of c.secretFields) {
          const given = secretInput[field];
          if (given === undefined) {
            const kept = stored[field] ?? null;
            next[field] =
              kept && kept.value !== '' && secretUsableWith(c, field, kept, next) ? before[field] : '';
          } else {
            next[field] = given === '' ? '' : sealBoundSecret(deps.secrets, c, field, given, next);
          }
        }
        await deps.guards?.[key]?.(tx, next, actor);

        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const field of Object.keys(c.schema.shape)) {
          const secret = c.secretFields.includes(field);
          if (secret) {
            const cleared = before[field] !== '' && next[field] === '';
            if (cleared || (secretInput[field] !== undefined && (before[field] !== '' || next[field] !== '')))
              changes[field] = { from: before[field] ? '••••' : '', to: next[field] ? '••••' : '' };
          } else if (JSON.stringify(before[field]) !== JSON.stringify(next[field])) {
            changes[field] = { from: before[field], to: next[field] };
          }
        }

        const portalId = actor.portalId;
        const saved =
          c.scope === 'portal'
            ? row
              ? await repository.updateOfPortalVersioned(
                  tx,
                  portalId,
                  key,
                  input.version,
                  next,
                  actor.employeeId,
                )
              : await repository.insertOfPortal(tx, portalId, key, next, actor.employeeId)
            : row
              ? await repository.updateVersioned(tx, key, input.version, next, actor.employeeId)
              : await repository.insert(tx, key, next, actor.employeeId);
        if (!saved) throw new AppError('CONFLICT');
        if (Object.keys(changes).length > 0) {
          await repository.logChange(tx, {
            entity: 'settings',
            entityId: c.scope === 'portal' ? `${key}:${portalId}` : key,
            state: row ? LOG_STATE.CHANGED : LOG_STATE.CREATED,
            actorId: actor.employeeId,
            changes,
          });
        }
        return answer(actor, c, saved);
      });
    },
  };
}
