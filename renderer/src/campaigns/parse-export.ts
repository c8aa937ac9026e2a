/**
 * Reads a campaign export file (campaign-export.ts) the browser build's way: the campaign inside is
 * restored as the browser build does everywhere (see campaign-check.ts), with no migrations, since
 * the browser never stored an older version, and "the browser build of GM Screen" as the reader in
 * messages. Its fights are replayed under their rulesets, so this module (and the engine's rules)
 * loads when the GM imports a file, not with the campaign list.
 */
import { MAX_IMPORT_BYTES } from '../../../engine/campaign/index';
import { parseExport as parseExportFile, type ParsedExport } from '../../../engine/campaign/parse-export';
import type { Result } from './backend';
import { BUILTIN_RULESETS } from '../../../engine/index';

/** Reads an export file's text, checking everything (the browser build's way); `maxBytes` is for tests. */
export function parseExport(text: unknown, maxBytes = MAX_IMPORT_BYTES): Result<ParsedExport> {
  return parseExportFile(text, BUILTIN_RULESETS, maxBytes, { migrations: {}, reader: 'the browser build of GM Screen' });
}
