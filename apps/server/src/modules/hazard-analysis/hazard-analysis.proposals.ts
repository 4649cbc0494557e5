import type { ActionType } from '@schutzwerk/shared/actions/actions.schema.ts';

/** The longest action designation the action schema accepts. */
export const DESIGNATION_MAX = 500;

const STOP_TYPES: Record<string, ActionType> = {
  S: 'substitution',
  T: 'technical',
  O: 'organisational',
  P: 'personal',
};

export type ActionProposal = { designation: string; description: string; type: ActionType | null };

/** The provenance line that starts the description of an adopted brick action. */
export function brickActionOrigin(brickIdentifier: string, actionIdentifier: string): string {
  return `Vorschlag aus dem Gefährdungsbaustein ${brickIdentifier}, Maßnahme ${actionIdentifier}.`;
}

/**
 * A hazard brick's action as an action adopted for a hazard (decision 021, "Actions from bricks"):
 * - designation = the brick action's description (the measure itself); when longer than an action
 *   designation may be, it is cut with '…' and the full text goes into the description;
 * - description names where it came from ("Vorschlag aus dem Gefährdungsbaustein M-01, Maßnahme T1.");
 * - type: the catalogue's identifiers carry the STOP level as letter and running number (S1, T1, O2, P1 —
 *   decision 017), so an identifier of exactly that form gives the type; any other identifier gives none.
 */
export function brickActionProposal(
  brickIdentifier: string,
  action: { identifier: string; description: string },
): ActionProposal {
  const text = action.description.trim().replace(/\s+/g, ' ');
  const cut = text.length > DESIGNATION_MAX;
  const designation = cut ? `${text.slice(0, DESIGNATION_MAX - 1).trimEnd()}…` : text;
  const origin = brickActionOrigin(brickIdentifier, action.identifier);
  const level = /^([STOP])\d*$/i.exec(action.identifier.trim())?.[1]?.toUpperCase();
  return {
    designation,
    description: cut ? `${origin}\n\n${action.description.trim()}` : origin,
    type: level ? (STOP_TYPES[level] ?? null) : null,
  };
}

/**
 * The chosen brick actions a hazard already has as actions: an action whose description starts with the
 * brick action's provenance line (what adopting writes), or whose designation is the measure's text. No
 * extra column marks adopted actions, so an action the user rewrote entirely counts as his own.
 */
export function adoptedBrickActions<
  A extends { brickIdentifier: string; identifier: string; description: string },
>(existing: readonly { designation: string; description: string }[], chosen: readonly A[]): A[] {
  return chosen.filter((a) => {
    const { designation } = brickActionProposal(a.brickIdentifier, a);
    const origin = brickActionOrigin(a.brickIdentifier, a.identifier);
    return existing.some(
      (e) => e.description.trimStart().startsWith(origin) || e.designation === designation,
    );
  });
}
