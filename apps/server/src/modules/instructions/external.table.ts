import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { storedFiles } from '#modules/documents/tables.ts';
import { locations } from '#modules/organisation/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * External instructions per location (decision 074): whether the public kiosk offers the location, the topics
 * walked there (in order) and the tile's image (a file of the documents' store). No row = not offered.
 */
export const externalInstructionSites = pgTable('external_instruction_sites', {
  locationId: integer('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  portalId: integer('portal_id')
    .notNull()
    .references(() => portals.id),
  enabled: boolean('enabled').notNull().default(false),
  topicIds: jsonb('topic_ids').$type<number[]>().notNull().default([]),
  imageHash: text('image_hash').references(() => storedFiles.hash),
  imageType: text('image_type'),
  ...versioned,
});

/** A topic as the visitor walked it (kept as it was, the topic may change later). */
export type ExternalTopicSnapshot = {
  id: number;
  identifier: string;
  label: string;
  /** The topic's validity in days (its duration, else its interval), null = without end. */
  validityDays: number | null;
};

/**
 * One visitor's external instruction (decision 074), kept on the location: the visitor's data (the spec's
 * external visitor login fields), the topics, the progress of the current attempt (`current` topic, its drawn
 * `question_ids`, `position`), the attempts (a wrong answer starts again), the result and times. The public
 * session is the hash of a random token (`token_hash`), good for this one run only.
 */
export const externalInstructions = pgTable(
  'external_instructions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull(),
    idNumber: text('id_number').notNull(),
    reason: text('reason').notNull(),
    topics: jsonb('topics').$type<ExternalTopicSnapshot[]>().notNull(),
    status: text('status').notNull().default('running'),
    attempt: integer('attempt').notNull().default(1),
    current: integer('current').notNull().default(0),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    position: integer('position').notNull().default(0),
    tokenHash: text('token_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    validUntil: date('valid_until', { mode: 'string' }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('external_instructions_token').on(t.tokenHash),
    index('external_instructions_location').on(t.locationId, t.startedAt),
    index('external_instructions_portal').on(t.portalId, t.startedAt),
    check('external_instructions_status', sql`${t.status} in ('running', 'passed')`),
  ],
);
