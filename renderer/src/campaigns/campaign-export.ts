/**
 * A campaign as one JSON file: how the browser build moves a campaign out of IndexedDB and back
 * (another browser, another computer, a backup). The format itself is the shared campaign format's
 * (`engine/campaign/campaign-export.ts`), so the desktop app's `campaigns:export` /
 * `campaigns:import` write and read exactly the same files; this module re-exports it.
 *
 * Reading a file back is parse-export.ts's, loaded only when the GM imports one (it replays the
 * fights inside, which takes the engine's rules; the campaign list does not load them otherwise).
 */
export {
  EXPORT_EXTENSION,
  EXPORT_TYPE,
  EXPORT_VERSION,
  MAX_IMPORT_BYTES,
  exportFileName,
  serializeExport,
  type CampaignExport,
} from '../../../engine/campaign/index';
