import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';

/**
 * Managed lists of the register (decision 055). Ingredient templates fill an ingredient row of section 3;
 * manufacturers fill section 1 of a substance version, which keeps its own copy (a version shows the
 * manufacturer as its data sheet named it) and the id of the list entry (`substance_versions.manufacturer_id`).
 */
export const substanceIngredientTemplates = pgTable(
  'substance_ingredient_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    casNumber: text('cas_number').notNull(),
    ecNumber: text('ec_number').notNull().default(''),
    formula: text('formula').notNull().default(''),
    classification: text('classification').notNull().default(''),
    ...versioned,
  },
  (t) => [
    uniqueIndex('substance_ingredient_templates_name').on(sql`lower(${t.name})`),
    index('substance_ingredient_templates_cas').on(t.casNumber),
  ],
);

export const substanceManufacturers = pgTable(
  'substance_manufacturers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    phone: text('phone').notNull().default(''),
    emergencyPhone: text('emergency_phone').notNull().default(''),
    email: text('email').notNull().default(''),
    ...versioned,
  },
  (t) => [uniqueIndex('substance_manufacturers_name').on(sql`lower(${t.name})`)],
);
