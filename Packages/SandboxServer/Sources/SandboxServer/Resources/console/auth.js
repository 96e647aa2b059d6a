// The Authentication view: the Auth emulator's users, as Firebase's
// Emulator UI lists them, through the same admin API the Admin SDKs call
// (`Authorization: Bearer owner`): add, edit (name, email, password,
// verified, custom claims), disable or enable, delete. Passwords are
// typed, never shown; the list never holds their hashes.
import { $, h, showError, openDialog, confirmAction } from './dom.js';
import { request } from './api.js';

const base = '/identitytoolkit.googleapis.com/v1/projects/sandbox';
const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const state = { started: false, users: [] };

function adminCall(method, path, body) {
  return request(method, `${base}/${path}`, { headers: owner, body: body === undefined ? undefined : JSON.stringify(body) });
}

function time(milliseconds) {
  const value = Number(milliseconds);
  return Number.isFinite(value) && value > 0 ? new Date(value).toLocaleString() : '';
}

function row(user) {
  const provider = (user.providerUserInfo ?? []).map((info) => info.providerId).join(', ') || (user.email ? '' : 'anonymous');
  return h('tr', { dataset: { uid: user.localId } },
    h('td', { class: 'wrap' }, user.localId),
    h('td', { class: 'wrap' }, user.email ?? ''),
    h('td', {}, user.displayName ?? ''),
    h('td', {}, provider),
    h('td', {}, user.emailVerified ? 'yes' : ''),
    h('td', {}, user.disabled ? 'disabled' : ''),
    h('td', { class: 'wrap' }, user.customAttributes ?? ''),
    h('td', {}, time(user.createdAt)),
    h('td', { class: 'actions' },
      h('button', { type: 'button', onclick: () => editUser(user) }, 'Edit'),
      h('button', { type: 'button', onclick: () => toggleUser(user) }, user.disabled ? 'Enable' : 'Disable'),
      h('button', { type: 'button', onclick: () => deleteUser(user) }, 'Delete')));
}

async function load() {
  const users = [];
  let token;
  // Every page, as the Emulator UI lists every user; bounded by the emulator's limit.
  do {
    const query = new URLSearchParams({ maxResults: '1000' });
    if (token) query.set('nextPageToken', token);
    const page = await adminCall('GET', `accounts:batchGet?${query}`);
    users.push(...(page?.users ?? []));
    token = page?.nextPageToken;
  } while (token && users.length < 10000);
  state.users = users;
  $('au-count').textContent = `${users.length} user${users.length === 1 ? '' : 's'}`;
  $('au-users').replaceChildren(
    h('thead', {}, h('tr', {}, ['User id', 'Email', 'Name', 'Providers', 'Verified', 'State', 'Custom claims', 'Created', ''].map((title) => h('th', {}, title)))),
    h('tbody', {}, users.map(row)));
}

/** Claims typed as JSON: an object, or empty for none. */
function claimsFrom(text) {
  const trimmed = text.trim();
  if (!trimmed) return '{}';
  let parsed;
  try { parsed = JSON.parse(trimmed); } catch { throw new Error('Custom claims must be a JSON object, such as {"admin": true}.'); }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('Custom claims must be a JSON object.');
  return JSON.stringify(parsed);
}

function addUser() {
  return openDialog({
    title: 'Add a user', okLabel: 'Add',
    fields: [
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'password', label: 'Password (at least 6 characters)', type: 'password' },
      { name: 'displayName', label: 'Display name' },
      { name: 'claims', label: 'Custom claims (JSON)', type: 'textarea', placeholder: '{"admin": true}' },
    ],
    submit: async (values) => {
      const body = { email: values.email || undefined, password: values.password || undefined, displayName: values.displayName || undefined };
      const claims = claimsFrom(values.claims);
      const created = await adminCall('POST', 'accounts', body);
      if (claims !== '{}') await adminCall('POST', 'accounts:update', { localId: created.localId, customAttributes: claims });
      await load();
    },
  }).catch(showError);
}

function editUser(user) {
  return openDialog({
    title: `Edit ${user.localId}`, okLabel: 'Save',
    fields: [
      { name: 'email', label: 'Email', type: 'email', value: user.email ?? '' },
      { name: 'displayName', label: 'Display name', value: user.displayName ?? '' },
      { name: 'password', label: 'New password (empty keeps it)', type: 'password' },
      { name: 'emailVerified', label: 'Email verified', type: 'checkbox', value: Boolean(user.emailVerified) },
      { name: 'claims', label: 'Custom claims (JSON)', type: 'textarea', value: user.customAttributes ?? '' },
    ],
    submit: async (values) => {
      const body = {
        localId: user.localId, emailVerified: values.emailVerified, customAttributes: claimsFrom(values.claims),
      };
      if (values.email && values.email !== user.email) body.email = values.email;
      if (values.password) body.password = values.password;
      if (values.displayName) body.displayName = values.displayName; else if (user.displayName) body.deleteAttribute = ['DISPLAY_NAME'];
      await adminCall('POST', 'accounts:update', body);
      await load();
    },
  }).catch(showError);
}

async function toggleUser(user) {
  try {
    await adminCall('POST', 'accounts:update', { localId: user.localId, disableUser: !user.disabled });
    await load();
  } catch (error) {
    showError(error);
  }
}

function deleteUser(user) {
  return confirmAction(`Delete ${user.email ?? user.localId}?`, 'Delete', async () => {
    await adminCall('POST', 'accounts:delete', { localId: user.localId });
    await load();
  }).catch(showError);
}

export const authView = {
  async show() {
    if (!state.started) {
      state.started = true;
      $('au-add').addEventListener('click', () => addUser());
      $('au-reload').addEventListener('click', () => load().catch(showError));
    }
    await load();
  },
  hide() {},
};
