// A Skill Ranks sheet as the forms edit it: entries of the generic gear form (skills and weapons),
// each with a name and a kind; the engine checks and keeps them (ids included).

export interface SheetEntryDraft {
  id?: string;
  name: string;
  kind: string;
  [field: string]: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sheet in a draft of the character's own part (`{ sheet }`), as far as it reads. */
export function sheetDraft(raw: unknown): SheetEntryDraft[] {
  const list = isRecord(raw) && Array.isArray(raw.sheet) ? raw.sheet : [];
  return list.filter(isRecord).map((e) => ({ ...e, name: String(e.name ?? ''), kind: e.kind === 'weapon' ? 'weapon' : 'skill' }));
}
