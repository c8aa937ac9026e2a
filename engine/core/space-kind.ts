import { failure, type Failure } from '../result';

// Which space a fight is fought in is the ruleset's choice: none (theatre of the mind), zones
// (`space/zones/`: a zone graph, drawn maps with borders), or, as it comes, a square grid. The
// core keeps each character's place and routes the commands that change it to the space's own
// module; a ruleset whose fights have no such space has those commands refused.

/** The kinds of space a ruleset's fights may use. */
export type SpaceKind = 'zones' | 'grid';

/** What the space is called in a refusal: "zones". */
const SPACE_WORDS: Readonly<Record<SpaceKind, string>> = { zones: 'zones', grid: 'square grid' };

/** Whether a ruleset's fights use this kind of space. */
export function usesSpace(ruleset: { readonly space?: { readonly kinds: readonly SpaceKind[] } }, kind: SpaceKind): boolean {
  return ruleset.space?.kinds.includes(kind) ?? false;
}

/** A refusal for a command about a space the ruleset's fights don't use, or null when they do. */
export function withoutSpace(ruleset: { readonly name: string; readonly space?: { readonly kinds: readonly SpaceKind[] } }, kind: SpaceKind): Failure | null {
  if (usesSpace(ruleset, kind)) return null;
  return failure('space/none', `${ruleset.name} fights have no ${SPACE_WORDS[kind]}; say where characters stand in the notes instead.`);
}
