// Building the page from data without ever parsing data as HTML: every
// value the emulators hold or a client sent reaches the page as text.

/** An element with attributes, listeners (`onclick`) and children (nodes or text). */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') element.className = value;
    else if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (name === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

export const $ = (id) => document.getElementById(id);

/**
 * A map for keys that come from the server (Firebase keys, Airtable field
 * names): no prototype, so a key such as `__proto__` or `constructor` is
 * data like any other and can never reach Object.prototype.
 */
export const dictionary = () => Object.create(null);

/** `object[key]` if the object has it as its own member, else undefined. */
export const own = (object, key) => (object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? object[key] : undefined);

/** Shows a failure at the top of the page until dismissed or replaced. */
export function showError(error) {
  $('alert-text').textContent = error instanceof Error ? error.message : String(error);
  $('alert').hidden = false;
}

export function clearError() {
  $('alert').hidden = true;
}

/**
 * Runs `task` every `interval` milliseconds between `start()` and `stop()`,
 * one run at a time (the next is timed from the end of the last), showing
 * its failures: how a visible view keeps itself current, and stops asking
 * the server anything once hidden.
 */
export function poller(interval, task) {
  let timer = null;
  let running = false;
  const next = () => {
    timer = setTimeout(async () => {
      try { await task(); } catch (error) { showError(error); }
      if (running) next();
    }, interval);
  };
  return {
    start() { if (!running) { running = true; next(); } },
    stop() { running = false; clearTimeout(timer); },
  };
}

/** `1.2 KB`, `340 B`, `—` for an unknown size. */
export function formatBytes(count) {
  if (count === null || count === undefined) return '—';
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KB`;
  return `${(count / 1024 / 1024).toFixed(1)} MB`;
}

/** `12 ms`, `1.25 s`. */
export function formatDuration(milliseconds) {
  if (milliseconds < 1) return `${milliseconds.toFixed(2)} ms`;
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(2)} s`;
}

/** `14:03:22.481`, in the browser's time zone. */
export function formatTime(epochMilliseconds) {
  const date = new Date(epochMilliseconds);
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Text cut to `limit` characters, so one huge value cannot swamp the page. */
export function clip(text, limit = 300) {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/**
 * Asks for values in the page's one dialog. `fields` are
 * `{ name, label, type: 'text'|'textarea'|'number'|'checkbox'|'select', value, options, placeholder }`;
 * `submit(values)` runs on OK and may throw to keep the dialog open with
 * its message. Resolves to whether it was submitted.
 */
export function openDialog({ title, fields, okLabel = 'OK', submit }) {
  const dialog = $('dialog');
  $('dialog-title').textContent = title;
  $('dialog-ok').textContent = okLabel;
  const error = $('dialog-error');
  error.hidden = true;
  const inputs = new Map();
  $('dialog-fields').replaceChildren(...fields.map((field) => {
    const id = `dialog-field-${field.name}`;
    let input;
    if (field.type === 'textarea') {
      input = h('textarea', { id, name: field.name, spellcheck: 'false', placeholder: field.placeholder });
      input.value = field.value ?? '';
    } else if (field.type === 'select') {
      input = h('select', { id, name: field.name }, field.options.map((option) => h('option', { value: option.value ?? option }, option.label ?? option)));
      input.value = field.value ?? input.value;
    } else if (field.type === 'checkbox') {
      input = h('input', { id, name: field.name, type: 'checkbox' });
      input.checked = Boolean(field.value);
      inputs.set(field.name, input);
      return h('label', { class: 'check', for: id }, input, field.label);
    } else {
      input = h('input', { id, name: field.name, type: field.type ?? 'text', step: field.type === 'number' ? 'any' : null, spellcheck: 'false', autocomplete: 'off', placeholder: field.placeholder });
      input.value = field.value ?? '';
    }
    inputs.set(field.name, input);
    return h('label', { for: id }, field.label, input);
  }));
  return new Promise((resolve) => {
    const form = $('dialog-form');
    const onSubmit = async (event) => {
      if (event.submitter?.value !== 'ok') return;
      event.preventDefault();
      const values = dictionary();
      for (const [name, input] of inputs) values[name] = input.type === 'checkbox' ? input.checked : input.value;
      $('dialog-ok').disabled = true;
      try {
        await submit(values);
        finish(true);
      } catch (failure) {
        error.textContent = failure instanceof Error ? failure.message : String(failure);
        error.hidden = false;
      } finally {
        $('dialog-ok').disabled = false;
      }
    };
    const onClose = () => finish(false);
    const finish = (submitted) => {
      form.removeEventListener('submit', onSubmit);
      dialog.removeEventListener('close', onClose);
      if (dialog.open) dialog.close();
      resolve(submitted);
    };
    form.addEventListener('submit', onSubmit);
    dialog.addEventListener('close', onClose);
    dialog.showModal();
  });
}

/** Asks for confirmation in the dialog. */
export function confirmAction(title, okLabel, action) {
  return openDialog({ title, fields: [], okLabel, submit: action });
}
