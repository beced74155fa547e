// The sandbox console page (docs/decisions/019-sandbox-console-page.md). A plain script, no build, no
// framework: it is served as is by src-sandbox/admin/console.ts under a CSP that allows only this file.
//
// The admin secret arrives once in the address's fragment (`/_sandbox/#secret=…`, never sent to the
// server), moves to this tab's sessionStorage, leaves the address bar, and goes with every call as
// `Authorization: Bearer`. It is never put in a cookie, localStorage or the page's markup.
//
// Everything the sandbox answers is put on the page with textContent, never as markup.

/* global document, location, history */

'use strict';

const secretKey = 'sandbox-console-admin-secret';

// --- The admin secret ------------------------------------------------------------------------------

/** Moves `#secret=…` from the address into sessionStorage and takes it out of the address bar. */
function takeSecretFromAddress() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const secret = fragment.get('secret');
  if (secret === null) return;
  history.replaceState(null, '', location.pathname + location.search);
  if (secret !== '') sessionStorage.setItem(secretKey, secret);
}

function heldSecret() {
  return sessionStorage.getItem(secretKey);
}

function forgetSecret() {
  sessionStorage.removeItem(secretKey);
}

// --- Calls -----------------------------------------------------------------------------------------

/** A call the sandbox refused or could not answer, with the message to show. */
class CallError extends Error {
  /**
   * @param {string} message plain words for the page
   * @param {number} status HTTP status, 0 when nothing answered
   * @param {string} code the envelope's code, '' when none
   */
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Raised when the admin secret is missing or refused: the page asks for it again. */
class SecretRefused extends Error {}

/**
 * Calls the admin API (`/_sandbox` + path) with the secret; answers the JSON body of a 2xx answer,
 * throws CallError (with the sandbox's own message) or SecretRefused otherwise.
 */
async function callAdmin(method, path, body) {
  const secret = heldSecret();
  if (!secret) throw new SecretRefused('This tab holds no admin secret.');
  const headers = { authorization: `Bearer ${secret}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`/_sandbox${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch {
    throw new CallError('The sandbox did not answer. Is it still running?', 0, '');
  }
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (response.ok) return json;
  const envelope = json && typeof json === 'object' && json.error ? json.error : null;
  if (response.status === 401) {
    forgetSecret();
    throw new SecretRefused(
      'The sandbox refused the admin secret. Paste the contents of DIR/admin-secret of the running sandbox.',
    );
  }
  const message =
    envelope && envelope.message ? envelope.message : `The sandbox answered ${response.status}.`;
  const code = envelope && envelope.code ? envelope.code : '';
  const facts = [
    `HTTP ${response.status}`,
    code,
    envelope && envelope.request_id ? `request ${envelope.request_id}` : '',
  ]
    .filter((fact) => fact)
    .join(', ');
  throw new CallError(`${message} (${facts})`, response.status, code);
}

/**
 * GET of a list that an older sandbox does not offer: null when it answers 404 (no such path) or 405
 * (the path takes only other methods, as `/_sandbox/companies` takes POST).
 */
async function readOptional(path) {
  try {
    return await callAdmin('GET', path);
  } catch (error) {
    if (error instanceof CallError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

// --- The page --------------------------------------------------------------------------------------

function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The page has no #${id}.`);
  return found;
}

/** An element with attributes (`text` sets textContent, `on*` adds a listener) and children. */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'text') node.textContent = String(value);
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else if (name === 'className') node.className = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** Shows an outcome under a section: `ok` (the answer in words) or an error (its message). */
function showOutcome(area, text, isError = false) {
  const target = document.querySelector(`[data-outcome="${area}"]`);
  if (!target) return;
  target.textContent = text;
  target.classList.toggle('error', isError);
  target.setAttribute('role', isError ? 'alert' : 'status');
  target.scrollIntoView({ block: 'nearest' });
}

/**
 * Runs one action of a section: disables its button meanwhile, and shows what happened in plain words.
 * A refused secret brings back the sign-in form.
 */
async function act(area, button, work) {
  if (button) button.disabled = true;
  showOutcome(area, 'Working…');
  try {
    const text = await work();
    showOutcome(area, text);
  } catch (error) {
    if (error instanceof SecretRefused) {
      askForSecret(error.message);
      return;
    }
    showOutcome(area, error instanceof Error ? error.message : String(error), true);
  } finally {
    if (button) button.disabled = false;
  }
}

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function shortTime(iso) {
  if (typeof iso !== 'string') return '';
  return iso
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
    .replace(/Z$/, ' UTC');
}

function unavailable(call) {
  return `This sandbox does not offer ${call} yet, so there is nothing to show here. A newer sandbox does.`;
}

// --- Sign-in -----------------------------------------------------------------------------------------

function askForSecret(reason) {
  byId('where').textContent = `Sandbox at ${location.host}. This tab holds no admin secret.`;
  byId('console').hidden = true;
  byId('forget-secret').hidden = true;
  byId('sign-in').hidden = false;
  byId('sign-in-reason').textContent = reason;
  byId('secret-input').focus();
}

function showConsole() {
  byId('sign-in').hidden = true;
  byId('console').hidden = false;
  byId('forget-secret').hidden = false;
  byId('where').textContent = `Sandbox at ${location.host}. The admin secret is held by this tab only.`;
}

// --- Companies -------------------------------------------------------------------------------------

let companies = [];

async function loadCompanies() {
  const box = byId('companies-list');
  const result = await readOptional('/companies');
  if (result === null) {
    companies = [];
    box.replaceChildren(el('p', { className: 'notice', text: unavailable('GET /_sandbox/companies') }));
    fillCompanyCodes();
    return;
  }
  companies = Array.isArray(result.data) ? result.data : [];
  fillCompanyCodes();
  if (companies.length === 0) {
    box.replaceChildren(el('p', { className: 'notice', text: 'No companies.' }));
    return;
  }
  const rows = companies.map((company) => {
    const isSuspended = company.suspended === true;
    const mode = el(
      'select',
      {
        'aria-label': `ERP mode of ${company.code}`,
        onchange: (event) => {
          const select = event.currentTarget;
          void act('companies', select, async () => {
            const changed = await callAdmin('PATCH', `/companies/${encodeURIComponent(company.code)}`, {
              erp_mode: select.value,
            });
            await loadCompanies();
            return `${changed.code}'s ERP mode is now ${changed.erp_mode}.`;
          });
        },
      },
      el('option', { value: 'api', text: 'api', selected: company.erp_mode === 'api' }),
      el('option', { value: 'manual', text: 'manual', selected: company.erp_mode === 'manual' }),
    );
    const toggle = el('button', {
      type: 'button',
      text: isSuspended ? 'Resume' : 'Suspend',
      'aria-label': `${isSuspended ? 'Resume' : 'Suspend'} ${company.code}`,
      onclick: (event) => {
        void act('companies', event.currentTarget, async () => {
          const changed = await callAdmin('PATCH', `/companies/${encodeURIComponent(company.code)}`, {
            suspended: !isSuspended,
          });
          await loadCompanies();
          return changed.suspended
            ? `${changed.code} is suspended: its clients' calls answer 401 COMPANY_SUSPENDED.`
            : `${changed.code} is active again.`;
        });
      },
    });
    return el(
      'tr',
      {},
      el('th', { scope: 'row', text: company.code }),
      el('td', { text: company.name }),
      el(
        'td',
        {},
        el('span', {
          className: isSuspended ? 'badge bad' : 'badge good',
          text: isSuspended ? 'Suspended' : 'Active',
        }),
      ),
      el('td', {}, mode),
      el('td', {}, toggle),
    );
  });
  box.replaceChildren(
    el(
      'table',
      {},
      el('caption', { className: 'visually-hidden', text: 'Companies' }),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['Code', 'Name', 'State', 'ERP mode', 'Action'].map((h) => el('th', { scope: 'col', text: h })),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
  );
}

function fillCompanyCodes() {
  byId('company-codes').replaceChildren(
    ...companies.map((company) => el('option', { value: company.code, text: company.name })),
  );
}

// --- Clients ---------------------------------------------------------------------------------------

let clients = [];

/**
 * How far the sandbox clock is known to run ahead of this computer's, from the last "Advance the clock"
 * answer (the admin API has no call that reads the clock). The sandbox clock never runs behind, so a
 * token expired by this estimate is expired; live mode's clock speed may have expired more.
 */
let sandboxAheadMs = 0;

function tokenState(token) {
  if (token.revoked === true) return 'revoked';
  const knownNow = new Date(Date.now() + sandboxAheadMs).toISOString();
  if (typeof token.expires_at === 'string' && token.expires_at <= knownNow) return 'expired';
  return 'live';
}

function tokenItem(token) {
  const state = tokenState(token);
  return el(
    'li',
    {},
    el('code', { text: `${token.token_prefix}…` }),
    ' ',
    el('span', { className: `badge ${state === 'live' ? 'good' : 'bad'}`, text: state }),
    ' ',
    el('span', { className: 'muted', text: `expires ${shortTime(token.expires_at)}` }),
    state === 'live'
      ? el('button', {
          type: 'button',
          className: 'small',
          text: 'Revoke',
          'aria-label': `Revoke token ${token.token_prefix}`,
          onclick: (event) => {
            void act('clients', event.currentTarget, () => revokePrefix(token.token_prefix));
          },
        })
      : null,
  );
}

async function loadClients() {
  const box = byId('clients-list');
  const result = await readOptional('/clients');
  if (result === null) {
    clients = [];
    box.replaceChildren(el('p', { className: 'notice', text: unavailable('GET /_sandbox/clients') }));
    fillFaultClients();
    return;
  }
  clients = Array.isArray(result.data) ? result.data : [];
  fillFaultClients();
  if (clients.length === 0) {
    box.replaceChildren(el('p', { className: 'notice', text: 'No clients.' }));
    return;
  }
  const rows = clients.map((client) => {
    const scopes = Array.isArray(client.scopes) ? client.scopes : [];
    const allow = Array.isArray(client.ip_allow) ? client.ip_allow : [];
    const tokens = Array.isArray(client.tokens) ? client.tokens : [];
    return el(
      'tr',
      {},
      el(
        'th',
        { scope: 'row' },
        el('span', { text: client.name }),
        el('br'),
        el('code', { className: 'muted', text: client.client_id }),
      ),
      el('td', { text: client.company }),
      el('td', { text: client.system }),
      el(
        'td',
        {},
        el(
          'ul',
          { className: 'chips', 'aria-label': `Scopes of ${client.name}` },
          ...scopes.map((s) => el('li', { text: s })),
        ),
      ),
      el('td', { text: allow.length > 0 ? allow.join(', ') : 'any address' }),
      el('td', { className: 'number', text: `${client.rate_limit_per_minute}/min` }),
      el(
        'td',
        {},
        el('ul', { className: 'tokens', 'aria-label': `Tokens of ${client.name}` }, ...tokens.map(tokenItem)),
      ),
      el(
        'td',
        {},
        el('button', {
          type: 'button',
          text: 'Rotate',
          'aria-label': `Rotate token of ${client.name}`,
          onclick: (event) => {
            void act('clients', event.currentTarget, async () => {
              const result = await callAdmin(
                'POST',
                `/clients/${encodeURIComponent(client.client_id)}/tokens`,
              );
              showNewToken(`New token for ${client.name}`, result.token);
              await loadClients();
              return `${client.name} has a new token. The old one keeps working until you revoke it or it expires.`;
            });
          },
        }),
      ),
    );
  });
  box.replaceChildren(
    el(
      'table',
      {},
      el('caption', { className: 'visually-hidden', text: 'Clients' }),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['Client', 'Company', 'System', 'Scopes', 'IP allow-list', 'Limit', 'Tokens', 'Action'].map(
            (h) => el('th', { scope: 'col', text: h }),
          ),
        ),
      ),
      el('tbody', {}, ...rows),
    ),
  );
}

async function revokePrefix(prefix) {
  const result = await callAdmin('POST', '/tokens/revoke', { token_prefix: prefix });
  await loadClients();
  return result.revoked === 0
    ? `No live token starts with ${prefix}: nothing was revoked.`
    : `Revoked ${plural(result.revoked, 'token')} starting with ${prefix}. Calls with it now answer 401 TOKEN_REVOKED.`;
}

/** Shows a token once; it lives only in this field until "I have copied it" clears it. */
function showNewToken(title, token) {
  byId('new-token-title').textContent = title;
  const field = byId('new-token-value');
  field.value = token;
  byId('copy-outcome').textContent = '';
  byId('new-token').hidden = false;
  field.focus();
  field.select();
}

function hideNewToken() {
  byId('new-token-value').value = '';
  byId('copy-outcome').textContent = '';
  byId('new-token').hidden = true;
}

async function copyToken() {
  const field = byId('new-token-value');
  const outcome = byId('copy-outcome');
  try {
    // The Clipboard API exists only in a secure context (localhost and 127.0.0.1 are; a LAN address is not).
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(field.value);
    outcome.textContent = 'Copied to the clipboard.';
  } catch {
    field.focus();
    field.select();
    outcome.textContent = 'The browser did not allow copying: the token is selected, press Ctrl+C (⌘C).';
  }
}

function splitList(text) {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

async function createClient(form) {
  const scopes = [...form.querySelectorAll('input[name="scope"]:checked')].map((box) => box.value);
  if (scopes.length === 0) throw new CallError('Pick at least one scope.', 0, '');
  const body = {
    company: byId('client-company').value.trim(),
    name: byId('client-name').value.trim(),
    system: byId('client-system').value.trim(),
    scopes,
    ip_allow: splitList(byId('client-ip-allow').value),
  };
  const limit = byId('client-rate-limit').value;
  if (limit !== '') body.rate_limit_per_minute = Number(limit);
  const result = await callAdmin('POST', '/clients', body);
  showNewToken(`New token for ${body.name}`, result.token);
  form.reset();
  await loadClients();
  return `Created ${body.name} (${result.client_id}) with ${plural(scopes.length, 'scope')}.`;
}

async function loadScopes() {
  const box = byId('client-scopes');
  let options;
  try {
    const response = await fetch('/_sandbox/console/options.json', {
      cache: 'no-store',
      credentials: 'omit',
    });
    options = await response.json();
  } catch {
    box.append(
      el('p', { className: 'error', text: 'The list of scopes could not be read. Reload the page.' }),
    );
    return;
  }
  const scopes = Array.isArray(options.scopes) ? options.scopes : [];
  box.append(
    el(
      'div',
      { className: 'scope-grid' },
      ...scopes.map((scope) =>
        el('label', {}, el('input', { type: 'checkbox', name: 'scope', value: scope }), ` ${scope}`),
      ),
    ),
  );
  if (typeof options.defaultRateLimitPerMinute === 'number') {
    byId('client-rate-limit').placeholder = `default ${options.defaultRateLimitPerMinute}`;
  }
}

// --- Clock and field activity ----------------------------------------------------------------------

async function advanceClock() {
  const seconds = Number(byId('clock-seconds').value);
  const result = await callAdmin('POST', '/clock', { advance_seconds: seconds });
  const now = Date.parse(result.now);
  if (Number.isFinite(now)) sandboxAheadMs = Math.max(sandboxAheadMs, now - Date.now());
  await loadClients();
  return `The sandbox clock moved ${plural(seconds, 'second')} forward and now reads ${shortTime(result.now)}.`;
}

const activityWords = {
  orders: ['order', 'orders'],
  invoices: ['invoice', 'invoices'],
  payments: ['payment', 'payments'],
  returns: ['return', 'returns'],
  reversals: ['reversal', 'reversals'],
  cheque_bounces: ['cheque bounce', 'cheque bounces'],
  receipt_voids: ['receipt void', 'receipt voids'],
};

async function simulate(form) {
  const data = new FormData(form);
  const body = {};
  const company = String(data.get('company') || '').trim();
  if (company) body.company = company;
  for (const kind of Object.keys(activityWords)) {
    const n = Number(data.get(kind) || 0);
    if (n > 0) body[kind] = n;
  }
  if (Object.keys(body).filter((key) => key !== 'company').length === 0)
    throw new CallError('Ask for at least one document.', 0, '');
  const result = await callAdmin('POST', '/simulate', body);
  const created = result && result.created ? result.created : {};
  const parts = Object.entries(created)
    .filter(([, ids]) => Array.isArray(ids) && ids.length > 0)
    .map(([kind, ids]) => {
      const words = activityWords[kind] || [kind.replace(/_/g, ' '), kind.replace(/_/g, ' ')];
      return `${ids.length} ${ids.length === 1 ? words[0] : words[1]}`;
    });
  return parts.length > 0
    ? `Created ${parts.join(', ')} for ${company || 'DEMO'}.`
    : 'Nothing was created (the company has nothing to act on for those kinds yet).';
}

// --- Live mode -------------------------------------------------------------------------------------

function describeLive(live) {
  if (!live || live.running !== true) return 'Live mode is stopped.';
  const speed = live.clock_speed > 1 ? `, the clock running ${live.clock_speed} times real time` : '';
  return `Live mode is running: ${live.rate_per_minute} documents per minute${speed}.`;
}

function showLive(live) {
  const failed = live && live.last_error ? ` The latest step failed: ${live.last_error}` : '';
  const ticks = live && live.ticks > 0 ? ` Steps run so far: ${live.ticks}.` : '';
  byId('live-state').textContent = `${describeLive(live)}${ticks}${failed}`;
}

async function loadLive() {
  const result = await readOptional('/live');
  const isOffered = result !== null;
  for (const control of byId('live-form').querySelectorAll('button, input')) control.disabled = !isOffered;
  if (!isOffered) {
    byId('live-state').textContent = unavailable('live mode (GET /_sandbox/live)');
    return;
  }
  showLive(result);
}

async function startLive() {
  const body = { rate_per_minute: Number(byId('live-rate').value) };
  const speed = byId('live-speed').value;
  if (speed !== '') body.clock_speed = Number(speed);
  const result = await callAdmin('POST', '/live', body);
  showLive(result);
  return describeLive(result);
}

async function stopLive() {
  const result = await callAdmin('DELETE', '/live');
  showLive(result);
  return 'Live mode stopped.';
}

// --- Faults ----------------------------------------------------------------------------------------

function fillFaultClients() {
  const select = byId('fault-client');
  const kept = select.value;
  if (clients.length === 0) {
    select.replaceChildren(el('option', { value: '', text: 'No clients listed' }));
    return;
  }
  select.replaceChildren(
    ...clients.map((client) =>
      el('option', { value: client.client_id, text: `${client.name} (${client.company})` }),
    ),
  );
  if (clients.some((client) => client.client_id === kept)) select.value = kept;
}

const faultWords = {
  rate_storm: 'answer 429 RATE_LIMITED',
  unavailable: 'answer 503',
  slow: 'answer late',
};

function clientName(clientId) {
  const client = clients.find((c) => c.client_id === clientId);
  return client ? client.name : clientId;
}

/** A fault in words. It runs on real time, not the sandbox clock (which may be ahead), so it is told in seconds left. */
function describeFault(fault) {
  const late = fault.kind === 'slow' && fault.delay_ms ? ` by ${fault.delay_ms} ms` : '';
  const left = plural(fault.seconds_left, 'more second');
  return `Calls of ${clientName(fault.client_id)} ${faultWords[fault.kind] || fault.kind}${late} for ${left}`;
}

async function loadFaults() {
  const box = byId('faults-list');
  const result = await readOptional('/faults');
  const isOffered = result !== null;
  for (const control of byId('fault-form').querySelectorAll('button, input, select'))
    control.disabled = !isOffered;
  if (!isOffered) {
    box.replaceChildren(el('p', { className: 'notice', text: unavailable('faults (GET /_sandbox/faults)') }));
    return;
  }
  const faults = Array.isArray(result.data) ? result.data : [];
  if (faults.length === 0) {
    box.replaceChildren(el('p', { className: 'notice', text: 'No fault in force.' }));
    return;
  }
  box.replaceChildren(
    el('h3', { id: 'faults-in-force', text: 'In force' }),
    el(
      'ul',
      { className: 'faults', 'aria-labelledby': 'faults-in-force' },
      ...faults.map((fault) =>
        el(
          'li',
          {},
          `${describeFault(fault)}. `,
          el('button', {
            type: 'button',
            className: 'small',
            text: 'End',
            'aria-label': `End the ${fault.kind.replace(/_/g, ' ')} fault of ${clientName(fault.client_id)}`,
            onclick: (event) => {
              void act('faults', event.currentTarget, async () => {
                const query = new URLSearchParams({ client_id: fault.client_id, kind: fault.kind });
                const ended = await callAdmin('DELETE', `/faults?${query.toString()}`);
                await loadFaults();
                return ended.cleared === 0
                  ? 'That fault had ended already.'
                  : `Ended: calls of ${clientName(fault.client_id)} are answered normally again.`;
              });
            },
          }),
        ),
      ),
    ),
  );
}

function showDelayForSlow() {
  const isSlow = byId('fault-kind').value === 'slow';
  for (const part of document.querySelectorAll('.slow-only')) part.hidden = !isSlow;
}

async function addFault() {
  const clientId = byId('fault-client').value;
  if (!clientId) throw new CallError('Pick a client first.', 0, '');
  const body = {
    client_id: clientId,
    kind: byId('fault-kind').value,
    seconds: Number(byId('fault-seconds').value),
  };
  const delay = byId('fault-delay').value;
  if (body.kind === 'slow' && delay !== '') body.delay_ms = Number(delay);
  const fault = await callAdmin('POST', '/faults', body);
  await loadFaults();
  return `${describeFault(fault)}.`;
}

// --- Start -----------------------------------------------------------------------------------------

/** Reads every list; a refused secret brings back the sign-in form, any other failure shows in place. */
async function loadAll() {
  const loads = [
    ['companies', loadCompanies],
    ['clients', loadClients],
    ['live', loadLive],
    ['faults', loadFaults],
  ];
  const results = await Promise.allSettled(loads.map(([, load]) => load()));
  const refused = results.find((r) => r.status === 'rejected' && r.reason instanceof SecretRefused);
  if (refused) {
    askForSecret(refused.reason.message);
    return false;
  }
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      const reason = result.reason;
      showOutcome(loads[index][0], reason instanceof Error ? reason.message : String(reason), true);
    }
  });
  return true;
}

function onSubmit(id, area, work) {
  const form = byId(id);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const button = event.submitter || form.querySelector('button[type="submit"]');
    void act(area, button, () => work(form));
  });
}

function wire() {
  byId('sign-in-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const field = byId('secret-input');
    const secret = field.value.trim();
    field.value = '';
    if (!secret) return;
    sessionStorage.setItem(secretKey, secret);
    void start();
  });
  byId('forget-secret').addEventListener('click', () => {
    forgetSecret();
    hideNewToken();
    askForSecret('The admin secret was forgotten by this tab.');
  });
  for (const button of document.querySelectorAll('[data-refresh]')) {
    const area = button.getAttribute('data-refresh');
    const load = { companies: loadCompanies, clients: loadClients, live: loadLive, faults: loadFaults }[area];
    button.addEventListener('click', () => void act(area, button, async () => (await load(), 'Up to date.')));
  }
  onSubmit('company-form', 'companies', async () => {
    const code = byId('company-code').value.trim();
    const result = await callAdmin('POST', '/companies', { code, name: byId('company-name').value.trim() });
    byId('company-code').value = '';
    byId('company-name').value = '';
    await loadCompanies();
    return `Created company ${result.code} (${result.id}).`;
  });
  onSubmit('client-form', 'new-client', createClient);
  onSubmit('revoke-form', 'revoke', async () => {
    const field = byId('revoke-prefix');
    const prefix = field.value.trim().replace(/…$/, '');
    const text = await revokePrefix(prefix);
    field.value = '';
    return text;
  });
  byId('copy-token').addEventListener('click', () => void copyToken());
  byId('hide-token').addEventListener('click', hideNewToken);
  onSubmit('clock-form', 'clock', advanceClock);
  onSubmit('simulate-form', 'simulate', simulate);
  onSubmit('live-form', 'live', startLive);
  byId('live-stop').addEventListener('click', (event) => void act('live', event.currentTarget, stopLive));
  byId('fault-kind').addEventListener('change', showDelayForSlow);
  showDelayForSlow();
  onSubmit('fault-form', 'faults', addFault);
}

async function start() {
  if (!heldSecret()) {
    askForSecret('');
    return;
  }
  showConsole();
  await loadAll();
}

takeSecretFromAddress();
document.addEventListener('DOMContentLoaded', () => {
  wire();
  void loadScopes();
  void start();
});
