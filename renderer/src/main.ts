import { mount } from 'svelte';
import App from './App.svelte';
import { PLAYER_VIEW_HASH } from './platform/platform';
import PlayerApp from './player/PlayerApp.svelte';
import './theme.css';

const target = document.getElementById('app');
if (!target) throw new Error('index.html is missing its #app element.');
// The players' screen is the same page at #player: it only reads what the GM window publishes
// (and never opens a campaign, so it takes no lock and starts no recovery).
if (location.hash === PLAYER_VIEW_HASH) mount(PlayerApp, { target });
else mount(App, { target });
