// The Firebase view: a namespace's data as a tree that follows the
// database's own event stream, edited through the REST API like any client.
import { $, h, clip, showError, openDialog, confirmAction, dictionary } from './dom.js';
import { request, sandboxServices, firebasePath, firebaseQuery } from './api.js';
import { rulesPanel } from './rules.js';

/** Children shown per node before "Show more", and nodes per render. */
const childStep = 100;
const renderBudget = 5000;

const state = {
  namespace: '', root: null, source: null, started: false, renderQueued: false,
  expanded: new Set(['/']), limits: new Map(), changed: new Set(),
};

const pathOf = (segments) => `/${segments.join('/')}`;
const isObject = (value) => value !== null && typeof value === 'object';

/**
 * Firebase has no arrays: it stores them as objects keyed 0, 1, 2… Every
 * object of the tree is a dictionary(), so a key such as `__proto__` is a
 * child like any other.
 */
function normalized(value) {
  if (Array.isArray(value)) {
    const object = dictionary();
    value.forEach((element, index) => { if (element !== null) object[index] = normalized(element); });
    return Object.keys(object).length ? object : null;
  }
  if (isObject(value)) {
    const object = dictionary();
    for (const [key, element] of Object.entries(value)) {
      const child = normalized(element);
      if (child !== null) object[key] = child;
    }
    return Object.keys(object).length ? object : null;
  }
  return value;
}

/** Writes `value` at `segments`, as the database would: null deletes, and empty parents go too. */
function setValue(segments, value) {
  state.changed.add(pathOf(segments));
  value = normalized(value);
  if (segments.length === 0) { state.root = value; return; }
  if (!isObject(state.root)) state.root = dictionary();
  const parents = [state.root];
  let node = state.root;
  for (const key of segments.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = dictionary();
    node = node[key];
    parents.push(node);
  }
  const last = segments[segments.length - 1];
  if (value === null) delete node[last]; else node[last] = value;
  for (let depth = segments.length - 1; depth >= 0; depth -= 1) {
    const parent = depth === 0 ? null : parents[depth - 1];
    if (Object.keys(parents[depth]).length) break;
    if (parent) delete parent[segments[depth - 1]]; else state.root = null;
  }
}

function apply(kind, message) {
  let event;
  try { event = JSON.parse(message.data); } catch { showError('The event stream sent something that is not JSON.'); return; }
  const segments = String(event?.path ?? '/').split('/').filter(Boolean);
  if (kind === 'put') setValue(segments, event.data);
  else if (isObject(event.data)) {
    for (const [key, value] of Object.entries(event.data)) setValue([...segments, ...key.split('/').filter(Boolean)], value);
  }
  scheduleRender();
}

function scheduleRender() {
  if (state.renderQueued) return;
  state.renderQueued = true;
  requestAnimationFrame(() => { state.renderQueued = false; render(); });
}

/** Firebase's key order: integer keys first, by value, then the rest as strings. */
function compareKeys(left, right) {
  const leftInteger = /^-?\d{1,15}$/.test(left);
  const rightInteger = /^-?\d{1,15}$/.test(right);
  if (leftInteger && rightInteger) return Number(left) - Number(right);
  if (leftInteger !== rightInteger) return leftInteger ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

function typeOf(value) {
  if (isObject(value)) return `object · ${Object.keys(value).length}`;
  return value === null ? 'null' : typeof value;
}

function render() {
  const budget = { left: renderBudget };
  const tree = $('fb-tree');
  const focusedPath = document.activeElement?.closest?.('[data-path]')?.dataset.path;
  const focusedAction = document.activeElement?.dataset?.action;
  tree.replaceChildren(node([], state.root, budget));
  if (budget.left <= 0) tree.append(h('li', { class: 'hint' }, `Showing the first ${renderBudget} nodes; collapse some to see others.`));
  state.changed.clear();
  if (focusedPath) {
    tree.querySelector(`[data-path="${CSS.escape(focusedPath)}"] > .row [data-action="${focusedAction}"]`)?.focus();
  }
}

function node(segments, value, budget) {
  budget.left -= 1;
  const path = pathOf(segments);
  const object = isObject(value);
  const expanded = object && state.expanded.has(path);
  const name = segments.length ? segments[segments.length - 1] : state.namespace;
  const toggle = object
    ? h('button', { type: 'button', class: 'toggle', 'aria-label': `${expanded ? 'Collapse' : 'Expand'} ${name}`, 'data-action': 'toggle', onclick: () => toggleNode(path) }, expanded ? '▾' : '▸')
    : h('span', { class: 'spacer' });
  const shown = object ? null : value === null ? '(empty)' : typeof value === 'string' ? `"${clip(value, 200)}"` : String(value);
  const actions = h('span', { class: 'actions' },
    object || segments.length === 0 ? h('button', { type: 'button', class: 'small', 'data-action': 'add', onclick: () => addChild(segments) }, 'Add child') : null,
    segments.length ? h('button', { type: 'button', class: 'small', 'data-action': 'edit', onclick: () => editValue(segments, value) }, 'Edit') : null,
    segments.length ? h('button', { type: 'button', class: 'small', 'data-action': 'delete', onclick: () => deleteNode(segments) }, 'Delete') : null);
  const row = h('div', { class: `row${state.changed.has(path) ? ' changed' : ''}` },
    toggle, h('span', { class: 'key' }, name),
    h('span', { class: 'type' }, typeOf(value)),
    shown === null ? null : h('span', { class: `value ${value === null ? 'null' : typeof value}`, title: typeof value === 'string' ? clip(value, 2000) : null }, shown),
    actions);
  const item = h('li', { role: 'treeitem', 'aria-expanded': object ? String(expanded) : null, dataset: { path } }, row);
  if (expanded && budget.left > 0) {
    const keys = Object.keys(value).sort(compareKeys);
    const limit = state.limits.get(path) ?? childStep;
    const group = h('ul', { role: 'group' });
    for (const key of keys.slice(0, limit)) {
      if (budget.left <= 0) break;
      group.append(node([...segments, key], value[key], budget));
    }
    if (keys.length > limit) {
      group.append(h('li', {}, h('button', { type: 'button', class: 'small more', onclick: () => { state.limits.set(path, limit + childStep); render(); } }, `Show ${Math.min(childStep, keys.length - limit)} more (${keys.length} in all)`)));
    }
    item.append(group);
  }
  return item;
}

function toggleNode(path) {
  if (state.expanded.has(path)) state.expanded.delete(path); else state.expanded.add(path);
  render();
}

function setAllExpanded(expand) {
  state.expanded = new Set(['/']);
  if (expand) {
    const walk = (segments, value, budget) => {
      if (!isObject(value) || budget.left-- <= 0) return;
      state.expanded.add(pathOf(segments));
      for (const key of Object.keys(value)) walk([...segments, key], value[key], budget);
    };
    walk([], state.root, { left: 500 });
  }
  render();
}

async function url(segments) {
  return `${firebasePath(segments)}.json?${await firebaseQuery(state.namespace)}`;
}

const valueTypes = ['string', 'number', 'boolean', 'JSON'];

function typedValue(type, text) {
  switch (type) {
    case 'string': return text;
    case 'number': {
      const number = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(number)) throw new Error(`"${clip(text, 40)}" is not a number.`);
      return number;
    }
    case 'boolean':
      if (!['true', 'false'].includes(text.trim())) throw new Error('A boolean is true or false.');
      return text.trim() === 'true';
    default:
      try { return JSON.parse(text); } catch (error) { throw new Error(`Not JSON: ${error.message}`); }
  }
}

function editValue(segments, value) {
  const type = isObject(value) ? 'JSON' : typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'JSON';
  return openDialog({
    title: `Edit ${pathOf(segments)}`,
    okLabel: 'Save (PUT)',
    fields: [
      { name: 'type', label: 'Type', type: 'select', options: valueTypes, value: type },
      { name: 'value', label: 'Value', type: 'textarea', value: type === 'JSON' ? JSON.stringify(value, null, 2) : String(value) },
    ],
    submit: async ({ type: chosen, value: text }) => {
      const body = JSON.stringify(typedValue(chosen, text));
      await request('PUT', await url(segments), { body, headers: { 'Content-Type': 'application/json' } });
    },
  }).catch(showError);
}

function addChild(segments) {
  return openDialog({
    title: `Add a child to ${pathOf(segments)}`,
    okLabel: 'Add',
    fields: [
      { name: 'key', label: 'Key (leave empty for a push ID: POST instead of PUT)', placeholder: 'push ID' },
      { name: 'type', label: 'Type', type: 'select', options: valueTypes, value: 'string' },
      { name: 'value', label: 'Value', type: 'textarea' },
    ],
    submit: async ({ key, type, value }) => {
      const body = JSON.stringify(typedValue(type, value));
      const headers = { 'Content-Type': 'application/json' };
      const target = key.trim() ? [...segments, ...key.trim().split('/').filter(Boolean)] : segments;
      await request(key.trim() ? 'PUT' : 'POST', await url(target), { body, headers });
      state.expanded.add(pathOf(segments));
    },
  }).catch(showError);
}

function deleteNode(segments) {
  return confirmAction(`Delete ${pathOf(segments)} and everything below it?`, 'Delete', async () => {
    await request('DELETE', await url(segments));
  }).catch(showError);
}

function setStatus(text, kind = '') {
  const status = $('fb-status');
  status.textContent = text;
  status.className = `status ${kind}`;
}

async function connect() {
  state.source?.close();
  state.root = null;
  state.limits.clear();
  render();
  if (!state.namespace) return;
  setStatus('Connecting…');
  const source = new EventSource(`/.json?${await firebaseQuery(state.namespace)}`);
  state.source = source;
  source.addEventListener('open', () => setStatus(`Live: ${state.namespace}`, 'live'));
  source.addEventListener('put', (message) => apply('put', message));
  source.addEventListener('patch', (message) => apply('patch', message));
  source.addEventListener('cancel', (message) => { showError(`The database ended the stream: ${message.data}`); source.close(); setStatus('Closed', 'bad'); });
  source.addEventListener('auth_revoked', () => { showError('The stream lost its credential.'); source.close(); setStatus('Closed', 'bad'); });
  source.addEventListener('error', () => setStatus(source.readyState === EventSource.CLOSED ? 'Closed' : 'Reconnecting…', 'bad'));
}

/** The protocol clients (Firebase's SDKs) on the namespace, and their listens. */
async function loadClients() {
  const { clients } = await request('GET', '/__sandbox/firebase/clients');
  const here = clients.filter((client) => client.namespace === state.namespace);
  $('fb-clients-count').textContent = `(${here.length})`;
  $('fb-clients').replaceChildren(...(here.length ? here.map((client) => h('li', {},
    `#${client.id} · ${client.signedInAs ? `signed in as ${client.signedInAs}` : 'signed out'} · `
      + (client.listens.length
        ? `listens to ${client.listens.map((listen) => listen.query ? `${listen.path} ${listen.query}` : listen.path).join(', ')}`
        : 'no listens'))) : [h('li', { class: 'hint' }, 'None connected.')]));
}

export const firebaseView = {
  async show() {
    if (!state.started) {
      state.started = true;
      const { firebase: settings } = await sandboxServices();
      $('fb-namespaces').replaceChildren(...settings.namespaces.map((name) => h('option', { value: name })));
      state.namespace = settings.namespaces.includes('devmtn-post') ? 'devmtn-post' : settings.namespaces[0] ?? settings.defaultNamespace;
      $('fb-namespace').value = state.namespace;
      $('fb-namespace').addEventListener('change', (event) => {
        state.namespace = event.target.value.trim();
        state.expanded = new Set(['/']);
        rulesPanel.show(state.namespace);
        connect().catch(showError);
        loadClients().catch(showError);
      });
      $('fb-clients-reload').addEventListener('click', () => loadClients().catch(showError));
      $('fb-clients-panel').addEventListener('toggle', () => loadClients().catch(showError));
      rulesPanel.start();
      rulesPanel.show(state.namespace);
      $('fb-expand').addEventListener('click', () => setAllExpanded(true));
      $('fb-collapse').addEventListener('click', () => setAllExpanded(false));
    }
    await connect();
    await loadClients();
  },
  hide() {
    state.source?.close();
    state.source = null;
    setStatus('Paused while hidden');
  },
};
