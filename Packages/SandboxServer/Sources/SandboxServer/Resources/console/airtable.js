// The Airtable view: a table as a grid (fields as columns, pages of
// records), with create, edit and delete through the Web API.
import { $, h, clip, showError, openDialog, confirmAction, dictionary, own } from './dom.js';
import { airtable } from './api.js';

const state = { started: false, bases: [], tables: [], table: null, offsets: [undefined], page: 0, next: null, records: [] };

/** Field types the dialog can edit as text, a number or a switch; the rest are shown only. */
const numberTypes = new Set(['number', 'currency', 'percent', 'rating', 'duration']);
const textTypes = new Set(['singleLineText', 'multilineText', 'email', 'url', 'phoneNumber', 'richText', 'date', 'dateTime', 'singleSelect', 'multipleSelects']);

/** Types Airtable computes: shown, never edited. */
const computedTypes = new Set(['formula', 'rollup', 'count', 'multipleLookupValues', 'createdTime', 'lastModifiedTime', 'createdBy', 'lastModifiedBy', 'autoNumber', 'button', 'externalSyncSource', 'aiText']);

function objectText(item) {
  return item.filename ?? item.name ?? item.email ?? item.label ?? item.text ?? item.id ?? JSON.stringify(item);
}

function cellText(value) {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => (item && typeof item === 'object' ? objectText(item) : String(item))).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'object') return objectText(value);
  return String(value);
}

/** What a field's options say, in a few words: its formula, linked table, choices, format. */
function optionsText(field) {
  const options = field.options ?? {};
  const fieldName = (tableID, fieldID) => {
    const table = tableID ? state.tables.find((candidate) => candidate.id === tableID) : state.table;
    return table?.fields?.find((candidate) => candidate.id === fieldID)?.name ?? fieldID;
  };
  const linkedTable = (linkFieldID) => state.table?.fields?.find((candidate) => candidate.id === linkFieldID)?.options?.linkedTableId;
  const parts = [];
  if (options.formula) parts.push(options.formula);
  if (options.linkedTableId) parts.push(`→ ${state.tables.find((table) => table.id === options.linkedTableId)?.name ?? options.linkedTableId}`);
  if (options.recordLinkFieldId) {
    const through = fieldName(null, options.recordLinkFieldId);
    parts.push(options.fieldIdInLinkedTable ? `${fieldName(linkedTable(options.recordLinkFieldId), options.fieldIdInLinkedTable)} via ${through}` : `via ${through}`);
  }
  if (options.choices) parts.push(options.choices.map((choice) => choice.name).join(', '));
  if (options.symbol) parts.push(options.symbol);
  if (options.precision !== undefined) parts.push(`precision ${options.precision}`);
  if (options.max !== undefined) parts.push(`max ${options.max}`);
  if (options.durationFormat) parts.push(options.durationFormat);
  if (options.dateFormat?.format) parts.push(options.dateFormat.format);
  if (options.timeFormat?.format) parts.push(options.timeFormat.format);
  if (options.timeZone) parts.push(options.timeZone);
  if (options.label) parts.push(options.label);
  return parts.join(' · ');
}

function renderSchema() {
  const fields = state.table?.fields ?? [];
  $('at-schema').replaceChildren(
    h('thead', {}, h('tr', {}, h('th', {}, 'Field'), h('th', {}, 'Type'), h('th', {}, 'Id'), h('th', {}, 'Options'), h('th', {}, 'Description'))),
    h('tbody', {}, fields.map((field, index) => h('tr', { dataset: { fieldId: field.id } },
      h('td', {}, field.name, index === 0 ? ' (primary)' : ''),
      h('td', { class: 'mono' }, field.type, computedTypes.has(field.type) ? ' · computed' : ''),
      h('td', { class: 'mono' }, field.id),
      h('td', { title: clip(optionsText(field), 500) }, clip(optionsText(field), 160)),
      h('td', {}, clip(field.description ?? '', 160))))));
}

function render() {
  const fields = state.table?.fields ?? [];
  $('at-grid').replaceChildren(
    h('thead', {}, h('tr', {}, h('th', {}, 'Record'), fields.map((field) => h('th', { title: `${field.name}: ${field.type}` }, field.name, h('br'), h('small', { class: 'hint' }, field.type))), h('th', {}, 'Actions'))),
    h('tbody', {}, state.records.length === 0
      ? h('tr', {}, h('td', { colspan: fields.length + 2, class: 'hint' }, 'No records.'))
      : state.records.map((record) => h('tr', { dataset: { recordId: record.id } },
        h('td', { class: 'mono' }, record.id),
        fields.map((field) => {
          const text = cellText(own(record.fields, field.name));
          return h('td', { class: numberTypes.has(field.type) ? 'num' : '', title: clip(text, 500) }, clip(text, 120));
        }),
        h('td', {}, h('button', { type: 'button', class: 'small', onclick: () => editRecord(record) }, 'Edit'), ' ',
          h('button', { type: 'button', class: 'small', onclick: () => deleteRecord(record) }, 'Delete'))))));
  $('at-page').textContent = state.table ? `Page ${state.page + 1} · ${state.records.length} records` : '';
  $('at-prev').disabled = state.page === 0;
  $('at-next').disabled = !state.next;
}

const tablePath = () => `${encodeURIComponent($('at-base').value)}/${encodeURIComponent(state.table.id)}`;

async function loadPage() {
  if (!state.table) { render(); return; }
  const size = $('at-page-size').value;
  const offset = state.offsets[state.page];
  const query = `pageSize=${size}${offset ? `&offset=${encodeURIComponent(offset)}` : ''}`;
  const page = await airtable('GET', `${tablePath()}?${query}`);
  state.records = page.records ?? [];
  state.next = page.offset ?? null;
  state.offsets[state.page + 1] = state.next ?? undefined;
  render();
}

async function loadTables() {
  const { tables } = await airtable('GET', `meta/bases/${encodeURIComponent($('at-base').value)}/tables`);
  state.tables = tables ?? [];
  $('at-table').replaceChildren(...state.tables.map((table) => h('option', { value: table.id }, table.name)));
  await selectTable();
}

async function selectTable() {
  state.table = state.tables.find((table) => table.id === $('at-table').value) ?? null;
  renderSchema();
  state.offsets = [undefined];
  state.page = 0;
  await loadPage();
}

function editableFields() {
  return (state.table?.fields ?? []).filter((field) => !computedTypes.has(field.type) && (numberTypes.has(field.type) || textTypes.has(field.type) || field.type === 'checkbox'));
}

function dialogFields(record) {
  return editableFields().map((field) => {
    const value = own(record?.fields, field.name);
    if (field.type === 'checkbox') return { name: field.name, label: field.name, type: 'checkbox', value };
    const choices = field.options?.choices?.map((choice) => choice.name);
    const hint = field.type === 'multipleSelects' ? 'comma-separated' : choices ? `one of: ${choices.slice(0, 6).join(', ')}` : field.type;
    return {
      name: field.name, label: `${field.name} (${hint})`, type: field.type === 'multilineText' ? 'textarea' : numberTypes.has(field.type) ? 'number' : 'text',
      value: Array.isArray(value) ? value.join(', ') : value ?? '',
    };
  });
}

/** The dialog's values as Airtable fields; an emptied field is cleared on edit and left out on create. */
function fieldsFrom(values, editing) {
  const fields = dictionary();
  for (const field of editableFields()) {
    const raw = values[field.name];
    if (field.type === 'checkbox') { fields[field.name] = raw; continue; }
    const text = String(raw).trim();
    if (text === '') { if (editing) fields[field.name] = null; continue; }
    if (numberTypes.has(field.type)) {
      const number = Number(text);
      if (!Number.isFinite(number)) throw new Error(`${field.name}: "${clip(text, 40)}" is not a number.`);
      fields[field.name] = number;
    } else if (field.type === 'multipleSelects') {
      fields[field.name] = text.split(',').map((item) => item.trim()).filter(Boolean);
    } else {
      fields[field.name] = String(raw);
    }
  }
  return fields;
}

function createRecord() {
  if (!state.table) return Promise.resolve();
  return openDialog({
    title: `New record in ${state.table.name}`, okLabel: 'Create (POST)', fields: dialogFields(null),
    submit: async (values) => {
      await airtable('POST', tablePath(), { records: [{ fields: fieldsFrom(values, false) }], typecast: true });
      await loadPage();
    },
  }).catch(showError);
}

function editRecord(record) {
  return openDialog({
    title: `Edit ${record.id}`, okLabel: 'Save (PATCH)', fields: dialogFields(record),
    submit: async (values) => {
      await airtable('PATCH', `${tablePath()}/${encodeURIComponent(record.id)}`, { fields: fieldsFrom(values, true), typecast: true });
      await loadPage();
    },
  }).catch(showError);
}

function deleteRecord(record) {
  return confirmAction(`Delete ${record.id}?`, 'Delete', async () => {
    await airtable('DELETE', `${tablePath()}/${encodeURIComponent(record.id)}`);
    await loadPage();
  }).catch(showError);
}

export const airtableView = {
  async show() {
    if (state.started) return;
    state.started = true;
    $('at-base').addEventListener('change', () => loadTables().catch(showError));
    $('at-table').addEventListener('change', () => selectTable().catch(showError));
    $('at-page-size').addEventListener('change', () => selectTable().catch(showError));
    $('at-reload').addEventListener('click', () => loadPage().catch(showError));
    $('at-create').addEventListener('click', createRecord);
    $('at-prev').addEventListener('click', () => { state.page = Math.max(0, state.page - 1); loadPage().catch(showError); });
    $('at-next').addEventListener('click', () => { if (state.next) { state.page += 1; loadPage().catch(showError); } });
    try {
      const { bases } = await airtable('GET', 'meta/bases');
      state.bases = bases ?? [];
      $('at-base').replaceChildren(...state.bases.map((base) => h('option', { value: base.id }, `${base.name} (${base.id})`)));
      await loadTables();
    } catch (error) {
      state.started = false;
      throw error;
    }
  },
  hide() {},
};
