import { statementKind } from '@schutzwerk/shared/substances/clp.ts';
import type { Executor } from '#db/client.ts';
import { CLP_STATEMENTS_DE } from './clp-statements.data.ts';
import { substancesRepository } from './substances.repository.ts';

/** Starter entries of the two small catalogues (filled only while empty; the user keeps them). */
export const STARTER_PRODUCT_GROUPS = [
  'Farben und Lacke',
  'Klebstoffe',
  'Laborchemikalien',
  'Lösemittel',
  'Öle und Schmierstoffe',
  'Reinigungs- und Desinfektionsmittel',
  'Säuren und Laugen',
  'Technische Gase',
] as const;
export const STARTER_PACKAGE_UNITS = [
  'Aerosoldose',
  'Beutel',
  'Dose',
  'Eimer',
  'Fass',
  'Flasche',
  'Gasflasche',
  'IBC-Container',
  'Kanister',
  'Kartusche',
  'Sack',
  'Tube',
] as const;

/** The CLP catalogue follows the shipped data (new codes added, changed texts updated); starter catalogues. */
export async function ensureSubstanceBaseData(ex: Executor): Promise<void> {
  await substancesRepository.upsertClpStatements(
    ex,
    CLP_STATEMENTS_DE.map(([code, text], position) => ({ code, kind: statementKind(code), text, position })),
  );
  if (await substancesRepository.catalogue.isEmpty(ex, 'productGroup'))
    for (const name of STARTER_PRODUCT_GROUPS)
      await substancesRepository.catalogue.insert(ex, 'productGroup', name);
  if (await substancesRepository.catalogue.isEmpty(ex, 'packageUnit'))
    for (const name of STARTER_PACKAGE_UNITS)
      await substancesRepository.catalogue.insert(ex, 'packageUnit', name);
}
