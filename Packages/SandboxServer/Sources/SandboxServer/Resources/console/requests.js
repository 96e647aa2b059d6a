// The request log: every request the emulators answered, newest first, a
// page of at most 100 rows that follows new requests while it shows the
// newest ones; one request's headers, bodies and cURL command on selection.
import { $, h, clip, formatBytes, formatDuration, formatTime, poller, showError } from './dom.js';
import { admin, parseJSON } from './api.js';

const pageSize = 100;
const pollInterval = 1000;
const state = { started: false, rows: [], live: true, paused: false, selected: null };

function filterQuery() {
  const query = new URLSearchParams();
  for (const [name, id] of [['service', 'rq-service'], ['method', 'rq-method'], ['status', 'rq-status']]) {
    if ($(id).value) query.set(name, $(id).value);
  }
  if ($('rq-hide-console').checked) query.set('console', 'exclude');
  query.set('limit', String(pageSize));
  return query;
}

function statusClass(status) {
  if (status === 0) return 'dropped';
  return status < 300 ? 'ok' : status < 400 ? 'redirect' : status < 500 ? 'client' : 'server';
}

/** The path and query, the query decoded so `orderBy="$key"` reads as sent. */
function target(entry) {
  if (!entry.query) return entry.path;
  let query = entry.query;
  try { query = decodeURIComponent(query.replace(/\+/g, ' ')); } catch { /* shown as sent */ }
  return `${entry.path}?${query}`;
}

/** Which shown requests repeat one that failed (a 429, a 5xx, a drop): the SDK's retries, side by side. */
function retries(rows) {
  const failed = new Map();
  const marks = new Map();
  for (const entry of [...rows].reverse()) {
    const key = `${entry.method} ${entry.path}?${entry.query ?? ''}`;
    const previous = failed.get(key);
    if (previous) marks.set(entry.id, previous);
    if (entry.status === 0 || entry.status === 429 || entry.status >= 500) failed.set(key, entry);
    else failed.delete(key);
  }
  return marks;
}

function render() {
  const marks = retries(state.rows);
  const focusedId = document.activeElement?.closest?.('#rq-rows tr')?.dataset.id;
  $('rq-rows').replaceChildren(...state.rows.map((entry) => {
    const retryOf = marks.get(entry.id);
    return h('tr', {
      tabindex: '0', dataset: { id: entry.id }, 'aria-selected': String(entry.id === state.selected),
      onclick: () => select(entry.id),
    },
    h('td', { class: 'num' }, entry.id),
    h('td', { class: 'mono' }, formatTime(entry.time)),
    h('td', {}, entry.service || '—'),
    h('td', { class: `method ${entry.method}` }, entry.method),
    h('td', { class: 'path', title: clip(target(entry), 1000) }, clip(target(entry), 200),
      retryOf ? h('span', { class: 'tag', title: `The same request answered ${retryOf.status || 'a dropped connection'} before` }, `retry after #${retryOf.id}`) : null,
      entry.fromConsole ? h('span', { class: 'tag' }, 'console') : null),
    h('td', { class: `code ${statusClass(entry.status)}` }, entry.status === 0 ? 'dropped' : entry.status),
    h('td', { class: 'num' }, formatDuration(entry.durationMilliseconds)),
    h('td', { class: 'num' }, `${formatBytes(entry.requestBytes)} / ${entry.responseBytes === null ? 'stream' : formatBytes(entry.responseBytes)}`));
  }));
  if (focusedId) $('rq-rows').querySelector(`tr[data-id="${CSS.escape(focusedId)}"]`)?.focus();
  const first = state.rows[state.rows.length - 1]?.id;
  const last = state.rows[0]?.id;
  $('rq-summary').textContent = state.rows.length === 0 ? 'No requests yet.'
    : `#${first}–#${last} · ${state.rows.length} shown · ${state.live ? (state.paused ? 'paused' : 'live') : 'older page'}`;
  $('rq-newer').disabled = state.live;
  $('rq-older').disabled = state.rows.length < pageSize;
}

async function loadNewest() {
  state.live = true;
  state.rows = (await admin('GET', `requests?${filterQuery()}`)).reverse();
  render();
}

async function loadOlder() {
  const oldest = state.rows[state.rows.length - 1]?.id;
  if (!oldest) return;
  const query = filterQuery();
  query.set('before', String(oldest));
  const older = (await admin('GET', `requests?${query}`)).reverse();
  if (older.length === 0) { $('rq-older').disabled = true; return; }
  state.live = false;
  state.rows = older;
  render();
}

async function poll() {
  if (!state.live || state.paused) return;
  const query = filterQuery();
  if (state.rows.length) query.set('after', String(state.rows[0].id));
  const fresh = await admin('GET', `requests?${query}`);
  if (fresh.length && state.live) {
    state.rows = [...fresh.reverse(), ...state.rows].slice(0, pageSize);
    render();
  }
}

const polling = poller(pollInterval, poll);

function bodyView(body, headers) {
  if (body.streamed) return h('p', { class: 'hint' }, 'An event stream (server-sent events): its events are not recorded.');
  if (body.released) return h('p', { class: 'hint' }, `${formatBytes(body.size)}, no longer kept: the log keeps the newest bodies, 8 MB in all.`);
  if (!body.size) return h('p', { class: 'hint' }, 'None.');
  if (body.binary) {
    const type = headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? 'binary';
    return h('p', { class: 'hint' }, `${type}, ${formatBytes(body.size)}.`);
  }
  let text = body.text ?? '';
  if (!body.truncated) {
    try { text = JSON.stringify(parseJSON(text), null, 2); } catch { /* shown as sent */ }
  }
  return h('div', {}, h('pre', {}, text), body.truncated ? h('p', { class: 'hint' }, `The first ${formatBytes(text.length)} of ${formatBytes(body.size)}.`) : null);
}

function headerTable(headers) {
  return headers.length === 0 ? h('p', { class: 'hint' }, 'None.')
    : h('table', {}, h('tbody', {}, headers.map(([name, value]) => h('tr', {}, h('td', {}, name), h('td', { class: 'mono' }, value)))));
}

async function select(id) {
  state.selected = id;
  for (const row of $('rq-rows').children) row.setAttribute('aria-selected', String(Number(row.dataset.id) === id));
  const pane = $('rq-detail');
  let entry;
  try {
    entry = await admin('GET', `requests/${id}`);
  } catch (error) {
    pane.replaceChildren(h('p', { class: 'error' }, error.message));
    return;
  }
  if (state.selected !== id) return;
  const copy = h('button', { type: 'button', class: 'small', id: 'rq-copy' }, 'Copy');
  copy.addEventListener('click', async () => {
    try { await navigator.clipboard.writeText(entry.curl); copy.textContent = 'Copied'; } catch { window.getSelection()?.selectAllChildren($('rq-curl')); copy.textContent = 'Selected: press Ctrl+C'; }
  });
  pane.replaceChildren(
    h('h2', { class: 'mono' }, h('span', { class: `method ${entry.method}` }, entry.method), ' ', clip(target(entry), 500)),
    h('p', {}, h('span', { class: `code ${statusClass(entry.status)}` }, entry.status === 0 ? 'Connection dropped' : `Status ${entry.status}`),
      ` · ${entry.service || 'no service'} · ${formatTime(entry.time)} · ${formatDuration(entry.durationMilliseconds)}`),
    entry.note ? h('p', { class: 'note', id: 'rq-note' }, entry.note) : null,
    h('h3', {}, 'Request headers'), headerTable(entry.request.headers),
    h('h3', {}, 'Request body'), bodyView(entry.request.body, entry.request.headers),
    h('h3', {}, 'Response headers'), headerTable(entry.response.headers),
    h('h3', {}, 'Response body'), bodyView(entry.response.body, entry.response.headers),
    h('h3', {}, 'As a cURL command ', copy), h('pre', { id: 'rq-curl' }, entry.curl));
}

function moveSelection(event) {
  const row = event.target.closest('tr');
  if (!row) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    select(Number(row.dataset.id));
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
    if (next) { next.focus(); select(Number(next.dataset.id)); }
  }
}

export const requestsView = {
  async show() {
    if (!state.started) {
      state.started = true;
      for (const id of ['rq-service', 'rq-method', 'rq-status', 'rq-hide-console']) {
        $(id).addEventListener('change', () => loadNewest().catch(showError));
      }
      $('rq-rows').addEventListener('keydown', moveSelection);
      $('rq-newer').addEventListener('click', () => loadNewest().catch(showError));
      $('rq-older').addEventListener('click', () => loadOlder().catch(showError));
      $('rq-pause').addEventListener('click', () => {
        state.paused = !state.paused;
        $('rq-pause').setAttribute('aria-pressed', String(state.paused));
        $('rq-pause').textContent = state.paused ? 'Resume' : 'Pause';
        render();
      });
      $('rq-clear').addEventListener('click', async () => {
        try { await admin('DELETE', 'requests'); await loadNewest(); } catch (error) { showError(error); }
      });
    }
    if (state.live) await loadNewest();
    polling.start();
  },
  hide() {
    polling.stop();
  },
};
