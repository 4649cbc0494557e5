import { z } from 'zod';
import { versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';
import { checkCas, checkEc } from './cas-ec.ts';
import { casMessages, ecMessages } from './substances.schema.ts';

/**
 * Master data of the register kept as managed lists (decision 055): ingredient templates (Inhaltsstoff-
 * Vorlagen; picking one fills an ingredient row) and manufacturers (Hersteller; picking one fills section 1).
 */

const text = (max: number) => z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`).default('');
const name = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie eine Bezeichnung ein.')
    .max(max, `Höchstens ${max} Zeichen erlaubt.`);

export const ingredientTemplateInputSchema = z.object({
  name: name(300),
  /** Required for a template (issue 18), checked by format and check digit. */
  casNumber: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie die CAS-Nummer an.')
    .max(12, casMessages.format)
    .superRefine((v, ctx) => {
      const r = v === '' ? 'ok' : checkCas(v);
      if (r !== 'ok') ctx.addIssue({ code: 'custom', message: casMessages[r] });
    }),
  ecNumber: z
    .string()
    .trim()
    .max(9, ecMessages.format)
    .superRefine((v, ctx) => {
      const r = v === '' ? 'ok' : checkEc(v);
      if (r !== 'ok') ctx.addIssue({ code: 'custom', message: ecMessages[r] });
    })
    .default(''),
  formula: text(200),
  classification: text(1000),
});
export type IngredientTemplateInput = z.input<typeof ingredientTemplateInputSchema>;
/** Whole-record save (decision 024): every field required, none filled by default. */
export const updateIngredientTemplateSchema = z.object({
  ...requiredFields(ingredientTemplateInputSchema.shape),
  version: versionSchema,
});

export const ingredientTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  casNumber: z.string(),
  ecNumber: z.string(),
  formula: z.string(),
  classification: z.string(),
  version: z.number().int(),
});
export type IngredientTemplate = z.infer<typeof ingredientTemplateSchema>;

export const manufacturerInputSchema = z.object({
  name: name(200),
  address: text(200),
  zipcode: text(20),
  city: text(100),
  country: text(100),
  phone: text(60),
  emergencyPhone: text(60),
  email: z.union([z.email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'), z.literal('')]).default(''),
});
export type ManufacturerInput = z.input<typeof manufacturerInputSchema>;
/** Whole-record save (decision 024): every field required, none filled by default. */
export const updateManufacturerSchema = z.object({
  ...requiredFields(manufacturerInputSchema.shape),
  version: versionSchema,
});

export const manufacturerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  zipcode: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  emergencyPhone: z.string(),
  email: z.string(),
  version: z.number().int(),
});
export type Manufacturer = z.infer<typeof manufacturerSchema>;

export const MASTER_DATA_KINDS = ['ingredientTemplate', 'manufacturer'] as const;
export type MasterDataKind = (typeof MASTER_DATA_KINDS)[number];
