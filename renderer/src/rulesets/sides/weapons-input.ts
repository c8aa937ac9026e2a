// Weapons as the forms edit them: pieces of the generic gear form, each with a name and the kind
// `weapon` (Sides & Shock has no other); the engine checks and keeps them (ids included).

export interface WeaponDraft {
  id?: string;
  name: string;
  kind: string;
  [field: string]: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The weapons in a draft of the character's own part (`{ gear }`), as far as they read. */
export function weaponsDraft(raw: unknown): WeaponDraft[] {
  const list = isRecord(raw) && Array.isArray(raw.gear) ? raw.gear : [];
  return list.filter(isRecord).map((g) => ({ ...g, name: String(g.name ?? ''), kind: 'weapon' }));
}

/** A draft without the id a fight gave it: entries keep none, each fight gives new ones. */
export const withoutId = ({ id: _id, ...rest }: WeaponDraft): WeaponDraft => rest as WeaponDraft;
