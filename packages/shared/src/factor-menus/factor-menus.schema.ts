import { z } from 'zod';
import { booleanFlag, listQuerySchema, versionSchema } from '../list/list.schema.ts';
import { requiredFields } from '../update.ts';

/**
 * Contracts of the factor menus (Faktorenmenüs, decision 019).
 *
 * A factor menu is the structure of hazard factors a hazard assessment is organised by: ordered
 * registers (Gefährdungsfaktor-Gruppen, e.g. "1 Mechanische Gefährdungen"), each with at least one
 * ordered factor (e.g. "1.1 Ungeschützt bewegte Maschinenteile") carrying its legal basis
 * (Rechtsgrundlage) and source (Quelle).
 *
 * Dropdown settings (per register) say how the register appears in the factor dropdown of the
 * assessment editor, which builds its options with `factorDropdownGroups()` below:
 * - `offered`: the register and its factors are offered at all (false hides it from new hazards;
 *   hazards already pointing at its factors keep them),
 * - `expanded`: the register's factors are listed open; otherwise only the register heading is shown
 *   until the user opens it,
 * - `multiple`: several factors of this register may be selected for one hazard; otherwise one.
 *
 * Factor and register ids stay stable across saves (rows are updated by id), because hazards point at
 * factors. An update sends `id` for existing rows and omits it for new ones.
 */

const text = (what: string, max: number) =>
  z.string().trim().min(1, `Bitte geben Sie ${what} an.`).max(max, `Höchstens ${max} Zeichen erlaubt.`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `Höchstens ${max} Zeichen erlaubt.`).default('');
const rowId = z.number().int().positive().max(2_147_483_647).optional();

export const FACTOR_MENU_NAME_MAX = 200;

export const factorDropdownSchema = z.object({
  offered: z.boolean().default(true),
  expanded: z.boolean().default(false),
  multiple: z.boolean().default(false),
});
export type FactorDropdown = z.infer<typeof factorDropdownSchema>;

export const factorInputSchema = z.object({
  id: rowId,
  number: optionalText(20),
  title: text('eine Bezeichnung des Faktors', 300),
  legalBasis: optionalText(1000),
  source: optionalText(1000),
});
export type FactorInput = z.input<typeof factorInputSchema>;

export const REGISTER_WITHOUT_FACTOR = 'Jedes Register braucht mindestens einen Faktor.';
export const MENU_WITHOUT_REGISTER = 'Bitte legen Sie mindestens ein Register an.';

export const factorRegisterInputSchema = z.object({
  id: rowId,
  number: optionalText(20),
  title: text('eine Bezeichnung des Registers', 300),
  dropdown: factorDropdownSchema.default({ offered: true, expanded: false, multiple: false }),
  factors: z.array(factorInputSchema).max(200).min(1, REGISTER_WITHOUT_FACTOR),
});
export type FactorRegisterInput = z.input<typeof factorRegisterInputSchema>;

const menuFields = {
  name: text('einen Namen des Faktorenmenüs', FACTOR_MENU_NAME_MAX),
  description: optionalText(4000),
  registers: z.array(factorRegisterInputSchema).max(100).min(1, MENU_WITHOUT_REGISTER),
};

/** Ids given must not repeat (a row can only be saved once). */
function idRules(v: { registers: { id?: number; factors: { id?: number }[] }[] }, ctx: z.RefinementCtx) {
  const registers = new Set<number>();
  const factors = new Set<number>();
  v.registers.forEach((r, i) => {
    if (r.id !== undefined) {
      if (registers.has(r.id))
        ctx.addIssue({ code: 'custom', path: ['registers', i, 'id'], message: 'Doppelte Register-ID.' });
      registers.add(r.id);
    }
    r.factors.forEach((f, j) => {
      if (f.id === undefined) return;
      if (factors.has(f.id))
        ctx.addIssue({
          code: 'custom',
          path: ['registers', i, 'factors', j, 'id'],
          message: 'Doppelte Faktor-ID.',
        });
      factors.add(f.id);
    });
  });
}

export const createFactorMenuSchema = z.object(menuFields).superRefine(idRules);
export type CreateFactorMenu = z.input<typeof createFactorMenuSchema>;
/** A whole-record update (decision 024): every field required, no defaults. */
export const updateFactorMenuSchema = z
  .object({ ...requiredFields(menuFields), version: versionSchema })
  .superRefine(idRules);
export type UpdateFactorMenu = z.input<typeof updateFactorMenuSchema>;

export const factorSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  legalBasis: z.string(),
  source: z.string(),
});
export type Factor = z.infer<typeof factorSchema>;

export const factorRegisterSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  dropdown: z.object({ offered: z.boolean(), expanded: z.boolean(), multiple: z.boolean() }),
  factors: z.array(factorSchema),
});
export type FactorRegister = z.infer<typeof factorRegisterSchema>;

export const factorMenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  standard: z.boolean(),
  active: z.boolean(),
  version: z.number().int(),
  registers: z.array(factorRegisterSchema),
});
export type FactorMenu = z.infer<typeof factorMenuSchema>;

/** A row of the list and of the picker `factormenu/picker`. */
export const factorMenuRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  standard: z.boolean(),
  active: z.boolean(),
  registerCount: z.number().int(),
  factorCount: z.number().int(),
});
export type FactorMenuRow = z.infer<typeof factorMenuRowSchema>;

export const factorMenuListQuerySchema = listQuerySchema.extend({ active: booleanFlag.optional() });
export type FactorMenuListQuery = z.input<typeof factorMenuListQuerySchema>;

export const factorMenuVersionSchema = z.object({ version: versionSchema });
export const copyFactorMenuSchema = z.object({
  name: text('einen Namen des Faktorenmenüs', FACTOR_MENU_NAME_MAX).optional(),
});
export const importFactorMenuSchema = z.object({
  content: z.string().max(1_000_000, { message: 'Die Datei ist zu groß.' }),
});

/**
 * The export file (JSON). Import reads the same shape; ids are not part of the file (an imported menu
 * gets new ids). The file is checked with `createFactorMenuSchema` (German messages per field).
 */
export const FACTOR_MENU_FILE_FORMAT = 'schutzwerk.factor-menu';
export const FACTOR_MENU_FILE_VERSION = 1;
export type FactorMenuFile = {
  format: typeof FACTOR_MENU_FILE_FORMAT;
  formatVersion: number;
  menu: {
    name: string;
    description: string;
    registers: {
      number: string;
      title: string;
      dropdown: FactorDropdown;
      factors: { number: string; title: string; legalBasis: string; source: string }[];
    }[];
  };
};

export function factorMenuFile(menu: FactorMenu): FactorMenuFile {
  return {
    format: FACTOR_MENU_FILE_FORMAT,
    formatVersion: FACTOR_MENU_FILE_VERSION,
    menu: {
      name: menu.name,
      description: menu.description,
      registers: menu.registers.map((r) => ({
        number: r.number,
        title: r.title,
        dropdown: r.dropdown,
        factors: r.factors.map((f) => ({
          number: f.number,
          title: f.title,
          legalBasis: f.legalBasis,
          source: f.source,
        })),
      })),
    },
  };
}

/** The label of a register or factor: its number (if any) and title, e.g. "1.1 Ungeschützt …". */
export function factorLabel(x: { number: string; title: string }): string {
  return x.number ? `${x.number} ${x.title}` : x.title;
}

/** A factor with its register, as the editor, reference view and print show it: "1 Mechanische … › 1.1 …". */
export function factorPath(
  register: { number: string; title: string },
  factor: { number: string; title: string },
): string {
  return `${factorLabel(register)} › ${factorLabel(factor)}`;
}

export type FactorDropdownGroup = {
  registerId: number;
  label: string;
  /** Shown open (true) or as a heading the user opens (false). */
  expanded: boolean;
  /** Several factors of this register may be chosen for one hazard. */
  multiple: boolean;
  options: { factorId: number; label: string; legalBasis: string; source: string }[];
};

/**
 * The factor dropdown of the hazard assessment editor: offered registers in menu order, each with its
 * factors. Registers that are not offered are left out, except when a factor of theirs is already
 * selected (`keepFactorIds`), so an existing hazard keeps showing its factor.
 */
export function factorDropdownGroups(
  menu: Pick<FactorMenu, 'registers'>,
  keepFactorIds: readonly number[] = [],
): FactorDropdownGroup[] {
  const keep = new Set(keepFactorIds);
  return menu.registers
    .filter((r) => r.dropdown.offered || r.factors.some((f) => keep.has(f.id)))
    .map((r) => ({
      registerId: r.id,
      label: factorLabel(r),
      expanded: r.dropdown.expanded || r.factors.some((f) => keep.has(f.id)),
      multiple: r.dropdown.multiple,
      options: r.factors.map((f) => ({
        factorId: f.id,
        label: factorLabel(f),
        legalBasis: f.legalBasis,
        source: f.source,
      })),
    }));
}

/** Why a selection of factors is refused; `code` is the error code the server answers with. */
export type FactorSelectionProblem = {
  code: 'FACTOR_MENU_FACTOR_INVALID' | 'FACTOR_MENU_FACTOR_NOT_MULTIPLE' | 'FACTOR_MENU_REGISTER_NOT_OFFERED';
  message: string;
};

/**
 * Checks a hazard's selection of factor ids against the menu's dropdown settings: every id must be a
 * factor of the menu (once), a register that does not allow several (`multiple`) may contribute one factor
 * only, and a register that is not `offered` may only be used when the hazard already has a factor of it
 * (`keepFactorIds`, the hazard's stored factors — the same rule `factorDropdownGroups` shows). Answers the
 * problem with a German message, or null when the selection is valid.
 */
export function checkFactorSelection(
  menu: Pick<FactorMenu, 'registers'>,
  factorIds: readonly number[],
  keepFactorIds: readonly number[] = [],
): FactorSelectionProblem | null {
  const registerOf = new Map<number, FactorRegister>();
  for (const r of menu.registers) for (const f of r.factors) registerOf.set(f.id, r);
  const keep = new Set(keepFactorIds);
  const seen = new Set<number>();
  const count = new Map<number, number>();
  for (const id of factorIds) {
    const register = registerOf.get(id);
    if (!register || seen.has(id))
      return {
        code: 'FACTOR_MENU_FACTOR_INVALID',
        message: register
          ? 'Ein Faktor ist mehrfach gewählt. Bitte wählen Sie jeden Faktor nur einmal.'
          : 'Der gewählte Faktor gehört nicht zum Faktorenmenü der Gefährdungsbeurteilung.',
      };
    seen.add(id);
    if (!register.dropdown.offered && !register.factors.some((f) => keep.has(f.id)))
      return {
        code: 'FACTOR_MENU_REGISTER_NOT_OFFERED',
        message: `Das Register „${factorLabel(register)}“ wird im Faktorenmenü nicht zur Auswahl angeboten; seine Faktoren können nicht neu gewählt werden.`,
      };
    count.set(register.id, (count.get(register.id) ?? 0) + 1);
    if (!register.dropdown.multiple && (count.get(register.id) ?? 0) > 1)
      return {
        code: 'FACTOR_MENU_FACTOR_NOT_MULTIPLE',
        message: `Im Register „${factorLabel(register)}“ kann nur ein Faktor gewählt werden („Mehrere Faktoren wählbar“ ist nicht eingestellt).`,
      };
  }
  return null;
}

/** The labels of chosen factors ("register › factor", `factorPath`) in the given order; unknown ids are left out. */
export function factorPathsIn(menu: Pick<FactorMenu, 'registers'> | undefined, factorIds: readonly number[]) {
  if (!menu) return [];
  const paths = new Map<number, string>();
  for (const r of menu.registers) for (const f of r.factors) paths.set(f.id, factorPath(r, f));
  return factorIds.flatMap((id) => {
    const p = paths.get(id);
    return p === undefined ? [] : [p];
  });
}

/**
 * The factor dropdown's selection after the user clicked `factorId` of register `group`: in a register that allows several
 * factors (`multiple`) the factor is added or removed; in the others it replaces the register's factor (or
 * is removed when it was chosen). The result follows the menu's order; ids not in the menu stay in front.
 */
export function toggleFactorSelection(
  menu: Pick<FactorMenu, 'registers'>,
  value: readonly number[],
  group: Pick<FactorDropdownGroup, 'multiple' | 'options'>,
  factorId: number,
): number[] {
  const chosen = new Set(value);
  if (chosen.has(factorId)) chosen.delete(factorId);
  else {
    if (!group.multiple) for (const o of group.options) chosen.delete(o.factorId);
    chosen.add(factorId);
  }
  const order = new Map<number, number>();
  for (const r of menu.registers) for (const f of r.factors) order.set(f.id, order.size);
  return [...chosen].sort((a, b) => (order.get(a) ?? -1) - (order.get(b) ?? -1));
}
