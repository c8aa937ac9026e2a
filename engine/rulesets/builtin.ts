import { freeform } from './freeform/index';
import { registerRuleset } from '../core/registry';
import { ranks } from './ranks/index';
import { sides } from './sides/index';
import { threeActions } from './three-actions/index';
import { twoDice } from './two-dice/index';
import { zones } from './zones/index';

// The rulesets that ship with the app, one line each; the first is the default for new campaigns.
registerRuleset(zones);
registerRuleset(freeform);
registerRuleset(twoDice);
registerRuleset(threeActions);
registerRuleset(ranks);
registerRuleset(sides);
