// Playing on the board (issue 47; docs/web.md "Playing on the page"). Loaded by the game
// page only when its address holds a player's own token (`#play=TOKEN`), and reusable by
// any page that shows the board through the same hooks (the Discord Activity): nothing
// here knows where the token came from.
//
// The contract an outside checker reads (keep it stable): on the player's turn, at the
// game's last position, each pit that can start a move is `[data-pit]` with
// `data-can-move`, `tabindex="0"`, `role="button"` and a name saying it can move; choosing
// it (click, tap, Enter, Space) shows one control per legal move from it,
// `[data-move="MOVE"]`, MOVE exactly the line `bao-bot moves POSITION` prints; choosing
// one sends it. Off the player's turn, and once the game is over, nothing has
// `data-can-move`. A pit's only move needs that one more choice (the confirmation),
// unless the player's one-tap preference is on.

import { arrow, C, cell, marksOf, pitRings, pitTags } from './board.js';

const fill = (t, v) => t.replace(/\{(\w+)\}/g, (all, k) => (k in v ? String(v[k]) : all));

/** An id for one move request, sent again as is when the answer is lost. */
const requestId = () => `p${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/**
 * Draws a move's marks over the board in `svg` (a group of its own, replaced on each call,
 * taking no pointer events): `marks` as a played move's (start, captured, entered, sown,
 * end) and `tags`, `[pit, text, colour key, turns]` more tags (the way the move goes).
 * `null` takes the marks away.
 */
export function drawPreview(svg, viewer, nyumba, marks, tags = []) {
  for (const old of svg.querySelectorAll('g.preview, g.preview-rings')) old.remove();
  if (!marks) return;
  const m = marksOf({ marks }, viewer);
  for (const [pit, text, color, turns] of tags) {
    if (!m.has(pit)) m.set(pit, { rings: [], tags: [] });
    m.get(pit).tags.push([text, C[color] || color, !!turns]);
  }
  let rings = '', tagged = '';
  for (const [pit, mk] of m) {
    const [x, y] = cell(viewer, pit);
    rings += pitRings(pit, x, y, mk, nyumba);
    tagged += pitTags(x, y, mk);
  }
  // The rings under the pits (as a played move's: the stones and counts stay readable),
  // the tags over them.
  const group = (cls, inner) => {
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.setAttribute('class', cls);
    g.setAttribute('pointer-events', 'none');
    g.setAttribute('aria-hidden', 'true');
    g.innerHTML = inner;
    return g;
  };
  svg.insertBefore(group('preview-rings', rings), svg.querySelector('.pit'));
  svg.append(group('preview', tagged));
}

/**
 * Playing on the game page (assets/web/game.js, for `#play=TOKEN`): the page lends its
 * `svg`, `at()` (its `data`, `ply`, `viewer` and running `anim` now), `show(ply)`, `flip()`,
 * `reload()` and the `drawn` and `changed` lists of listeners; this makes its hooks.
 */
export function playOnPage(main, token, { svg, at, show, flip, reload, drawn, changed }) {
  const last = () => at().data.plies.length - 1;
  return initPlay({
    gameId: main.dataset.id, headers: { 'X-Bao-Play': token }, base: '', lang: main.dataset.lang || 'en',
    mount: document.querySelector('.board-col .controls'),
    page: {
      svg,
      viewer: () => at().viewer,
      setViewer: (side) => { if (side !== at().viewer) flip(); },
      nyumba: () => at().data.nyumba,
      lastPly: last,
      // The position on the board is the game's last and it is not moving.
      settled: () => at().ply === last() && !at().anim,
      status: () => at().data.status,
      result: () => at().data.result,
      toEnd: () => { if (at().ply !== last()) show(last()); },
      reload,
      onDraw: (f) => drawn.push(f),
      onChange: (f) => changed.push(f),
    },
  });
}

/**
 * Switches playing on.
 * - `gameId`: the game's number;
 * - `headers`: what proves the player (`{'X-Bao-Play': token}`), sent with every request;
 * - `base`: the path the routes hang from ('' on the game page);
 * - `lang`: the page's language (`en`, `sw`), for the words and the server's answers;
 * - `mount`: the element the play panel goes after;
 * - `page`: the board page's hooks: `svg`, `viewer()`, `setViewer(side)`, `nyumba()`,
 *   `lastPly()`, `settled()` (the last position shown, not moving), `status()`,
 *   `result()`, `toEnd()`, `reload()` (a promise: the data read again, the board moving
 *   on), `onDraw(f(focusedPit))`, `onChange(f)`.
 * Returns `{ sync, stop }`.
 */
export async function initPlay({ gameId, headers, base = '', lang = 'en', mount, page }) {
  const q = `?lang=${encodeURIComponent(lang)}`;
  const url = (path) => `${base}/g/${gameId}/${path}${q}`;
  // The panel's look, fetched by players only (every visitor's style.css stays without it).
  await new Promise((done) => {
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = new URL('./play.css', import.meta.url).href;
    css.onload = done;
    css.onerror = done;
    document.head.append(css);
  });
  let words = {};
  try {
    const r = await fetch(`${base}/play/words.json${q}`);
    if (r.ok) words = await r.json();
  } catch (e) { /* English fallbacks below */ }
  const w = (k) => words[k] || k;

  const el = (tag, attrs = {}, text) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  };
  const panel = el('section', { id: 'play', class: 'play', 'aria-label': w('panel') });
  const status = el('p', { id: 'play-status', class: 'play-status' });
  const choices = el('div', { id: 'play-moves', class: 'play-moves', hidden: '' });
  const actions = el('div', { class: 'play-actions', role: 'group', 'aria-label': w('panel') });
  const button = (id, text) => el('button', { type: 'button', id }, text);
  const offer = button('play-draw', w('offerDraw'));
  const accept = button('play-accept', w('acceptDraw'));
  const decline = button('play-decline', w('declineDraw'));
  const takeback = button('play-takeback', w('takeback'));
  const resign = button('play-resign', w('resign'));
  const confirmBox = el('div', { id: 'play-resign-confirm', class: 'play-confirm', hidden: '' });
  const resignYes = button('play-resign-yes', w('resignYes'));
  const resignNo = button('play-resign-no', w('cancel'));
  confirmBox.append(el('p', {}, w('resignConfirm')), resignYes, resignNo);
  actions.append(accept, decline, offer, takeback, resign);
  const live = el('p', { id: 'play-live', class: 'play-live', role: 'status', 'aria-live': 'polite' });
  panel.append(status, choices, actions, confirmBox, live);
  mount.after(panel);
  page.svg.dataset.play = 'on';

  let state = null; // play.json
  let chosen = null; // the chosen pit
  let busy = false; // a request under way
  let timer = null;
  const say = (text) => { live.textContent = text; };

  /** The moves of `pit` now. */
  const movesOf = (pit) => (state && state.pits.find((p) => p.pit === pit) || { moves: [] }).moves;
  // Pits may start a move: the player's turn, the game's last position shown, nothing sent.
  const open = () => state && state.your_turn && state.status === 'active' && !busy &&
    page.settled() && page.lastPly() === state.ply;

  /** Marks (or unmarks) the pits that can start a move; `focus` gets the focus back. */
  function decorate(focus) {
    const can = open() ? new Set(state.pits.map((p) => p.pit)) : new Set();
    for (const g of page.svg.querySelectorAll('[data-pit]')) {
      const pit = g.dataset.pit;
      if (can.has(pit)) {
        if (g.dataset.canMove === undefined) {
          g.dataset.name = g.getAttribute('aria-label') || pit;
          g.setAttribute('aria-label', `${g.dataset.name}, ${w('canMove')}`);
        }
        g.dataset.canMove = '';
        // The name says what the pit's texts say, and more (in Swahili in another order):
        // the texts (each with its plate) go beside the pit, hidden from screen readers and
        // letting clicks through, so that the button's name is its whole name.
        const texts = g.querySelectorAll('text');
        if (texts.length) {
          const aside = document.createElementNS('http://www.w3.org/2000/svg', 'g');
          aside.setAttribute('aria-hidden', 'true');
          aside.setAttribute('pointer-events', 'none');
          for (const t of texts) {
            const plate = t.previousElementSibling;
            if (plate && plate.tagName === 'rect') aside.append(plate);
            aside.append(t);
          }
          g.after(aside);
        }
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.classList.toggle('chosen', pit === chosen);
        if (chosen === pit) g.setAttribute('aria-expanded', 'true'); else g.removeAttribute('aria-expanded');
      } else if (g.dataset.canMove !== undefined) {
        delete g.dataset.canMove;
        g.removeAttribute('tabindex');
        g.removeAttribute('aria-expanded');
        g.setAttribute('role', 'img');
        g.setAttribute('aria-label', g.dataset.name || pit);
        delete g.dataset.name;
        g.classList.remove('chosen');
      }
    }
    if (!can.has(chosen)) closeChoices(false);
    if (focus) {
      const g = page.svg.querySelector(`[data-pit="${focus}"][data-can-move]`);
      if (g) g.focus();
    }
  }

  /** The preview of move `m` on the board (its marks, the way it goes, safari or stop). */
  function preview(m) {
    if (!m) { drawPreview(page.svg, page.viewer(), page.nyumba(), null); return; }
    const start = m.marks.start || chosen;
    // The way the seeds go: the kichwa's arrow for a capture, else one at the start.
    const tags = m.marks.sown.length ? [] : [[start, arrow(start, m.way, page.viewer()), 'start', true]];
    if (m.house) tags.push([start, m.house === 'use' ? w('tagSafari') : w('tagStop'), 'frame', false]);
    drawPreview(page.svg, page.viewer(), page.nyumba(), m.marks, tags);
    page.svg.dataset.preview = m.move;
  }

  function closeChoices(back) {
    const was = chosen;
    chosen = null;
    choices.hidden = true;
    choices.textContent = '';
    preview(null);
    delete page.svg.dataset.preview;
    for (const g of page.svg.querySelectorAll('[data-pit].chosen')) { g.classList.remove('chosen'); g.removeAttribute('aria-expanded'); }
    if (back && was) {
      const g = page.svg.querySelector(`[data-pit="${was}"][data-can-move]`);
      if (g) g.focus();
    }
  }

  /** The pit `pit` chosen: its moves as controls (or, with one tap, its only move sent). */
  function choose(pit) {
    if (!open()) return;
    const moves = movesOf(pit);
    if (!moves.length) return;
    if (moves.length === 1 && state.one_tap) { send(moves[0]); return; }
    chosen = pit;
    decorate();
    choices.textContent = '';
    const head = el('p', { id: 'play-moves-head' }, fill(moves.length === 1 ? w('confirm') : w('movesFrom'), { pit }));
    const list = el('div', { class: 'play-move-list', role: 'group', 'aria-labelledby': 'play-moves-head' });
    moves.forEach((m, i) => {
      const text = moves.length === 1 ? fill(w('confirmButton'), { move: m.said }) : m.said;
      const b = el('button', { type: 'button', 'data-move': m.move, 'aria-describedby': `play-move-${i}` });
      b.append(el('span', { class: 'said' }, text));
      b.append(el('span', { class: 'words', id: `play-move-${i}` }, m.words));
      b.addEventListener('click', () => send(m));
      b.addEventListener('focus', () => preview(m));
      b.addEventListener('mouseenter', () => preview(m));
      list.append(b);
    });
    const cancel = el('button', { type: 'button', id: 'play-cancel', class: 'cancel' }, w('cancel'));
    cancel.addEventListener('click', () => closeChoices(true));
    choices.append(head, list, cancel);
    choices.hidden = false;
    preview(moves[0]);
    list.firstChild.focus({ preventScroll: true });
    list.firstChild.scrollIntoView({ block: 'nearest' });
  }

  /** `POST path` with `body`, answered as `{status, reply}`; a lost answer is asked again
   * (the same request id stores a move once). */
  async function post(path, body) {
    for (let tries = 0; ; tries++) {
      try {
        const r = await fetch(url(path), {
          method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
        });
        let reply = {};
        try { reply = await r.json(); } catch (e) { reply = {}; }
        return { status: r.status, reply };
      } catch (e) {
        if (tries >= 2) return { status: 0, reply: { words: fill(w('failed'), { error: e.message }) } };
        await new Promise((ok) => setTimeout(ok, 700));
      }
    }
  }

  /** What the server said, or the page's own words for a failure. */
  const refusal = (status, reply) => reply.words || fill(w('failed'), { error: status || '?' });

  async function send(m) {
    if (!open()) return;
    const ply = state.ply;
    closeChoices(false);
    busy = true;
    decorate();
    say(fill(w('sending'), { move: m.said }));
    const { status, reply } = await post('move', { move: m.move, ply, request_id: requestId() });
    busy = false;
    if (status === 200) {
      say(fill(w('played'), { move: m.said }));
      state = { ...state, your_turn: false, pits: [] };
    } else {
      say(refusal(status, reply));
      page.toEnd();
    }
    await page.reload();
    await sync();
  }

  async function act(action, done) {
    if (!state || busy) return;
    busy = true;
    const { status, reply } = await post('act', { action, ply: state.ply });
    busy = false;
    say(status === 200 ? done : refusal(status, reply));
    await page.reload();
    await sync();
  }

  offer.addEventListener('click', () => act('draw', w('drawSent')));
  accept.addEventListener('click', () => act('draw', ''));
  decline.addEventListener('click', () => act('decline', w('drawDeclined')));
  takeback.addEventListener('click', () => act('takeback', w('takebackSent')));
  resign.addEventListener('click', () => { confirmBox.hidden = false; resignNo.focus(); });
  resignNo.addEventListener('click', () => { confirmBox.hidden = true; resign.focus(); });
  resignYes.addEventListener('click', () => { confirmBox.hidden = true; act('resign', ''); });

  // Choosing a pit: click or tap, Enter or Space; Escape puts the choices away.
  page.svg.addEventListener('click', (ev) => {
    const g = ev.target.closest('[data-can-move]');
    if (g) choose(g.dataset.pit);
  });
  page.svg.addEventListener('keydown', (ev) => {
    const g = ev.target.closest && ev.target.closest('[data-can-move]');
    if (g && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); choose(g.dataset.pit); }
  });
  panel.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && chosen) closeChoices(true); });

  /** The panel as the state says. */
  function show() {
    const over = !state || state.status !== 'active';
    panel.dataset.status = state ? state.status : 'unknown';
    if (over) {
      if (state && actions.hidden === false) say('');
      const result = page.result();
      status.textContent = result ? fill(w('over'), { result }) : '';
      actions.hidden = true;
      confirmBox.hidden = true;
    } else {
      status.textContent = state.your_turn ? w('yourTurn') : w('theirTurn');
      actions.hidden = false;
      accept.hidden = decline.hidden = !state.draw_offered;
      offer.hidden = state.draw_offered;
      if (state.draw_offered && !live.textContent) say(w('drawOffered'));
    }
    page.svg.dataset.yourTurn = state && state.your_turn ? '1' : '0';
    decorate();
  }

  let syncing = null;
  /** Reads play.json again and shows it. */
  async function sync() {
    if (syncing) return syncing;
    syncing = (async () => {
      try {
        const r = await fetch(url('play.json'), { headers, cache: 'no-store' });
        const got = await r.json();
        if (!r.ok) {
          state = null;
          say(got.words || fill(w('failed'), { error: r.status }));
        } else {
          const offered = !(state && state.draw_offered) && got.draw_offered;
          state = got;
          if (offered) say(w('drawOffered'));
        }
      } catch (e) { /* the next tick tries again */ }
      show();
      if (state && state.status !== 'active') stop();
    })();
    try { await syncing; } finally { syncing = null; }
  }

  function stop() { if (timer) { clearInterval(timer); timer = null; } }

  page.onDraw((focused) => decorate(focused));
  page.onChange(() => sync());
  await sync();
  if (state) page.setViewer(state.side);
  // A draw offer changes no ply: asked for every few seconds while the game goes on.
  if (state && state.status === 'active') timer = setInterval(() => { if (!busy) sync(); }, 2000);
  return { sync, stop };
}
