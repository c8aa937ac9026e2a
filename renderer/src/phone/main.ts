import { mount } from 'svelte';
import '../theme.css';
import PhoneApp from './PhoneApp.svelte';

// The phone page (dist/phone/, served by the GM's laptop under the table's join code): its own
// bundle, with nothing of the GM screen (phone-page-imports.test.ts).
const target = document.getElementById('app');
if (!target) throw new Error('The phone page is missing its #app element.');
mount(PhoneApp, { target });
