/**
 * Where the legacy fixtures and their expected outputs lie, and the manifest that names them
 * (the campaign folders and encounter ids were made up at random when the files were written).
 *
 * ```
 * tests/legacy/
 *   fixtures/
 *     manifest.json                     what is where (below)
 *     campaigns/<folder>/campaign.json  a campaigns root as the desktop app leaves it: each
 *     campaigns/<folder>/encounters/<id>.jsonl   campaign's file and backups, one journal per fight
 *     logs/<encounter key>.log.json     each fight's log exported as JSON (the log's "Raw events")
 *     exports/<file>.gm-campaign.json   the Zones campaign exported as one file
 *   expected/
 *     <encounter key>/<output>          see facts.ts (OUTPUT_FILES); the two lists with an entry
 *                                       per step are gzipped (<output>.gz): as plain JSON they
 *                                       were about a megabyte, gzipped a few kilobytes
 *     campaigns/<campaign key>.json     see campaign-facts.ts
 * ```
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LEGACY_DIR = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES_DIR = path.join(LEGACY_DIR, 'fixtures');
export const EXPECTED_DIR = path.join(LEGACY_DIR, 'expected');
/** The campaigns root inside the fixtures. */
export const CAMPAIGNS_ROOT = path.join(FIXTURES_DIR, 'campaigns');
export const LOGS_DIR = path.join(FIXTURES_DIR, 'logs');
export const EXPORTS_DIR = path.join(FIXTURES_DIR, 'exports');
export const MANIFEST_FILE = path.join(FIXTURES_DIR, 'manifest.json');

/** The commit whose code wrote the fixtures. */
export const WRITTEN_BY = 'b2dfe7f';

/** What the fixtures hold. */
export interface Manifest {
  readonly writtenBy: string;
  readonly campaigns: readonly {
    /** Names its expected file, `expected/campaigns/<key>.json`. */
    readonly key: string;
    /** Its folder under `fixtures/campaigns/`. */
    readonly folder: string;
    readonly name: string;
  }[];
  readonly encounters: readonly {
    /** Names its expected folder, `expected/<key>/`, and its log, `fixtures/logs/<key>.log.json`. */
    readonly key: string;
    /** The campaign (key) whose folder holds its journal. */
    readonly campaign: string;
    /** Its journal: `encounters/<id>.jsonl` in that campaign's folder. */
    readonly id: string;
    readonly name: string;
  }[];
  readonly exports: readonly {
    /** The campaign (key) it is an export of. */
    readonly campaign: string;
    /** Its file under `fixtures/exports/`. */
    readonly file: string;
  }[];
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as Manifest;
}

export function logFile(key: string): string {
  return path.join(LOGS_DIR, `${key}.log.json`);
}

/** The outputs kept gzipped: the lists with one entry per step. */
const GZIPPED: ReadonlySet<string> = new Set(['player-views.json', 'facts.json']);

/** Where an encounter's expected output lies. */
export function expectedFile(key: string, output: string): string {
  return path.join(EXPECTED_DIR, key, GZIPPED.has(output) ? `${output}.gz` : output);
}

/** An encounter's expected output as text. */
export function readExpected(key: string, output: string): string {
  const bytes = readFileSync(expectedFile(key, output));
  return (GZIPPED.has(output) ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** The bytes to write for an encounter's expected output. */
export function expectedBytes(output: string, text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return GZIPPED.has(output) ? gzipSync(bytes, { level: 9 }) : bytes;
}

export function expectedCampaignFile(key: string): string {
  return path.join(EXPECTED_DIR, 'campaigns', `${key}.json`);
}

/** Pretty JSON with a final newline, as every expected JSON file is written. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
