import { z } from 'zod';
import { idSchema, versionSchema } from '../list/list.schema.ts';
import { ASSESSMENT_KINDS, PRECAUTION_TYPES } from './precautions.schema.ts';

/**
 * The works doctor (Betriebsarzt, decision 063): an employee account marked as works doctor of one or more
 * executing bodies (durchführende Stellen). The doctor sees the employees whose precautions name one of these
 * bodies, and those employees' check-up appointments — nothing else.
 */

const bodyIds = z
  .array(z.number().int().positive(), { error: 'Bitte wählen Sie durchführende Stellen.' })
  .max(50, 'Höchstens 50 durchführende Stellen.');

export const createWorksDoctorSchema = z.object({
  employeeId: z
    .number({ error: 'Bitte wählen Sie einen Mitarbeiter.' })
    .int('Bitte wählen Sie einen Mitarbeiter.')
    .positive('Bitte wählen Sie einen Mitarbeiter.'),
  executingBodyIds: bodyIds.default([]),
  loginAllowed: z.boolean().default(true),
});
export type CreateWorksDoctor = z.input<typeof createWorksDoctorSchema>;

/** A partial update (decision 024): the account stays, bodies and the login flag change. */
export const updateWorksDoctorSchema = z.object({
  executingBodyIds: bodyIds.optional(),
  loginAllowed: z.boolean().optional(),
  version: versionSchema,
});
export type UpdateWorksDoctor = z.input<typeof updateWorksDoctorSchema>;

export const worksDoctorBodySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
});

export const worksDoctorSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  loginName: z.string().nullable(),
  /** Whether the account holds the right WORKS_DOCTOR through its roles (without it the login is invalid). */
  hasRight: z.boolean(),
  loginAllowed: z.boolean(),
  executingBodies: z.array(worksDoctorBodySchema),
  version: z.number().int(),
});
export type WorksDoctor = z.infer<typeof worksDoctorSchema>;

/** The signed-in works doctor: their name and their (active) executing bodies. */
export const worksDoctorProfileSchema = z.object({
  employeeName: z.string(),
  executingBodies: z.array(worksDoctorBodySchema),
});
export type WorksDoctorProfile = z.infer<typeof worksDoctorProfileSchema>;

/** A precaution as the works doctor sees it: only those naming one of their bodies. */
export const worksDoctorPrecautionSchema = z.object({
  id: z.number().int(),
  type: z.enum(PRECAUTION_TYPES),
  reasonName: z.string(),
  executingBodyName: z.string(),
  nextDue: z.string(),
  due: z.boolean(),
  lastCheckup: z.object({ date: z.string(), assessmentKind: z.enum(ASSESSMENT_KINDS) }).nullable(),
  /** The precaution's version: recording a check-up sends it back (a stale one answers 409). */
  version: z.number().int(),
});

export const worksDoctorEmployeeSchema = z.object({
  id: z.number().int(),
  personnelNumber: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  precautions: z.array(worksDoctorPrecautionSchema),
});
export type WorksDoctorEmployee = z.infer<typeof worksDoctorEmployeeSchema>;

/** The path of the doctor's check-up recording: the employee and one of their precautions (decision 072). */
export const worksDoctorCheckupParamsSchema = z.object({ id: idSchema, precautionId: idSchema });

export const worksDoctorAppointmentQuerySchema = z.object({
  from: z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an.' }),
  to: z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an.' }),
});

/** A check-up appointment of one of the doctor's employees. */
export const worksDoctorAppointmentSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  startMinute: z.number().int(),
  endMinute: z.number().int(),
  state: z.enum(['booked', 'done']),
  employeeId: z.number().int(),
  employeeName: z.string(),
  windowTitle: z.string(),
  locationName: z.string(),
});
export type WorksDoctorAppointment = z.infer<typeof worksDoctorAppointmentSchema>;

/** The contact data employees see on „Meine Vorsorge“ (null while the module or the display is off). */
export const worksDoctorContactSchema = z
  .object({ name: z.string(), phone: z.string(), email: z.string(), hours: z.string() })
  .nullable();
export type WorksDoctorContact = z.infer<typeof worksDoctorContactSchema>;
