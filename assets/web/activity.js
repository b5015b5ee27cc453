// The Discord Activity's page (docs/activity.md): signs in through Discord's Embedded App SDK,
// then shows the game the server opened, to play (the player) or to watch (everyone else).
//
// Inside Discord the page has `?frame_id=…` and talks to the client through the SDK; opened
// without it (a browser, the tests) it uses the SDK's own DiscordSDKMock, in the channel
// `?channel_id=` names. Every request is a relative URL (Discord's proxy maps them), and the
// player's play token goes in the X-Bao-Play header, never a cookie.
//
// A player plays through the game page's own play UI (play.js: the pits that can move, the
// move choices drawn and said, draws, takebacks, resigning), given this page's hooks; a
// watcher sees the board follow the game live.

import { DiscordSDK, DiscordSDKMock } from './discord-embedded-app-sdk.2.5.0.js';
import { drawBoard, PITS } from './board.js';
import { initPlay } from './play.js';

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
let stream = null;
/** play.js, once a player's game is shown; what it asked to hear after each drawing and
 * each change of the data. */
let player = null;
const drawn = [];
const changed = [];

async function json(url, headers = {}) {
  const r = await fetch(url, { cache: 'no-store', headers });
  const got = await r.json();
  if (!r.ok) throw new Said(got.error || got.words || `HTTP ${r.status}`);
  return got;
}

/** What play.js may ask of this page (see initPlay there): the board is always the game's
 * last position, drawn without animation. */
function pageHooks() {
  return {
    svg: $('board'),
    viewer: () => game.side || 'S',
    setViewer: (side) => { if (side !== game.side) { game.side = side; draw(); } },
    nyumba: () => data.nyumba,
    lastPly: () => data.plies.length - 1,
    settled: () => true,
    status: () => data.status,
    result: () => data.result,
    toEnd: () => {},
    reload: () => refresh(),
    onDraw: (f) => drawn.push(f),
    onChange: (f) => changed.push(f),
  };
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
  if (g.play && !player) {
    player = await initPlay({
      gameId: g.id, headers: { 'X-Bao-Play': g.play }, base: '',
      lang: body.dataset.lang || 'en', mount: $('board-box'), page: pageHooks(),
    });
  }
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
  } catch (e) {
    $('problem').textContent = fill(words.failed, { error: e.message });
    $('problem').hidden = false;
    return;
  }
  draw();
  for (const f of changed) f();
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
  // A player's turn and choices are play.js's to say; a watcher is told the state here.
  $('turn').textContent = game.play ? '' : data.status !== 'active' ? words.over : words.watching;
  for (const f of drawn) f(null);
}

$('retry').addEventListener('click', signIn);
$('ai').addEventListener('click', challengeAi);
signIn();
