// Player-view latency in Chromium: printed figures, never asserted. Run through scripts/bench.mjs.
//
// The GM's page and the players' page (#player) in one browser, as at the table. 200 times, the
// GM damages a player character; each time the bench notes when the GM pressed Damage and when
// the players' page showed the new hit points. Both pages share the browser's clock.
import { openBenchBrowser, percentile } from './bench-browser';

const STEPS = 200;

const browser = await openBenchBrowser();
const { context } = browser;
try {
  const gm = context.pages()[0] ?? (await context.newPage());
  await gm.goto(browser.url);
  await gm.getByLabel('Campaign name').fill('Latency');
  await gm.getByLabel('Ruleset').selectOption({ label: 'Freeform' });
  await gm.getByRole('button', { name: 'Create campaign' }).click();
  await gm.getByLabel('Encounter name').fill('Many blows');
  await gm.getByRole('button', { name: 'Create encounter' }).click();
  const add = gm.getByRole('form', { name: 'Add combatants' });
  await add.getByLabel('Name').fill('Ogre');
  await add.getByLabel('Faction').selectOption({ label: 'Heroes' });
  await add.getByLabel('HP').fill('9999');
  await add.getByRole('button', { name: 'Add' }).click();
  // A planned fight is never shown to the players: start it.
  await gm.getByRole('button', { name: 'Start combat' }).click();
  await gm.getByRole('list', { name: 'Combatants' }).getByRole('button').first().click();

  const players = await context.newPage();
  await players.goto(`${browser.url}#player`);
  await players.getByText('HP 9999/9999').waitFor();
  // The players' page notes the time whenever the shown hit points change.
  await players.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { benchSeen: number[] }).benchSeen = seen;
    let last = document.body.innerText;
    new MutationObserver(() => {
      const text = document.body.innerText;
      if (text !== last) seen.push(performance.timeOrigin + performance.now());
      last = text;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const amount = gm.getByRole('article', { name: 'Selected combatant' }).getByLabel('Amount');
  const latencies: number[] = [];
  for (let i = 1; i <= STEPS; i++) {
    await amount.fill('1');
    const pressed = await gm.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('article[aria-label="Selected combatant"] button[type="submit"]');
      const at = performance.timeOrigin + performance.now();
      button?.click();
      return at;
    });
    await players.getByText(`HP ${9999 - i}/9999`).waitFor();
    const seen = await players.evaluate(() => (window as unknown as { benchSeen: number[] }).benchSeen.at(-1) ?? Number.NaN);
    latencies.push(seen - pressed);
  }
  console.log(`player view: GM step to the players' page showing it, ${STEPS} steps: median ${percentile(latencies, 50).toFixed(1)} ms, 95th percentile ${percentile(latencies, 95).toFixed(1)} ms`);
} finally {
  await browser.close();
}
