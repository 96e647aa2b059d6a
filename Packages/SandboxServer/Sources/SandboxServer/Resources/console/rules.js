// The Firebase view's rules panel: a namespace's security rules as saved
// (comments kept), edited and saved through the REST API's
// /.settings/rules.json as an administrator, with the service's own
// "line:column: problem" errors shown at their place in the text.

import { $ } from './dom.js';
import { firebaseQuery } from './api.js';

let namespace = '';

function setStatus(text, kind = '') {
  const status = $('fb-rules-status');
  status.textContent = text;
  status.className = `status ${kind}`;
}

async function call(method, body) {
  const response = await fetch(`/.settings/rules.json?${await firebaseQuery(namespace)}`, {
    method, body, cache: 'no-store', headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });
  const text = await response.text();
  if (response.ok) return text;
  let message = text.trim();
  try { message = JSON.parse(text).error.trim(); } catch { /* not Firebase's error body */ }
  const error = new Error(message);
  error.place = /^(\d+):(\d+):/.exec(message);
  throw error;
}

/** Selects `line:column` of the editor, so an error is shown where it is. */
function reveal(line, column) {
  const editor = $('fb-rules');
  const lines = editor.value.split('\n');
  let start = 0;
  for (let index = 0; index < Math.min(line - 1, lines.length - 1); index += 1) start += lines[index].length + 1;
  const lineText = lines[Math.min(line - 1, lines.length - 1)] ?? '';
  editor.focus();
  editor.setSelectionRange(start + Math.max(0, column - 1), start + lineText.length);
  const lineHeight = editor.scrollHeight / Math.max(lines.length, 1);
  editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

async function load() {
  if (!namespace) return;
  setStatus('Loading…');
  try {
    $('fb-rules').value = await call('GET');
    setStatus(`Rules of ${namespace}`);
  } catch (error) {
    setStatus(error.message, 'bad');
  }
}

async function save() {
  setStatus('Saving…');
  try {
    await call('PUT', $('fb-rules').value);
    setStatus(`Saved: ${namespace} now runs these rules`, 'live');
  } catch (error) {
    setStatus(`Not saved: ${error.message}`, 'bad');
    if (error.place) reveal(Number(error.place[1]), Number(error.place[2]));
  }
}

export const rulesPanel = {
  start() {
    $('fb-rules-save').addEventListener('click', () => save());
    $('fb-rules-reload').addEventListener('click', () => load());
    $('fb-rules-panel').addEventListener('toggle', () => { if ($('fb-rules-panel').open) load(); });
  },
  /** Shows the rules of `name` (loaded now if the panel is open). */
  show(name) {
    namespace = name;
    if ($('fb-rules-panel').open) load();
  },
};
