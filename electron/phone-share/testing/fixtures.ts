/**
 * What the server's tests serve and publish: a tiny built phone page in a temp folder (beside a
 * file it must never serve, and links and hidden files it must not list), and screens.
 */
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLAYER_SCREEN_VERSION, type PlayerScreen } from '../../../engine/drawing';
import type { PhoneScreenUpdate } from '../sse-events';

export const PAGE_HTML = '<!doctype html><title>Phone</title><script type="module" src="./assets/app-1x.js"></script>';
export const PAGE_SCRIPT = 'document.title = "Watching";';
/** What lies beside the page folder: a campaign file the server must never send. */
export const SECRET = '{"notes":"The duke is the traitor"}';

export interface PageRoot {
  /** The page's folder (`dist/phone`). */
  readonly root: string;
  /** The temp folder around it. */
  readonly outside: string;
  remove(): Promise<void>;
}

/** `<tmp>/phone/` with index.html, assets/app-1x.js and assets/style.css; `<tmp>/campaign.json` beside it; a link and a dot file inside. */
export async function makePageRoot(): Promise<PageRoot> {
  const outside = await mkdtemp(path.join(tmpdir(), 'gm-phone-'));
  const root = path.join(outside, 'phone');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), PAGE_HTML);
  await writeFile(path.join(root, 'assets', 'app-1x.js'), PAGE_SCRIPT);
  await writeFile(path.join(root, 'assets', 'style.css'), 'body { margin: 0 }');
  await writeFile(path.join(outside, 'campaign.json'), SECRET);
  await writeFile(path.join(root, '.env'), SECRET);
  await writeFile(path.join(root, 'with space.txt'), SECRET);
  // A link inside the page to the campaign file beside it: never listed, never followed.
  if (process.platform !== 'win32') await symlink(path.join(outside, 'campaign.json'), path.join(root, 'assets', 'linked.json'));
  return { root, outside, remove: () => rm(outside, { recursive: true, force: true }) };
}

/** The smallest screen, told apart by the campaign's name. */
export function curtainScreen(name: string): PlayerScreen {
  return { version: PLAYER_SCREEN_VERSION, campaign: name, mode: 'curtain', view: null, ruleset: null, background: null, handout: null, roll: null, countdown: null };
}

/** Step `step` of a test: its `writtenAt` is the step, so a stream's order can be read back. */
export function step(step: number, name = `Step ${step}`): PhoneScreenUpdate {
  return { screen: curtainScreen(name), writtenAt: step };
}
