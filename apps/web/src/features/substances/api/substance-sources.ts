/** List sources of the substances module (list protocol, spec shell §7). */
export const SUBSTANCE_LIST_SOURCE = 'substances';
export const CLP_PICKER_SOURCE = 'clpstatements/picker';
export const CATALOGUE_SOURCES = {
  productGroup: 'substanceproductgroups',
  packageUnit: 'substancepackageunits',
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_SOURCES;
/** The register's managed lists (decision 055). */
export const MASTER_DATA_SOURCES = {
  ingredientTemplate: 'substanceingredienttemplates',
  manufacturer: 'substancemanufacturers',
} as const;
