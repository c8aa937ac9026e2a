/**
 * The migrations table: for each old version of campaign.json, the schema of that version and a
 * pure function to the next one. `restoreCampaign` walks the table until it reaches
 * {@link CAMPAIGN_VERSION}, so each step only knows its two neighbours.
 *
 * Version 0 is MADE UP: no build of GM Screen ever wrote it. It exists to exercise and show the
 * migration path (upgrade on open, original kept as `campaign.json.v0.orig`). Its shape: version 1
 * without `maps`, and encounters with `finished: boolean` instead of `status`. When a real version
 * 2 arrives, add `1: { … }` here and bump CAMPAIGN_VERSION.
 */
import * as v from 'valibot';
import {
  CAMPAIGN_TYPE,
  CAMPAIGN_VERSION,
  idSchema,
  itemSchema,
  nameSchema,
  rulesetIdSchema,
  settingsSchema,
  timestampSchema,
  uniqueList,
} from './campaign-schema';

/** One step from `from` to `from + 1`. */
export interface Migration {
  /** The version this step reads. */
  readonly from: number;
  /** What changed, for the log and the GM ("maps added", …). */
  readonly description: string;
  /** The shape of a file at version `from`; checked before `migrate` runs. */
  readonly schema: v.GenericSchema;
  /** Builds the next version's object from a valid `from` object. Pure. */
  readonly migrate: (old: unknown) => unknown;
}

/** The made-up version 0 (see the module comment). */
const campaignV0Schema = v.strictObject({
  type: v.literal(CAMPAIGN_TYPE),
  version: v.literal(0),
  id: idSchema,
  name: nameSchema,
  rulesetId: rulesetIdSchema,
  settings: settingsSchema,
  roster: uniqueList(itemSchema, 'roster entries'),
  bestiary: uniqueList(itemSchema, 'bestiary entries'),
  encounters: uniqueList(
    v.strictObject({
      id: idSchema,
      name: nameSchema,
      finished: v.boolean(),
      createdAt: timestampSchema,
      updatedAt: timestampSchema,
    }),
    'encounters',
  ),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** A version 0 campaign (made up; see the module comment). */
export type CampaignV0 = v.InferOutput<typeof campaignV0Schema>;

const v0ToV1: Migration = {
  from: 0,
  description: 'adds an empty map list; an encounter\'s "finished" flag becomes its status',
  schema: campaignV0Schema,
  migrate: (old) => {
    // `restoreCampaign` parsed `old` with `schema` above before calling this.
    const v0 = old as CampaignV0;
    return {
      ...v0,
      version: 1,
      maps: [],
      // A v0 encounter was either done or not; "running" did not exist, so unfinished is "planned".
      encounters: v0.encounters.map(({ finished, ...entry }) => ({ ...entry, status: finished ? 'finished' : 'planned' })),
    };
  },
};

/** Old version → the step that upgrades it. Every version below CAMPAIGN_VERSION has one. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = { 0: v0ToV1 };

// A gap in the table would strand files of that version; fail at load time, in every test run.
for (let version = 0; version < CAMPAIGN_VERSION; version++) {
  if (MIGRATIONS[version]?.from !== version) throw new Error(`migrations: no step from version ${version}`);
}
