import { mount } from 'svelte';
import { PLAYER_VIEW_HASH } from './platform/platform';
import './theme.css';
import { applyChosenTextSize } from './display/text-size';

const target = document.getElementById('app');
if (!target) throw new Error('index.html is missing its #app element.');
// The players' screen is the same page at #player: it only reads what the GM window publishes
// (and never opens a campaign, so it takes no lock and starts no recovery). Each screen is loaded
// on its own, so the players' page never downloads the GM screen (issue 14: bundle split).
if (location.hash === PLAYER_VIEW_HASH) void import('./player/PlayerApp.svelte').then(({ default: PlayerApp }) => mount(PlayerApp, { target }));
else {
  applyChosenTextSize();
  void import('./App.svelte').then(({ default: App }) => mount(App, { target }));
}
