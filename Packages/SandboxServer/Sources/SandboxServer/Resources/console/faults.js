// The fault controls: what the admin routes do, as a form, so a learner can
// make the server fail and watch the SDK retry and the lesson's alert appear.
import { $, h, poller, showError } from './dom.js';
import { admin, sandboxServices } from './api.js';

let started = false;

const presets = {
  airtable429: { path: '/v0/*', status: 429, count: 1, body: '{"errors":[{"error":"RATE_LIMIT_REACHED","message":"Rate limit exceeded. Please try again later"}]}' },
  firebase503: { path: '/*.json', status: 503, count: 1, headers: { 'Retry-After': '1' }, body: '{"error":"Service Unavailable"}' },
  bankey500: { path: '/bankey/*', status: 500, count: 1 },
  photosDrop: { path: '/services/rest', drop: true, count: 1 },
  imageCut: { path: '/images/*', cutAfter: 20000, count: 1 },
  imagesSlow: { path: '/images/*', bytesPerSecond: 50000, count: 100 },
};

// The faults inside a body, by their admin field.
const bodyFaults = {
  cutAfter: (n) => `body cut after ${n} bytes`,
  bytesPerSecond: (n) => `body at ${n} bytes/s`,
  stallAfter: (n) => `body stalled after ${n} bytes`,
};

function outcome(fault) {
  if (fault.drop) return 'connection dropped';
  for (const [field, describe] of Object.entries(bodyFaults)) {
    if (fault[field] !== undefined) return describe(fault[field]);
  }
  const retryAfter = fault.headers?.['Retry-After'];
  return `${fault.status}${retryAfter ? `, Retry-After ${retryAfter}` : ''}`;
}

async function refresh() {
  const { faults, latencyMilliseconds, airtableRateLimit } = await admin('GET', 'faults');
  $('ft-rate-limit').checked = airtableRateLimit;
  if (document.activeElement !== $('ft-latency')) $('ft-latency').value = String(latencyMilliseconds);
  $('ft-pending').replaceChildren(
    h('thead', {}, h('tr', {}, h('th', {}, 'Path'), h('th', {}, 'Method'), h('th', {}, 'Answer'), h('th', {}, 'Requests left'))),
    h('tbody', {}, faults.length === 0
      ? h('tr', {}, h('td', { colspan: 4, class: 'hint' }, 'None: every request reaches its emulator.'))
      : faults.map((fault) => h('tr', {}, h('td', { class: 'mono' }, fault.path), h('td', {}, fault.method ?? 'any'),
        h('td', {}, outcome(fault)), h('td', { class: 'num' }, fault.count)))));
}

async function addFault(fault) {
  await admin('POST', 'faults', fault);
  await refresh();
}

function faultFromForm() {
  const fault = { path: $('ft-path').value.trim(), count: Number($('ft-count').value) };
  if ($('ft-method').value) fault.method = $('ft-method').value;
  const chosen = $('ft-outcome').value;
  if (chosen === 'drop') {
    fault.drop = true;
  } else if (chosen in bodyFaults) {
    fault[chosen] = Number($('ft-bytes').value);
  } else {
    fault.status = Number($('ft-outcome').value);
    const retryAfter = $('ft-retry-after').value.trim();
    if (retryAfter) fault.headers = { 'Retry-After': retryAfter };
    if ($('ft-body').value) fault.body = $('ft-body').value;
  }
  return fault;
}

// Each emulator's endpoints, from its route table (as `sandbox --help`
// prints them): a list to copy paths from while scripting faults.
function showEndpoints(services) {
  const lists = (services.endpoints ?? []).map(({ service, endpoints }) => h('details', {},
    h('summary', {}, `${service} (${endpoints.length})`),
    h('ul', {}, ...endpoints.map(({ methods, path, summary }) => h('li', {},
      h('code', {}, `${methods} ${path}`), ` ${summary}`)))));
  $('ft-endpoints').replaceChildren(...lists);
}

const refreshing = poller(2000, refresh);

export const faultsView = {
  async show() {
    if (!started) {
      started = true;
      $('ft-form').addEventListener('submit', (event) => {
        event.preventDefault();
        addFault(faultFromForm()).catch(showError);
      });
      for (const button of document.querySelectorAll('[data-preset]')) {
        button.addEventListener('click', () => addFault(presets[button.dataset.preset]).catch(showError));
      }
      $('ft-latency-form').addEventListener('submit', (event) => {
        event.preventDefault();
        admin('PUT', 'latency', { milliseconds: Number($('ft-latency').value) }).then(refresh).catch(showError);
      });
      $('ft-rate-limit').addEventListener('change', (event) => {
        admin('PUT', 'airtable/rate-limit', { enabled: event.target.checked }).then(refresh).catch(showError);
      });
      $('ft-clear').addEventListener('click', () => admin('DELETE', 'faults').then(refresh).catch(showError));
      sandboxServices().then(showEndpoints).catch(showError);
    }
    await refresh();
    refreshing.start();
  },
  hide() {
    refreshing.stop();
  },
};
