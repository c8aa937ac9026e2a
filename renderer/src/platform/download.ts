/** How long a download's object URL is kept (some browsers start reading it after the click). */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/** Hands a text file to the GM as a download (the browser build's "save as"). */
export function downloadFile(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
