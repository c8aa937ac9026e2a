/**
 * Every built-in ruleset, loaded now: the entry for code that runs in Node (the Electron main
 * process, the benches) and for the tests, which read files of any ruleset and have no download
 * to save. Importing it makes `BUILTIN_RULESETS` (engine/index.ts) hold every built-in ruleset.
 * The renderer never imports it: it loads a ruleset when a campaign of it opens.
 */
import { BUILTIN_RULESET_LOADER } from './rulesets/builtin';
import { freeform } from './rulesets/freeform/index';
import { ranks } from './rulesets/ranks/index';
import { sides } from './rulesets/sides/index';
import { threeActions } from './rulesets/three-actions/index';
import { twoDice } from './rulesets/two-dice/index';
import { zones } from './rulesets/zones/index';

BUILTIN_RULESET_LOADER.preload([zones, freeform, twoDice, threeActions, ranks, sides]);

export { BUILTIN_RULESETS } from './rulesets/builtin';
