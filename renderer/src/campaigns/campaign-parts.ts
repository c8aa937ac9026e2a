// What the campaign session (session.svelte.ts) loads when a campaign opens, not with the campaign
// list, which needs none of it: the encounters (opening, adding, closing fights, with the engine's
// journals), and the party's and bestiary's entries as the engine reads them (issue 43).
export { afterPartyRests, afterSceneEnds } from './party-between-fights';
export { SessionEncounters } from './session-encounters';
export { readTemplate } from '../roster/template-check';
export { addCommandFor } from '../roster/template-fight';
