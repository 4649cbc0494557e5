import { P } from '@schutzwerk/shared/permissions.ts';
import { settingsCategories } from '@schutzwerk/shared/settings/categories.ts';
import { languageSettings } from '@schutzwerk/shared/settings/language.settings.ts';
import { licenseUsageSchema } from '@schutzwerk/shared/settings/license.settings.ts';
import {
  settingsAnswerSchema,
  settingsCategoryListSchema,
  settingsKeySchema,
  updateSettingsSchema,
} from '@schutzwerk/shared/settings/settings.schema.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import { anyOf, authenticated } from '#platform/access.ts';
import { requireActor } from '#platform/auth.plugin.ts';
import { licenseUsage } from './license.ts';
import type { SettingsService } from './settings.service.ts';

/** Every right that opens some settings category: the routes let these in, the service decides per category. */
export function settingsRights(): number[] {
  const ids = new Set<number>([P.SETTINGS_READONLY]);
  for (const c of Object.values(settingsCategories))
    for (const id of [...c.readAnyOf, ...c.writeAnyOf]) ids.add(id);
  return [...ids];
}

/** Berlin's calendar date (licence expiry is a date, not an instant). */
function todayInBerlin(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin' }).format(new Date());
}

export function settingsRoutes(deps: { db: Db; service: SettingsService }): FastifyPluginAsyncZod {
  const { service } = deps;
  return async (app) => {
    const access = anyOf(settingsRights());
    const params = z.object({ key: settingsKeySchema });
    const one = { 200: z.object({ data: settingsAnswerSchema }) };

    app.get(
      '/settings',
      { config: { access }, schema: { response: { 200: settingsCategoryListSchema } } },
      async (request) => ({ data: service.listForActor(requireActor(request)) }),
    );

    app.get(
      '/settings/license/usage',
      {
        config: { access: anyOf(P.SETTINGS_READONLY, P.SETTINGS_LICENSE) },
        schema: { response: { 200: licenseUsageSchema } },
      },
      async () => ({ data: await licenseUsage(deps.db, service, todayInBerlin()) }),
    );

    // What every signed-in user may know: the languages on offer (employee form, later the user menu).
    app.get(
      '/settings/languages',
      {
        config: { access: authenticated },
        schema: {
          response: {
            200: z.object({
              data: z.object({ enabledLocales: z.array(z.string()), defaultLocale: z.string() }),
            }),
          },
        },
      },
      async () => {
        const value = await service.read(languageSettings);
        return { data: { enabledLocales: value.enabledLocales, defaultLocale: value.defaultLocale } };
      },
    );

    app.get('/settings/:key', { config: { access }, schema: { params, response: one } }, async (request) => ({
      data: await service.getForActor(requireActor(request), request.params.key),
    }));

    app.put(
      '/settings/:key',
      { config: { access }, schema: { params, body: updateSettingsSchema, response: one } },
      async (request) => ({
        data: await service.update(requireActor(request), request.params.key, request.body),
      }),
    );
  };
}
