/**
 * Brings the encounters of the versions before campaigns into one campaign, once. Those versions
 * kept encounters on their own in the `gm-screen` database (legacy-db.ts); each becomes an
 * encounter of the campaign "Encounters from before campaigns" with its whole history, undo and
 * redo included. The old database is left as it was.
 */
import type { Encounter } from '../../../engine/index';
import type { CampaignBackend, Result } from './backend';
import type { CampaignDatabase } from './campaign-db';
import type { GmDatabase } from './legacy-db';
import { entryStatus } from './entry-status';

type Engine = typeof import('./bring-over-engine');

const DONE = 'broughtOverEncounters';
const PROGRESS = 'bringingOverEncounters';
export const BROUGHT_OVER_NAME = 'Encounters from before campaigns';

/** What was brought over, in a sentence for the GM, or null when there was nothing (or it was done before). */
export async function bringOverOldEncounters(legacy: GmDatabase, backend: CampaignBackend, db: CampaignDatabase): Promise<Result<string | null>> {
  if (await db.meta.get(DONE)) return { ok: true, value: null };
  const rows = await legacy.encounters.orderBy('updatedAt').toArray();
  if (rows.length === 0) {
    await db.meta.put({ key: DONE, value: new Date().toISOString() });
    return { ok: true, value: null };
  }
  // The old encounters may be of any ruleset: the engine and every ruleset load, but only when there are some.
  const engine = await import('./bring-over-engine');
  await engine.loadAllRulesets();
  const histories: { oldId: string; name: string; encounter: Encounter; updatedAt: number }[] = [];
  const skipped: string[] = [];
  for (const row of rows) {
    const events = (await legacy.events.where('[encounterId+seq]').between([row.id, 0], [row.id, Infinity], true, true).toArray()).map((r) => r.event);
    const restored = engine.restoreEncounter({ events, steps: row.steps, redoable: row.redoable }, engine.BUILTIN_RULESETS);
    if (restored.ok) histories.push({ oldId: row.id, name: row.name, encounter: restored.value, updatedAt: row.updatedAt });
    else skipped.push(`"${row.name}" (${restored.message})`);
  }
  const first = histories[0];
  if (!first) {
    await db.meta.put({ key: DONE, value: new Date().toISOString() });
    return { ok: true, value: skipped.length ? `Old encounters could not be brought over: ${skipped.join('; ')}.` : null };
  }
  // Progress is kept per encounter, so a start interrupted half-way goes on where it stopped
  // instead of making a second campaign.
  const progress = await readProgress(db);
  let folder = progress?.folder;
  if (!folder) {
    const created = await backend.create({ name: BROUGHT_OVER_NAME, rulesetId: first.encounter.state.rulesetId });
    if (!created.ok) return created;
    folder = created.value.folder;
    await db.meta.put({ key: PROGRESS, value: JSON.stringify({ folder, done: [] }) });
  }
  const opened = await backend.open({ folder });
  if (!opened.ok) return opened;
  try {
    const done = new Set(progress?.done ?? []);
    for (const { oldId, name, encounter, updatedAt } of histories) {
      if (done.has(oldId)) continue;
      const moved = await bringOne(engine, backend, folder, name, encounter, updatedAt);
      if (!moved.ok) return moved;
      done.add(oldId);
      await db.meta.put({ key: PROGRESS, value: JSON.stringify({ folder, done: [...done] }) });
    }
  } finally {
    await backend.close({ folder });
  }
  await db.meta.delete(PROGRESS);
  await db.meta.put({ key: DONE, value: new Date().toISOString() });
  const moved = `${histories.length === 1 ? 'One encounter' : `${histories.length} encounters`} from before campaigns ${histories.length === 1 ? 'is' : 'are'} now in the campaign "${BROUGHT_OVER_NAME}".`;
  return { ok: true, value: skipped.length ? `${moved} Could not bring over: ${skipped.join('; ')}.` : moved };
}

async function readProgress(db: CampaignDatabase): Promise<{ folder: string; done: string[] } | null> {
  const row = await db.meta.get(PROGRESS);
  if (!row) return null;
  try {
    const value: unknown = JSON.parse(row.value);
    const { folder, done } = value as { folder?: unknown; done?: unknown };
    return typeof folder === 'string' && Array.isArray(done) ? { folder, done: done.filter((d): d is string => typeof d === 'string') } : null;
  } catch {
    return null;
  }
}

/** One old encounter into the open campaign: an entry, its journal, its status and when it was played. */
async function bringOne(engine: Engine, backend: CampaignBackend, folder: string, name: string, encounter: Encounter, updatedAt: number): Promise<Result<void>> {
  const entry = await backend.createEncounter({ folder, name });
  if (!entry.ok) return entry;
  const id = entry.value.encounter.id;
  // The encounter takes its entry's id, as every encounter of a campaign does.
  const [first, ...rest] = encounter.events;
  if (first?.type !== 'encounter-created') return { ok: false, code: 'history/start', message: `"${name}" has no beginning.` };
  const renamed = engine.restoreEncounter({ events: [{ ...first, id }, ...rest], steps: encounter.steps, redoable: encounter.redoable }, engine.BUILTIN_RULESETS);
  if (!renamed.ok) return renamed;
  const appended = await backend.appendEvents({ folder, encounterId: id, events: engine.historyLines(renamed.value).map((line) => line as { type: string }) });
  if (!appended.ok) return appended;
  const at = new Date(updatedAt).toISOString();
  const campaign = {
    ...entry.value.campaign,
    encounters: entry.value.campaign.encounters.map((e) => (e.id === id ? { ...e, status: entryStatus(renamed.value), updatedAt: at } : e)),
  };
  const saved = await backend.save({ folder, campaign });
  return saved.ok ? { ok: true, value: undefined } : saved;
}
