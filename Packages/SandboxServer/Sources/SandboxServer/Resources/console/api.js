// Talking to the sandbox: the admin routes, and the emulated APIs as any
// client would call them. Failures become errors with the server's message.

/** A response that was not 2xx, with the server's own message. */
export class HTTPError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * JSON, leniently: the Bankey course files have trailing commas, which
 * JSON.parse refuses and the SDK's Bankey decoder accepts.
 */
export function parseJSON(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    return JSON.parse(withoutTrailingCommas(text));
  }
}

function withoutTrailingCommas(text) {
  let result = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      result += character;
      if (character === '\\') { result += text[index + 1] ?? ''; index += 1; } else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    if (character === ',') {
      let next = index + 1;
      while (next < text.length && /\s/.test(text[next])) next += 1;
      if (text[next] === '}' || text[next] === ']') continue;
    }
    result += character;
  }
  return result;
}

/** The message an API put in its error body, whatever its format. */
function messageOf(status, text) {
  let body;
  try { body = parseJSON(text); } catch { body = undefined; }
  const error = body?.error ?? body?.errors?.[0];
  if (typeof error === 'string') return `${status}: ${error}`;
  if (error && typeof error === 'object') return `${status}: ${[error.type ?? error.error, error.message].filter(Boolean).join(': ')}`;
  if (body?.message) return `${status}: ${body.message}`;
  return `${status}: ${text.trim().slice(0, 200) || 'no body'}`;
}

/** Sends a request and returns its JSON body (or null for an empty one). */
export async function request(method, url, { body, headers = {} } = {}) {
  let response;
  try {
    response = await fetch(url, { method, headers, body, cache: 'no-store' });
  } catch (error) {
    throw new Error(`${method} ${url} failed: the sandbox did not answer (${error.message}).`);
  }
  const text = await response.text();
  if (!response.ok) throw new HTTPError(response.status, `${method} ${url.split('?')[0]} → ${messageOf(response.status, text)}`);
  if (!text) return null;
  try {
    return parseJSON(text);
  } catch {
    throw new Error(`${method} ${url.split('?')[0]} answered something that is not JSON: ${text.slice(0, 120)}`);
  }
}

/** An admin route under /__sandbox/. */
export function admin(method, route, body) {
  return request(method, `/__sandbox/${route}`, body === undefined ? {} : {
    body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' },
  });
}

let services;
/** What each API needs: namespaces, bases, the sandbox's credentials. */
export function sandboxServices() {
  services ??= admin('GET', 'services').catch((error) => { services = undefined; throw error; });
  return services;
}

const airtableSpacing = 210;
let airtableQueue = Promise.resolve();
let airtableLast = 0;

/**
 * An Airtable Web API call with the sandbox's token, at most five a second
 * as Airtable asks of every client (the SDK's AirtableRateLimiter does the
 * same), so the console does not trip the limit it lets you switch on.
 */
export async function airtable(method, path, body) {
  const { airtable: settings } = await sandboxServices();
  const turn = airtableQueue.then(async () => {
    const wait = airtableLast + airtableSpacing - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    airtableLast = Date.now();
  });
  airtableQueue = turn;
  await turn;
  const headers = { Authorization: `Bearer ${settings.token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return request(method, `/v0/${path}`, { body: body === undefined ? undefined : JSON.stringify(body), headers });
}

/** Percent-encodes each segment of a Firebase path. */
export function firebasePath(segments) {
  return `/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * The query a Firebase call needs: the namespace, and administrator
 * credentials, as the Firebase console has them, so the rules never hide
 * data from it: the secret if one is set, else the emulators' `owner`
 * (as a query item, because an EventSource cannot send headers).
 */
export async function firebaseQuery(namespace) {
  const { firebase: settings } = await sandboxServices();
  const items = [`ns=${encodeURIComponent(namespace)}`];
  if (settings.auth) items.push(`auth=${encodeURIComponent(settings.auth)}`);
  else items.push('access_token=owner');
  return items.join('&');
}
