import { checkGearInHand, checkOwnTests, type Gear, type OwnTests } from '../../../../engine/rulesets/three-actions/index';
import type { EntryRules, OwnEntry } from '../panels';
import { gearDraft, testsDraft, type GearPieceDraft } from './gear-input';

// Three Actions' part of a party or bestiary entry: `gear` (weapons with their attack test,
// damage and critical; items that block or parry, with their durability) and `tests` (their own
// fortify and dodge dice), checked by the engine's own rules. Each piece says whether it is in hand
// when a fight starts (`inHand`; an entry saved before that holds everything it carries). Ids are the fight's business: an entry keeps none, and each fight gives new ones.

const withoutId = ({ id: _id, ...rest }: GearPieceDraft | Gear): GearPieceDraft => rest as GearPieceDraft;

// Only the tests given, so an entry without any keeps no `tests` at all.
const given = (tests: OwnTests): Record<string, string> => Object.fromEntries(Object.entries(tests).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));

export const threeActionsEntryRules: EntryRules = {
  read(data) {
    // An entry keeps what the GM ticked; the fight it joins holds no more than its Hands setting.
    const checked = checkGearInHand(data.gear ?? [], [], (n) => `g${n + 1}`, Number.POSITIVE_INFINITY);
    if ('ok' in checked) return { ok: false, problems: [`Gear: ${checked.message}`] };
    const tests = checkOwnTests(data.tests);
    if ('ok' in tests) return { ok: false, problems: [tests.message] };
    const own = given(tests);
    const gear = checked.gear.map((g) => ({ ...withoutId(g), inHand: checked.held.includes(g.id) }));
    return { ok: true, value: { gear, ...(Object.keys(own).length > 0 ? { tests: own } : {}) } };
  },
  draft: (data): OwnEntry => ({ gear: gearDraft(data).map(withoutId), tests: { ...testsDraft(data) } }),
  toCommand(own) {
    const gear = gearDraft(own).map(withoutId);
    const tests = Object.fromEntries(Object.entries(testsDraft(own)).filter(([, t]) => t.trim() !== ''));
    const part = { ...(gear.length > 0 ? { gear } : {}), ...(Object.keys(tests).length > 0 ? { tests } : {}) };
    return Object.keys(part).length > 0 ? { rules: { gear, ...part } } : {};
  },
  imports: [{ name: 'gear', key: 'gear' }, { name: 'tests', key: 'tests' }],
};
