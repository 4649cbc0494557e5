import { z } from 'zod';

/** SCORM packages as the content of an instruction topic and the learner's data (decision 068). */
export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export type ScormVersion = (typeof SCORM_VERSIONS)[number];

/** The largest package accepted (the zip; what it unpacks to is limited on the server as well). */
export const SCORM_PACKAGE_MAX_BYTES = 200 * 1024 * 1024;

export const scormPackageSchema = z.object({
  topicId: z.number().int(),
  fileName: z.string(),
  scormVersion: z.enum(SCORM_VERSIONS),
  title: z.string(),
  launch: z.string(),
  size: z.number().int(),
  version: z.number().int(),
  uploadedAt: z.string(),
});
export type ScormPackage = z.infer<typeof scormPackageSchema>;

/** `?version=` of the package (0 when the topic has none yet) and the file's name. */
export const scormUploadQuerySchema = z.object({
  version: z.coerce.number().int().min(0),
  fileName: z.string().max(255).optional(),
});

/** What the player and „Meine Unterweisungen“ show of the learner's SCORM data. */
export const scormAttemptSchema = z.object({
  assignmentId: z.number().int(),
  topicIdentifier: z.string(),
  topicLabel: z.string(),
  scormVersion: z.enum(SCORM_VERSIONS),
  /** The assignment's status (O, A, E …). */
  status: z.string(),
  completionStatus: z.string().nullable(),
  successStatus: z.string().nullable(),
  scoreRaw: z.string().nullable(),
  scoreScaled: z.string().nullable(),
  /** Time spent in all sessions, in seconds. */
  totalSeconds: z.number().int(),
  sessions: z.number().int(),
  /** There is saved progress (suspend data or a location) the next launch resumes from. */
  resumable: z.boolean(),
  completedAt: z.string().nullable(),
  validUntil: z.string().nullable(),
});
export type ScormAttempt = z.infer<typeof scormAttemptSchema>;

export const scormLaunchSchema = z.object({
  /** The launch file's URL (same origin; the token in the path admits the sandboxed frame). */
  launchUrl: z.string(),
  attempt: scormAttemptSchema,
});
export type ScormLaunch = z.infer<typeof scormLaunchSchema>;

/** The largest `cmi` object a commit may carry, serialised (suspend data of SCORM 2004 is up to 64,000 chars). */
export const SCORM_CMI_MAX_CHARS = 256 * 1024;

export const scormCommitSchema = z.object({
  /** The runtime's `cmi` object (scorm-again's JSON form, without the `cmi.` prefix). */
  cmi: z
    .record(z.string(), z.unknown())
    .refine((v) => JSON.stringify(v).length <= SCORM_CMI_MAX_CHARS, 'too large'),
  /** LMSFinish / Terminate: the session ends. */
  finished: z.boolean().default(false),
});
export type ScormCommit = z.input<typeof scormCommitSchema>;
