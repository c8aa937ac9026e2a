// Gear as the forms edit it: pieces of the generic gear form, each with a name and a kind; the
// engine checks and keeps them (ids included).

export interface GearPieceDraft {
  id?: string;
  name: string;
  kind: string;
  [field: string]: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The gear in a draft of the character's own part (`{ gear }`), as far as it reads. */
export function gearDraft(raw: unknown): GearPieceDraft[] {
  const list = isRecord(raw) && Array.isArray(raw.gear) ? raw.gear : [];
  return list.filter(isRecord).map((g) => ({ ...g, name: String(g.name ?? ''), kind: g.kind === 'item' ? 'item' : 'weapon' }));
}

/** A character's own tests as the forms edit them: text, empty for none. */
export interface TestsDraft {
  fortify: string;
  dodge: string;
}

/** The tests in a draft of the character's own part (`{ tests }`), as far as they read. */
export function testsDraft(raw: unknown): TestsDraft {
  const tests = isRecord(raw) && isRecord(raw.tests) ? raw.tests : {};
  return { fortify: typeof tests.fortify === 'string' ? tests.fortify : '', dodge: typeof tests.dodge === 'string' ? tests.dodge : '' };
}
