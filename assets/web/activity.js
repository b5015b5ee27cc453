// The Discord Activity's page (docs/activity.md): signs in through Discord's Embedded App SDK,
// then shows the game the server opened, to play (the player) or to watch (everyone else).
//
// Inside Discord the page has `?frame_id=…` and talks to the client through the SDK; opened
// without it (a browser, the tests) it uses the SDK's own DiscordSDKMock, in the channel
// `?channel_id=` names. Every request is a relative URL (Discord's proxy maps them), and the
// player's play token goes in the X-Bao-Play header, never a cookie.
//
// The play view here is a small one (marked pits, one control per legal move); the game
// page's play UI (play.js) takes its place when it lands: `showGame` is the one hand-over.

import { DiscordSDK, DiscordSDKMock } from './discord-embedded-app-sdk.2.5.0.js';
import { drawBoard, PITS } from './board.js';

const body = document.body;
const words = JSON.parse(body.dataset.words);
const clientId = body.dataset.clientId;
const langQ = body.dataset.lang ? `?lang=${body.dataset.lang}` : '';
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const fill = (t, v) => t.replace(/\{(\w+)\}/g, (_, k) => (k in v ? String(v[k]) : `{${k}}`));

function makeSdk() {
  if (params.get('frame_id')) return new DiscordSDK(clientId);
  const sdk = new DiscordSDKMock(clientId, params.get('guild_id'), params.get('channel_id'), null);
  const code = params.get('mock_code');
  if (code) sdk._updateCommandMocks({ authorize: async () => ({ code }) });
  return sdk;
}
const sdk = makeSdk();

/** The access token of the sign-in (for `POST /api/ai`, where Discord says whose it is). */
let access = null;

/** A refusal the server said in words. */
class Said extends Error {}

async function signIn() {
  $('problem').hidden = true;
  $('retry').hidden = true;
  $('status').textContent = words.signingIn;
  body.dataset.state = 'signing-in';
  try {
    await sdk.ready();
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
    });
    const r = await fetch(`/api/token${langQ}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, instance_id: sdk.instanceId || null, channel_id: sdk.channelId || null }),
    });
    const got = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) throw new Said(got.error || `HTTP ${r.status}`);
    await sdk.commands.authenticate({ access_token: got.access_token });
    body.dataset.state = 'signed-in';
    body.dataset.user = got.user.id;
    access = got.access_token;
    open(got);
  } catch (e) {
    body.dataset.state = 'failed';
    $('status').textContent = '';
    $('problem').textContent = fill(words.failed, { error: e instanceof Said ? e.message : String(e.message || e) });
    $('problem').hidden = false;
    $('retry').hidden = false;
  }
}

function open(got) {
  if (got.game) return showGame(got.game);
  $('status').textContent = got.games.length ? words.noGame : words.none;
  const list = $('games');
  list.replaceChildren();
  for (const g of got.games) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.game = String(g.id);
    b.textContent = `#${g.id}: ${g.south} – ${g.north}`;
    b.addEventListener('click', () => { $('pick').hidden = true; showGame(g); });
    li.append(b);
    list.append(li);
  }
  $('pick').hidden = got.games.length === 0;
  $('ai').hidden = !got.can_challenge_ai;
}

/** Starts a game against the computer in this channel, then opens it. */
async function challengeAi() {
  $('ai').hidden = true;
  const r = await fetch(`/api/ai${langQ}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ access_token: access, instance_id: sdk.instanceId }),
  });
  const got = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) {
    $('problem').textContent = got.error || `HTTP ${r.status}`;
    $('problem').hidden = false;
    return;
  }
  $('pick').hidden = true;
  open(got);
}

let game = null;
let data = null;
let moves = null;
let stream = null;

async function json(url, headers = {}) {
  const r = await fetch(url, { cache: 'no-store', headers });
  const got = await r.json();
  if (!r.ok) throw new Said(got.error || got.words || `HTTP ${r.status}`);
  return got;
}

/** Shows game `g` ({id, key, play, side, south, north}) and follows it live. */
async function showGame(g) {
  game = g;
  $('status').textContent = '';
  $('south').textContent = g.south;
  $('north').textContent = g.north;
  $('game').hidden = false;
  body.dataset.game = String(g.id);
  await refresh();
  if (stream) stream.close();
  const q = g.key ? `?k=${encodeURIComponent(g.key)}` : '';
  if (window.EventSource) {
    stream = new EventSource(`/g/${g.id}/events${q}`);
    stream.addEventListener('progress', (ev) => {
      const s = JSON.parse(ev.data);
      if (!data || s.ply !== data.plies.length - 1 || s.status !== data.status) refresh();
    });
  }
}

async function refresh() {
  const g = game;
  const q = g.key ? `?k=${encodeURIComponent(g.key)}` : '';
  try {
    data = await json(`/g/${g.id}/data.json${q}`);
    moves = g.play ? await json(`/g/${g.id}/play.json${langQ}`, { 'X-Bao-Play': g.play }) : null;
  } catch (e) {
    $('problem').textContent = fill(words.failed, { error: e.message });
    $('problem').hidden = false;
    return;
  }
  draw();
}

function draw() {
  const last = data.plies.length - 1;
  const v = data.plies[last];
  const pits = {};
  PITS.forEach((name, i) => { pits[name] = v.pits[i]; });
  const svg = $('board');
  drawBoard(svg, { pits, hands: v.hands, houses: v.houses, takasia: v.takasia, nyumba: data.nyumba, marks: v.marks },
    game.side || 'S');
  svg.dataset.ply = String(last);
  svg.dataset.toMove = v.turn;
  $('choices').replaceChildren();
  const over = data.status !== 'active';
  $('turn').textContent = over ? words.over
    : !moves ? words.watching
      : moves.your_turn ? words.yourTurn : words.theirTurn;
  if (!moves || !moves.your_turn || over) return;
  for (const p of moves.pits) {
    const el = svg.querySelector(`[data-pit="${p.pit}"]`);
    if (!el) continue;
    el.dataset.canMove = '';
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.setAttribute('aria-label', `${el.getAttribute('aria-label') || p.pit}, ${words.canMove}`);
    const choose = () => offer(p);
    el.addEventListener('click', choose);
    el.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); choose(); }
    });
  }
}

/** Shows one control per legal move from pit `p`. */
function offer(p) {
  const box = $('choices');
  box.replaceChildren();
  for (const m of p.moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.move = m.move;
    b.textContent = `${m.move}: ${m.words}`;
    b.addEventListener('click', () => send(m.move));
    box.append(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'cancel';
  cancel.textContent = words.cancel;
  cancel.addEventListener('click', () => box.replaceChildren());
  box.append(cancel);
  const first = box.querySelector('button');
  if (first) first.focus();
}

async function send(move) {
  $('choices').replaceChildren();
  const request = (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)).replace(/[^\w-]/g, '');
  const r = await fetch(`/g/${game.id}/move${langQ}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Bao-Play': game.play },
    body: JSON.stringify({ move, ply: moves.ply, request_id: request }),
  });
  const got = await r.json().catch(() => ({}));
  $('problem').hidden = r.ok;
  if (!r.ok) $('problem').textContent = got.words || `HTTP ${r.status}`;
  await refresh();
}

$('retry').addEventListener('click', signIn);
$('ai').addEventListener('click', challengeAi);
signIn();
