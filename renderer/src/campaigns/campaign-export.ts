/**
 * A campaign as one JSON file: how the browser build moves a campaign out of IndexedDB and back
 * (another browser, another computer, a backup). The format itself is the shared campaign format's
 * (`engine/campaign/campaign-export.ts`), so the desktop app's `campaigns:export` /
 * `campaigns:import` write and read exactly the same files; this module re-exports it.
 *
 * The one browser-specific part: `parseExport` here restores the campaign inside as the browser
 * build does everywhere (see campaign-check.ts): no migrations, since the browser never stored an
 * older version, and "the browser build of GM Screen" as the reader in messages.
 */
import { MAX_IMPORT_BYTES, parseExport as parseExportFile, type ParsedExport } from '../../../engine/campaign/index';
import type { Result } from './backend';
import { BUILTIN_RULESETS } from '../../../engine/index';

export {
  EXPORT_EXTENSION,
  EXPORT_TYPE,
  EXPORT_VERSION,
  MAX_IMPORT_BYTES,
  exportFileName,
  serializeExport,
  type CampaignExport,
  type ParsedExport,
} from '../../../engine/campaign/index';

/** Reads an export file's text, checking everything (the browser build's way); `maxBytes` is for tests. */
export function parseExport(text: unknown, maxBytes = MAX_IMPORT_BYTES): Result<ParsedExport> {
  return parseExportFile(text, BUILTIN_RULESETS, maxBytes, { migrations: {}, reader: 'the browser build of GM Screen' });
}
