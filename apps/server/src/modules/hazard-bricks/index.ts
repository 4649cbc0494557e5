/**
 * The public face of the hazard-bricks module (decision 029): what other modules, app.ts and the seed may use.
 * Everything else in this folder is internal.
 */

// The module factory (wiring in app.ts) and the hook other modules push into.
export { hazardBricksModule } from './hazard-bricks.module.ts';
export type { HazardBrickDeletionGuard } from './hazard-bricks.service.ts';
// The tables other modules may join.
export * from './tables.ts';
