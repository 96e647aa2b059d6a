// The console's shell: one tab per view, the view named in the URL's hash
// (#requests), views started when first shown and paused while hidden, so
// a console left in a background tab asks the server for nothing.
import { $, clearError, showError } from './dom.js';
import { firebaseView } from './firebase.js';
import { authView } from './auth.js';
import { airtableView } from './airtable.js';
import { bankeyView } from './bankey.js';
import { photosView } from './photos.js';
import { requestsView } from './requests.js';
import { faultsView } from './faults.js';

const views = {
  firebase: firebaseView, auth: authView, airtable: airtableView, bankey: bankeyView,
  photos: photosView, requests: requestsView, faults: faultsView,
};
const tabs = [...document.querySelectorAll('[role="tab"]')];
let current;

function select(name, { focus = false } = {}) {
  if (!views[name]) name = 'firebase';
  if (current === name) return;
  if (current) {
    views[current].hide();
    $(`view-${current}`).hidden = true;
  }
  current = name;
  for (const tab of tabs) {
    const selected = tab.dataset.view === name;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    if (selected && focus) tab.focus();
  }
  $(`view-${name}`).hidden = false;
  clearError();
  if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
  Promise.resolve(views[name].show()).catch(showError);
}

for (const tab of tabs) {
  tab.addEventListener('click', () => select(tab.dataset.view));
}
// The tab list is one stop for Tab; arrows, Home and End move in it.
$('tabs').addEventListener('keydown', (event) => {
  const index = tabs.findIndex((tab) => tab.dataset.view === current);
  const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  const next = (moves[event.key] + tabs.length) % tabs.length;
  select(tabs[next].dataset.view, { focus: true });
});
$('alert-close').addEventListener('click', clearError);
window.addEventListener('hashchange', () => select(location.hash.slice(1)));
document.addEventListener('visibilitychange', () => {
  if (!current) return;
  if (document.hidden) views[current].hide();
  else Promise.resolve(views[current].show()).catch(showError);
});
// A failure nobody caught is shown, not left in the browser's console.
window.addEventListener('unhandledrejection', (event) => {
  event.preventDefault();
  showError(event.reason);
});

select(location.hash.slice(1));
document.documentElement.dataset.ready = 'true';
