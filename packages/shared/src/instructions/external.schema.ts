import { z } from 'zod';
import { idSchema, listQuerySchema } from '../list/list.schema.ts';

/**
 * External instructions (decision 074): contractors and visitors are instructed at a public kiosk before they
 * enter a location. Per location an administrator offers the kiosk, chooses the topics and an image; the
 * visitor picks the location by its image tile, enters their data and answers the topics' questions one after
 * another; a wrong answer restarts the instruction (spec §4: "For external persons the instruction must be
 * restarted"). The record stays on the location.
 */

// ---------------------------------------------------------------------------------------------------
// Settings per location (SETTINGS_TOPICS).

export const MAX_EXTERNAL_TOPICS = 20;

export const externalSiteSchema = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  /** The kiosk offers this location. */
  enabled: z.boolean(),
  /** The topics walked in this order. */
  topicIds: z.array(z.number().int()),
  /** Whether an image is stored (…/sites/:locationId/image). */
  hasImage: z.boolean(),
  /** 0: never saved (the defaults: off, no topics). */
  version: z.number().int(),
});
export type ExternalSite = z.infer<typeof externalSiteSchema>;

/** A topic the settings may choose (the portal's released, active topics). */
export const externalTopicOptionSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  label: z.string(),
});

export const externalSitesSchema = z.object({
  sites: z.array(externalSiteSchema),
  topics: z.array(externalTopicOptionSchema),
});
export type ExternalSites = z.infer<typeof externalSitesSchema>;

export const externalSiteUpdateSchema = z.object({
  enabled: z.boolean(),
  topicIds: z
    .array(idSchema)
    .max(MAX_EXTERNAL_TOPICS, { message: `Bitte wählen Sie höchstens ${MAX_EXTERNAL_TOPICS} Themen.` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Jedes Thema darf nur einmal vorkommen.' }),
  /** The version read (0 for a location never saved). */
  version: z.coerce.number().int().min(0).max(2_147_483_647),
});
export type ExternalSiteUpdate = z.input<typeof externalSiteUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// The public kiosk (no account).

export const kioskLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hasImage: z.boolean(),
});
export type KioskLocation = z.infer<typeof kioskLocationSchema>;

const visitorText = (max: number, required: string, label: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: `${label} darf höchstens ${max} Zeichen lang sein.` });

/** The spec's external visitor login fields (§4 Employees): all required. */
export const visitorSchema = z.object({
  locationId: idSchema,
  firstName: visitorText(100, 'Bitte geben Sie Ihren Vornamen an.', 'Der Vorname'),
  lastName: visitorText(100, 'Bitte geben Sie Ihren Nachnamen an.', 'Der Nachname'),
  company: visitorText(200, 'Bitte geben Sie Ihre Firma an.', 'Die Firma'),
  idNumber: visitorText(50, 'Bitte geben Sie Ihre Ausweisnummer an.', 'Die Ausweisnummer'),
  reason: visitorText(500, 'Bitte geben Sie den Grund Ihres Besuchs an.', 'Der Besuchsgrund'),
});
export type Visitor = z.input<typeof visitorSchema>;

export const kioskQuestionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  answers: z.array(z.string()),
  /** The question has an image (`GET /external/run/questions/:id/image`, decision 078). */
  hasImage: z.boolean(),
});

export const kioskStateSchema = z.object({
  status: z.enum(['running', 'passed']),
  locationName: z.string(),
  visitorName: z.string(),
  /** The topics in order; `current` is the index of the topic being answered. */
  topics: z.array(z.object({ identifier: z.string(), label: z.string() })),
  current: z.number().int(),
  /** Questions answered in the current topic, and how many it has. */
  position: z.number().int(),
  total: z.number().int(),
  attempt: z.number().int(),
  /**
   * The current topic's presentation (`GET /external/run/presentation`, decision 078), shown before its
   * questions; null without one or once passed.
   */
  presentation: z.object({ pages: z.number().int() }).nullable(),
  question: kioskQuestionSchema.nullable(),
  completedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type KioskState = z.infer<typeof kioskStateSchema>;

/** The answer to the start: the run's secret (header `x-visitor-token`) and its first state. */
export const kioskStartSchema = z.object({ token: z.string(), state: kioskStateSchema });
export type KioskStart = z.infer<typeof kioskStartSchema>;

export const kioskAnswerSchema = z.object({
  questionId: idSchema,
  chosen: z
    .array(z.number().int().min(0).max(9))
    .min(1, { message: 'Bitte wählen Sie mindestens eine Antwort.' })
    .max(10),
});
export type KioskAnswer = z.input<typeof kioskAnswerSchema>;

export const kioskAnswerResultSchema = z.object({
  right: z.boolean(),
  message: z.string(),
  /** A wrong answer started the instruction again from the first topic. */
  restarted: z.boolean(),
  state: kioskStateSchema,
});
export type KioskAnswerResult = z.infer<typeof kioskAnswerResultSchema>;

export const VISITOR_TOKEN_HEADER = 'x-visitor-token';

// ---------------------------------------------------------------------------------------------------
// The records (TOPICS_EVALUATE_EXTERNAL).

export const EXTERNAL_RECORD_ORDER = ['startedAt', 'name', 'company', 'location'] as const;

export const externalRecordQuerySchema = listQuerySchema.extend({
  locationId: idSchema.optional(),
});
export type ExternalRecordQuery = z.input<typeof externalRecordQuerySchema>;

export const externalRecordRowSchema = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  idNumber: z.string(),
  reason: z.string(),
  /** The topics' labels in the order walked. */
  topics: z.array(z.string()),
  status: z.enum(['running', 'passed']),
  attempts: z.number().int(),
  startedAt: z.iso.datetime({ offset: true }),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  validUntil: z.string().nullable(),
});
export type ExternalRecordRow = z.infer<typeof externalRecordRowSchema>;
