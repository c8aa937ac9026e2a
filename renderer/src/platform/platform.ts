import type { Cancelled, GmScreenApi, Result, SavedFile } from '../../../electron/ipc-contract';
import { downloadFile } from './download';
import { refusalReason } from './ipc-refusal';

/** The players' view is the same page at this hash (main.ts mounts the player app for it). */
export const PLAYER_VIEW_HASH = '#player';
/** The browser window the players' view opens in: a second click reuses it. */
export const PLAYER_WINDOW_NAME = 'gm-screen-players';

/** What the renderer needs from wherever it runs: the desktop app or a plain browser. */
export interface Platform {
  kind: 'electron' | 'browser';
  /** Shown in the footer, so the GM knows where their data lives. */
  label: string;
  setTitle(title: string): Promise<void>;
  /**
   * Opens the players' view in its own window, or brings it to the front when it is open. The
   * desktop app puts it full screen on a second display (or where it was last time). Rejects with
   * a sentence for the GM when it cannot (a browser's pop-up blocker).
   */
  openPlayerView(): Promise<void>;
  /**
   * Saves a text file the renderer built (an encounter log as `.md`, `.html`, `.json` or `.csv`).
   * `fileName` is a suggested name without a folder (`Lost Mine – Goblin raid – 2026-11-23.md`).
   * The desktop app shows a save dialog in the GM's documents (it asks before replacing a file)
   * and answers the name chosen; a browser downloads it (where, and whether it asks, is the
   * browser's setting) and answers `fileName`. Never rejects: a refusal is `{ failed }`.
   */
  saveTextFile(fileName: string, content: string): Promise<SaveAnswer>;
  /**
   * Saves `html` (a whole page, with an `@media print` stylesheet) as a PDF; `fileName` ends with
   * `.pdf`. The desktop app prints it to an A4 PDF and shows a save dialog; a browser opens it in
   * a new window and opens the print dialog there (where the GM chooses "Save as PDF"), and
   * answers `{ saved: PRINT_DIALOG }`.
   */
  savePdf(fileName: string, html: string): Promise<SaveAnswer>;
}

/** What saving a file answers: the name it was saved as, cancelled by the GM, or why it failed (a sentence). */
export type SaveAnswer = { readonly saved: string } | { readonly cancelled: true } | { readonly failed: string };

/** `saved` of a browser's PDF: the page went to the browser's print dialog, which says no more. */
export const PRINT_DIALOG = '(print dialog)';

/** A browser makes no PDF itself: its export button opens the print dialog, and says so. */
export const PRINT_PDF_LABEL = 'Print / Save as PDF…';

/**
 * An export button's label: `label` (the desktop app saves a PDF file like any other), except for
 * a PDF in a browser, whose button opens the print dialog (`PRINT_PDF_LABEL`).
 */
export function exportButtonLabel(kind: Platform['kind'], format: string, label: string): string {
  return kind === 'browser' && format === 'pdf' ? PRINT_PDF_LABEL : label;
}

/** The MIME types of the files `saveTextFile` writes, by extension. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown;charset=utf-8',
  html: 'text/html;charset=utf-8',
  json: 'application/json;charset=utf-8',
  csv: 'text/csv;charset=utf-8',
};

/**
 * A save over IPC as a `SaveAnswer`. A rejected call is the contract refusing the payload (a name
 * with a folder, a file too large), of which only the reason is kept (`refusalReason`).
 */
async function answerOf(call: () => Promise<Result<SavedFile | Cancelled>>): Promise<SaveAnswer> {
  try {
    const result = await call();
    if (!result.ok) return { failed: result.message };
    return 'cancelled' in result.value ? { cancelled: true } : { saved: result.value.fileName };
  } catch (error) {
    return { failed: `The file was not saved: ${refusalReason(error).replace(/\.$/, '')}.` };
  }
}

function electronPlatform(api: GmScreenApi): Platform {
  return {
    kind: 'electron',
    label: 'Desktop app',
    setTitle: (title) => api.setTitle({ title: title.slice(0, 120) || 'GM Screen' }),
    openPlayerView: async () => {
      const opened = await api.openPlayerView();
      if (!opened.ok) throw new Error(opened.message);
    },
    saveTextFile: (fileName, content) => answerOf(() => api.saveLogFile({ fileName, content })),
    savePdf: (fileName, html) => answerOf(() => api.saveLogPdf({ fileName, html })),
  };
}

/** The page's address with the players' hash (`#player`) instead of its own. */
export function playerViewUrl(href: string): string {
  return `${href.split('#')[0]}${PLAYER_VIEW_HASH}`;
}

function browserPlatform(): Platform {
  return {
    kind: 'browser',
    label: 'Browser build · saved in this browser’s storage (IndexedDB)',
    setTitle: async (title) => {
      document.title = `${title} — GM Screen`;
    },
    openPlayerView: async () => {
      // Same origin, so the same IndexedDB; a named window, so a second click reuses it.
      const opened = window.open(playerViewUrl(location.href), PLAYER_WINDOW_NAME);
      if (!opened) throw new Error('The browser blocked the player window; allow pop-ups for this page and try again.');
      opened.focus();
    },
    saveTextFile: async (fileName, content) => {
      try {
        const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
        downloadFile(fileName, content, TEXT_TYPES[extension] ?? 'text/plain;charset=utf-8');
        return { saved: fileName };
      } catch (error) {
        return { failed: `The browser could not save the file (${error instanceof Error ? error.message : String(error)}).` };
      }
    },
    savePdf: async (fileName, html) => {
      const opened = window.open('', '_blank');
      if (!opened) return { failed: 'The browser blocked the print window; allow pop-ups for this page and try again.' };
      try {
        const doc = opened.document;
        doc.open();
        doc.write(html);
        doc.close();
        if (!doc.title) doc.title = fileName.replace(/\.pdf$/i, '');
        applyBlockedStyles(opened);
        opened.focus();
        opened.print();
        return { saved: PRINT_DIALOG };
      } catch (error) {
        return { failed: `The browser could not open the print dialog (${error instanceof Error ? error.message : String(error)}).` };
      }
    },
  };
}

/**
 * The window opened for printing inherits this page's Content-Security-Policy (an about:blank
 * window takes its opener's), which has no 'unsafe-inline' for styles: the printed page's
 * `<style>` elements and `style` attributes would be ignored. Styles set through the CSSOM are not
 * subject to the policy, so they are applied again that way: each `<style>` as an adopted
 * stylesheet (made by the new window's own `CSSStyleSheet`), each `style` attribute through
 * `style.cssText`. Where constructable stylesheets are missing, the page prints unstyled.
 */
function applyBlockedStyles(opened: Window): void {
  const doc = opened.document;
  const Sheet = (opened as Window & { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in doc) {
    const sheets: CSSStyleSheet[] = [];
    for (const style of Array.from(doc.querySelectorAll('style'))) {
      const sheet = new Sheet();
      sheet.replaceSync(style.textContent ?? '');
      sheets.push(sheet);
    }
    if (sheets.length > 0) doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, ...sheets];
  }
  for (const element of Array.from(doc.querySelectorAll<HTMLElement>('[style]'))) {
    const text = element.getAttribute('style');
    if (text !== null) element.style.cssText = text;
  }
}

/** The preload script exposes `window.gmScreen` only inside the desktop app. */
export function detectPlatform(): Platform {
  return window.gmScreen ? electronPlatform(window.gmScreen) : browserPlatform();
}
