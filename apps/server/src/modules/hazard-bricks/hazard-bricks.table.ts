import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';

/**
 * Hazard bricks (Gefährdungsbausteine, decision 017): one installation-wide catalogue of reusable
 * hazards. Risk from/to are NOHL scores 1–7. Actions, guidelines and verification codes belong to one
 * brick and are saved with it (the brick's version guards them all).
 */
export const hazardBricks = pgTable(
  'hazard_bricks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    identifier: text('identifier').notNull(),
    title: text('title').notNull(),
    riskFrom: integer('risk_from').notNull(),
    riskTo: integer('risk_to').notNull(),
    free: boolean('free').notNull().default(false),
    description: text('description').notNull().default(''),
    ...versioned,
  },
  (t) => [
    uniqueIndex('hazard_bricks_identifier').on(sql`lower(${t.identifier})`),
    check(
      'hazard_bricks_risk_range',
      sql`${t.riskFrom} between 1 and 7 and ${t.riskTo} between 1 and 7 and ${t.riskFrom} <= ${t.riskTo}`,
    ),
  ],
);

export const hazardBrickActions = pgTable(
  'hazard_brick_actions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brickId: integer('brick_id')
      .notNull()
      .references(() => hazardBricks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    identifier: text('identifier').notNull(),
    description: text('description').notNull(),
  },
  (t) => [uniqueIndex('hazard_brick_actions_identifier').on(t.brickId, sql`lower(${t.identifier})`)],
);

export const hazardBrickActionGuidelines = pgTable(
  'hazard_brick_action_guidelines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brickId: integer('brick_id')
      .notNull()
      .references(() => hazardBricks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [index('hazard_brick_action_guidelines_brick').on(t.brickId, t.position)],
);

export const hazardBrickVerificationCodes = pgTable(
  'hazard_brick_verification_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    brickId: integer('brick_id')
      .notNull()
      .references(() => hazardBricks.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('hazard_brick_verification_codes_code').on(t.brickId, sql`lower(${t.code})`)],
);
