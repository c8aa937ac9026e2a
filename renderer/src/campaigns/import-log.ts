/**
 * A fight's log brought into a campaign (the Encounters tab's "Import a fight's log…"): the JSON
 * file `exportJson` writes, read with every check of `readEncounterLog`, then checked against the
 * campaign it goes into. Every refusal is a sentence telling the GM what to do; nothing is added
 * until the GM has seen the preview and confirmed.
 */
import { failure, isRecord, MAX_LOG_CHARS, readEncounterLog, restoreEncounter, rulesetEntry, loadAllRulesets, type Encounter, type Failure, type Result, BUILTIN_RULESETS } from '../../../engine/index';
import { checkDisplayName, EXPORT_TYPE } from '../../../engine/campaign/index';
import type { Campaign, EncounterEntry } from './backend';

/**
 * The largest file read at all, in bytes: a character of text takes at most 3 bytes in UTF-8, so
 * a bigger file is over the log's limit whatever it holds, and is refused without being read.
 */
export const MAX_LOG_FILE_BYTES = MAX_LOG_CHARS * 3;

/** What the GM sees before adding the fight. */
export interface FightLogPreview {
  /** The fight's name, as the log holds it (text, never markup). */
  readonly name: string;
  readonly rulesetName: string;
  readonly combatants: number;
  readonly status: 'setup' | 'running' | 'ended';
  /** The round it reached (0 before it started). */
  readonly round: number;
  /** GM steps in its history, its creation included. */
  readonly steps: number;
  /** Steps undone at the export, which redo brings back. */
  readonly undone: number;
  /** The campaign it was exported from, and when. */
  readonly fromCampaign: string;
  readonly exportedAt: string;
  /**
   * An encounter of this campaign the fight may duplicate: the fight itself (the same id: the log
   * was exported from here), or one of the same name (perhaps the same log imported before); null
   * when there is none. The import never replaces it: it is added beside it.
   */
  readonly alreadyHere: { readonly why: 'same-fight' | 'same-name'; readonly name: string } | null;
}

/** A checked log, ready to be added to the campaign it was checked against. */
export interface FightLog {
  readonly preview: FightLogPreview;
  /** The fight exactly as exported: its events, steps and undone steps. */
  readonly encounter: Encounter;
}

/** A file too big to read, as a refusal; null when it may be read. */
export function fileTooLarge(bytes: number): Failure | null {
  if (bytes <= MAX_LOG_FILE_BYTES) return null;
  const mb = (n: number) => Math.ceil(n / (1024 * 1024));
  return failure('log/too-large', `This file is ${mb(bytes)} MB, far more than a fight's log (at most ${mb(MAX_LOG_CHARS)} MB); choose the .json file exported from a fight's log.`);
}

/** What to do with a file made by a newer GM Screen, a damaged one, or one that is not a log. */
const AGAIN = "If this is the file you exported, it was damaged or cut short on the way: export the fight's log again and import the new file.";
const CHOOSE = 'Choose the .json file saved with "Raw events, to import back" from a fight\'s log.';

// readEncounterLog's refusals before the text was parsed: there is nothing safe to look into.
const UNPARSED = new Set(['log/too-large', 'log/empty', 'log/too-deep', 'log/syntax', 'log/forbidden-key']);
// Its refusals of the envelope, around a journal that was not read.
const ENVELOPE = new Set(['log/version', 'log/encounter', 'log/meta', 'log/journal']);

/**
 * `checkFightLog` with every built-in ruleset loaded first: the file may hold a fight of another
 * ruleset than the campaign's, and the GM is told which (the app otherwise loads only the
 * campaign's ruleset).
 */
export async function readFightLog(text: string, campaign: Pick<Campaign, 'rulesetId' | 'encounters'>): Promise<Result<FightLog>> {
  try {
    await loadAllRulesets();
  } catch (error) {
    return failure('log/rulesets', `${error instanceof Error ? error.message : String(error)}`);
  }
  return checkFightLog(text, campaign);
}

/**
 * Reads a fight's log file for `campaign`: the checks of `readEncounterLog` (size, nesting,
 * forbidden keys, type, version, a journal that replays to its end), then the campaign's: the same
 * ruleset, a name the campaign can hold, and whether the fight is already in it.
 */
export function checkFightLog(text: string, campaign: Pick<Campaign, 'rulesetId' | 'encounters'>): Result<FightLog> {
  const read = readEncounterLog(text, BUILTIN_RULESETS);
  if (!read.ok) return failure(read.code, refusal(text, read.code, read.message));
  const { file, encounter } = read.value;
  const { state } = encounter;
  const { ruleset } = encounter;
  if (state.rulesetId !== campaign.rulesetId) {
    const here = rulesetEntry(campaign.rulesetId)?.name ?? campaign.rulesetId;
    return failure(
      'log/other-ruleset',
      `This fight was played with ${ruleset.name}, and this campaign uses ${here}. Import it into a ${ruleset.name} campaign instead.`,
    );
  }
  const name = checkDisplayName(state.name, 'fight name');
  if (!name.ok) return failure(name.code, `The name of the fight in this file can't be used: ${name.message} ${AGAIN}`);
  const sameFight = campaign.encounters.find((e) => e.id === state.id);
  const sameName = campaign.encounters.find((e) => e.name.toLowerCase() === name.value.toLowerCase());
  return {
    ok: true,
    value: {
      encounter,
      preview: {
        name: name.value,
        rulesetName: ruleset.name,
        combatants: state.combatants.length,
        status: state.status,
        round: state.round,
        steps: encounter.steps.length,
        undone: encounter.redoable.length,
        fromCampaign: file.campaign,
        exportedAt: file.exportedAt,
        alreadyHere: sameFight ? { why: 'same-fight', name: sameFight.name } : sameName ? { why: 'same-name', name: sameName.name } : null,
      },
    },
  };
}

/**
 * The fight under its new entry's id and name (the campaign's store gives every new encounter its
 * id), every step, undone step and die kept.
 */
export function fightUnder(encounter: Encounter, entry: Pick<EncounterEntry, 'id' | 'name'>): Result<Encounter> {
  const [first, ...rest] = encounter.events;
  if (first?.type !== 'encounter-created') return failure('history/start', 'That fight has no beginning; export it again.');
  return restoreEncounter({ events: [{ ...first, id: entry.id, name: entry.name }, ...rest], steps: encounter.steps, redoable: encounter.redoable }, BUILTIN_RULESETS);
}

function unknownRuleset(id: string): Failure {
  return failure(
    'log/unknown-ruleset',
    `This fight was played with the ruleset "${id.length > 40 ? `${id.slice(0, 40)}…` : id}", which this version of GM Screen doesn't have. Update GM Screen, then import it again.`,
  );
}

/** readEncounterLog's refusal, said for the GM at the import, with what to do about it. */
function refusal(text: string, code: string, message: string): string {
  if (code === 'log/empty') return `This file is empty. ${CHOOSE}`;
  if (code === 'log/syntax') return `This file can't be read as a fight's log. ${message} ${AGAIN}`;
  if (UNPARSED.has(code)) return `${message} ${CHOOSE}`;
  // The checks above passed, so the text parses, within the limits and without forbidden keys.
  const value: unknown = JSON.parse(text);
  if (isRecord(value) && value.type === EXPORT_TYPE) {
    return 'This is a campaign export, not a fight\'s log: import it from the campaign list (☰ Campaigns, then "Import a campaign file").';
  }
  if (code === 'log/not-a-log') return `This file is not a fight's log. ${CHOOSE}`;
  if (code === 'log/newer') return `${message} Update GM Screen, then import it again.`;
  if (ENVELOPE.has(code)) return `This file looks like a fight's log, but it is damaged. ${message} ${AGAIN}`;
  // The journal was refused: first, a fight of a ruleset this build lacks, whose own events read as unknown.
  const rulesetId = createdRulesetId(value);
  if (rulesetId !== null && !rulesetEntry(rulesetId)) return unknownRuleset(rulesetId).message;
  return `The fight in this file is damaged, so none of it was imported. ${message} ${AGAIN}`;
}

/** The ruleset named by the event that created the fight, if the journal has one. */
function createdRulesetId(value: unknown): string | null {
  if (!isRecord(value) || !Array.isArray(value.journal)) return null;
  const created: unknown = value.journal.find((line: unknown) => isRecord(line) && line.type === 'encounter-created');
  return isRecord(created) && typeof created.rulesetId === 'string' ? created.rulesetId : null;
}
