// The Bankey view: the course server's three customers, each profile with
// its accounts, as the app's summary screen shows them.
import { $, h, showError } from './dom.js';
import { request, sandboxServices } from './api.js';

let loaded = false;

const money = (amount) => (typeof amount === 'number'
  ? amount.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  : String(amount ?? ''));

function date(text) {
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? String(text ?? '') : parsed.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function card(id, profile, accounts) {
  const entries = profile && typeof profile === 'object' ? Object.entries(profile) : [];
  return h('article', { class: 'card', dataset: { customer: id } },
    h('h2', {}, [profile?.first_name ?? profile?.firstName, profile?.last_name ?? profile?.lastName].filter(Boolean).join(' ') || `Customer ${id}`),
    h('dl', {}, entries.map(([key, value]) => [h('dt', {}, key), h('dd', {}, typeof value === 'object' ? JSON.stringify(value) : String(value))])),
    h('div', { class: 'scroll' }, h('table', { class: 'grid' },
      h('thead', {}, h('tr', {}, h('th', {}, 'Type'), h('th', {}, 'Account'), h('th', {}, 'Balance'), h('th', {}, 'Opened'))),
      h('tbody', {}, (Array.isArray(accounts) ? accounts : []).map((account) => h('tr', {},
        h('td', {}, account.type ?? ''), h('td', { class: 'wrap' }, account.name ?? ''),
        h('td', { class: 'num' }, money(account.amount)), h('td', {}, date(account.createdDateTime))))))));
}

async function load() {
  const { bankey } = await sandboxServices();
  const cards = await Promise.all(bankey.customers.map(async (id) => {
    const [profile, accounts] = await Promise.all([
      request('GET', `/bankey/profile/${encodeURIComponent(id)}`),
      request('GET', `/bankey/profile/${encodeURIComponent(id)}/accounts`),
    ]);
    return card(id, profile, accounts);
  }));
  $('bk-customers').replaceChildren(...cards);
  loaded = true;
}

export const bankeyView = {
  async show() {
    if (!$('bk-reload').dataset.bound) {
      $('bk-reload').dataset.bound = 'true';
      $('bk-reload').addEventListener('click', () => load().catch(showError));
    }
    if (!loaded) await load();
  },
  hide() {},
};
