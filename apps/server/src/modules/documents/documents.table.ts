import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versioned } from '#db/columns.ts';
import { employees } from '#modules/employees/tables.ts';
import { portals } from '#modules/portals/tables.ts';

/**
 * Stored file contents, one row per distinct content (sha256, hex): the bytes live in the file store at
 * FILES_DIR/ab/cd/<hash> (decision 016). Rows are never updated; identical uploads share one row.
 */
export const storedFiles = pgTable('stored_files', {
  hash: text('hash').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  mimeType: text('mime_type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Documents (spec modules.md §3 "Document"), owned by a portal. */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    label: text('label').notNull(),
    type: integer('type').notNull().default(0),
    docVersion: text('doc_version'),
    revision: text('revision'),
    responsibleId: integer('responsible_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    confidential: boolean('confidential').notNull().default(false),
    isTemplate: boolean('is_template').notNull().default(false),
    nextCheck: date('next_check', { mode: 'string' }),
    checkInterval: integer('check_interval'),
    validFrom: date('valid_from', { mode: 'string' }),
    currentVersionId: integer('current_version_id'),
    releasedVersionId: integer('released_version_id'),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    releasedById: integer('released_by_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    lastCheckedById: integer('last_checked_by_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    ...versioned,
  },
  (t) => [
    index('documents_portal').on(t.portalId),
    index('documents_label_trgm').using('gin', sql`lower(${t.label}) gin_trgm_ops`),
    check('documents_type', sql`${t.type} between 0 and 18`),
  ],
);

/** File versions of a document: never overwritten; number 1, 2, 3 … per document. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileHash: text('file_hash')
      .notNull()
      .references(() => storedFiles.hash),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    comment: text('comment'),
    uploadedById: integer('uploaded_by_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_versions_number').on(t.documentId, t.number),
    index('document_versions_hash').on(t.fileHash),
  ],
);

/** Documents attached to records of other modules (the shared attach API). */
export const documentLinks = pgTable(
  'document_links',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    createdById: integer('created_by_id').references((): AnyPgColumn => employees.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.entityId, t.documentId] }),
    index('document_links_document').on(t.documentId),
  ],
);
