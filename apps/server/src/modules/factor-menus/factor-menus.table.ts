import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';

/**
 * Factor menus (Faktorenmenüs, decision 019): the structure of hazard factors an assessment is organised
 * by. Registers and factors belong to one menu and are saved with it under the menu's version; their ids
 * stay stable across saves because hazards point at factors.
 */
export const factorMenus = pgTable(
  'factor_menus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The shipped standard menu (GDA-Leitlinie): read-only, at most one. */
    isStandard: boolean('is_standard').notNull().default(false),
    active: boolean('active').notNull().default(true),
    ...versioned,
  },
  (t) => [
    uniqueIndex('factor_menus_name').on(sql`lower(${t.name})`),
    uniqueIndex('factor_menus_one_standard').on(t.isStandard).where(sql`${t.isStandard}`),
  ],
);

export const factorMenuRegisters = pgTable(
  'factor_menu_registers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => factorMenus.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    number: text('number').notNull().default(''),
    title: text('title').notNull(),
    /** Dropdown settings: offered in the assessment's factor dropdown, shown expanded, several selectable. */
    dropdownOffered: boolean('dropdown_offered').notNull().default(true),
    dropdownExpanded: boolean('dropdown_expanded').notNull().default(false),
    dropdownMultiple: boolean('dropdown_multiple').notNull().default(false),
  },
  (t) => [index('factor_menu_registers_menu').on(t.menuId, t.position)],
);

export const factorMenuFactors = pgTable(
  'factor_menu_factors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => factorMenus.id, { onDelete: 'cascade' }),
    registerId: integer('register_id')
      .notNull()
      .references(() => factorMenuRegisters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    number: text('number').notNull().default(''),
    title: text('title').notNull(),
    legalBasis: text('legal_basis').notNull().default(''),
    source: text('source').notNull().default(''),
  },
  (t) => [
    index('factor_menu_factors_register').on(t.registerId, t.position),
    index('factor_menu_factors_menu').on(t.menuId),
  ],
);
