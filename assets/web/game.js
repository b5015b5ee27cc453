// The game page: fetches the game's data (every position and each move's trace), draws the
// board, steps through it (buttons, ArrowLeft/ArrowRight/Home/End, the move list, the
// evaluation graph), animates each move seed by seed from its trace, flips the board, and
// follows a running game by Server-Sent Events (or by polling when the server is full).
// The words it writes come from the page, in the page's language (`data-words` on #game,
// rendered by the server from the catalogue); the game's data is fetched in that language.
// The server draws the page's first position itself (src/web/board.rs), so the page shows
// the board before and without this script, and nothing moves when it takes over. Each
// pit has an accessible name, the caption is a polite live region, a running clock counts
// down here from the server's time, and prefers-reduced-motion turns the sowing off.

import { drawBoard, PITS } from './board.js';
import { drawGraph } from './graph.js';

const main = document.getElementById('game');
if (main) start(main);

/** The page's words (English when the page gives none). */
function wordsOf(main) {
  const en = {
    ply: 'ply {p} of {n}', start: 'The start position.',
    mark: '{label} (−{loss} points); better {best}', labels: {}, inPlay: 'in play',
    loadFailed: 'The game could not be loaded ({error}). Reload the page to try again.',
    graph: 'Evaluation graph', graphStart: 'start', graphPly: 'ply {p}', graphSouth: 'S', graphNorth: 'N',
    board: 'The board at ply {p}: {side} to move; in hand: South {s}, North {n}', sides: ['South', 'North'],
    seedsOne: '1 seed', seeds: '{n} seeds', nyumba: 'nyumba', takasia: 'takasia',
    pitStart: 'the move started here', pitCapturedOne: '1 captured', pitCaptured: '{n} captured', pitEntered: 'captured seeds entered here',
    pitEnd: 'the move ended here', flag: 'flag fell',
  };
  try {
    return Object.assign(en, JSON.parse(main.dataset.words || '{}'));
  } catch (e) {
    return en;
  }
}

/** A clock's time left: `4:05`, `1:02:03`, `2d 03h` (as src/web/pages.rs writes it). */
export function clockText(ms) {
  const s = Math.floor(Math.max(0, ms) / 1000);
  const d = Math.floor(s / 86400), h = Math.floor(s / 3600) % 24, m = Math.floor(s / 60) % 60, sec = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${two(h)}h`;
  if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

function start(main) {
  const id = main.dataset.id;
  const key = main.dataset.k;
  const q = key ? `?k=${encodeURIComponent(key)}` : '';
  const words = wordsOf(main);
  const label = (l) => words.labels[l] || l;
  // The data's words (move descriptions, results, notes) in the page's language.
  const lang = main.dataset.lang ? `${q ? '&' : '?'}lang=${encodeURIComponent(main.dataset.lang)}` : '';
  const svg = document.getElementById('board');
  const $ = (i) => document.getElementById(i);
  let data = null;
  let ply = 0;
  let viewer = 'S';
  let anim = null; // the running animation: { cancel() }
  let cursor = () => {};
  // Motion only for those who have not asked for less.
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) $('animate').checked = false;

  /** A pit's accessible name: `A4, 3 seeds`, `a5, nyumba, 8 seeds, the move ended here`. */
  const nameOf = (pit, seeds, st) => {
    const parts = [pit];
    if (st.nyumba && (pit === 'A5' || pit === 'a5')) parts.push(words.nyumba);
    if (st.takasia === pit) parts.push(words.takasia);
    parts.push(seeds === 1 ? words.seedsOne : fill(words.seeds, { n: seeds }));
    const k = st.marks;
    if (k) {
      if (k.start === pit) parts.push(words.pitStart);
      const cap = (k.captured || []).find(([p]) => p === pit);
      if (cap) parts.push(cap[1] === 1 ? words.pitCapturedOne : fill(words.pitCaptured, { n: cap[1] }));
      if ((k.entered || []).includes(pit)) parts.push(words.pitEntered);
      if (k.end === pit) parts.push(words.pitEnd);
    }
    return parts.join(', ');
  };
  // Who else draws on the board (play.js, through playOnPage): told after each drawing,
  // with the pit that had the focus (a drawing replaces the pits), and after each change of
  // the game's data.
  const drawn = [], changed = [];
  const draw = (st) => {
    const had = document.activeElement && svg.contains(document.activeElement) ? document.activeElement.dataset.pit : null;
    drawBoard(svg, st, viewer, nameOf);
    drawn.forEach((f) => f(had));
  };

  const stateAt = (p) => {
    const v = data.plies[p];
    const pits = {};
    PITS.forEach((name, i) => { pits[name] = v.pits[i]; });
    return { pits, hands: v.hands.slice(), houses: v.houses.slice(), takasia: v.takasia, nyumba: data.nyumba, marks: v.marks };
  };

  // Moves are numbered as the chat's history numbers them: two plies a number.
  const moveNo = (p) => `${Math.ceil(p / 2)}${p % 2 ? '.' : '…'}`;

  function showFacts(p) {
    const v = data.plies[p];
    svg.dataset.ply = String(p);
    svg.dataset.toMove = v.turn;
    svg.dataset.hands = v.hands.join(',');
    svg.setAttribute('aria-label', fill(words.board, { p, side: words.sides[v.turn === 'S' ? 0 : 1], s: v.hands[0], n: v.hands[1] }));
    const over = p === data.plies.length - 1 && data.status !== 'active';
    for (const bar of document.querySelectorAll('.player')) {
      const side = bar.dataset.side;
      bar.querySelector('.hand-count').textContent = String(v.hands[side === 'S' ? 0 : 1]);
      bar.classList.toggle('to-move', !over && v.turn === side);
      bar.classList.toggle('winner', over && data.winner === side);
    }
    $('ply-label').textContent = fill(words.ply, { p, n: data.plies.length - 1 });
    const who = v.by ? data.names[v.by === 'S' ? 0 : 1] : null;
    $('caption').textContent = v.text ? `${moveNo(p)} ${who}: ${v.said || v.mv}: ${v.text}` : words.start;
    const mark = data.analysis && p > 0 ? data.analysis.moves[p - 1] : null;
    const proved = [];
    if (mark && mark.sign) proved.push(fill(words.mark, { label: label(mark.label), loss: mark.loss, best: mark.best_said || mark.best }));
    if (mark && mark.note) proved.push(mark.note);
    if (mark && mark.proved) proved.push(mark.proved);
    if (over && data.result) proved.push(data.result);
    $('proved').textContent = proved.join(' · ');
    for (const b of document.querySelectorAll('#moves button')) {
      b.classList.toggle('current', Number(b.dataset.ply) === p);
    }
    // Keep the current move in view inside the list (never scrolling the page itself).
    const cur = document.querySelector('#moves button.current');
    const list = $('moves');
    if (!cur) list.scrollTop = 0;
    if (cur) {
      const top = cur.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      if (top < list.scrollTop) list.scrollTop = top - 4;
      else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight + 4;
    }
    cursor(p);
  }

  function show(p) {
    if (anim) { anim.cancel(); anim = null; }
    ply = Math.max(0, Math.min(data.plies.length - 1, p));
    draw(stateAt(ply));
    delete svg.dataset.animating;
    showFacts(ply);
  }

  // One move, seed by seed, as the GIFs show it (src/render/anim.rs): a seed from hand, a
  // lift, each drop, each capture; then the position after the move exactly.
  function animate(to) {
    if (anim) { anim.cancel(); anim = null; }
    const from = to - 1;
    const st = stateAt(from);
    st.marks = null;
    const v = data.plies[to];
    const mover = v.by === 'S' ? 0 : 1;
    const steps = v.steps;
    const drops = steps.filter((s) => s[0] === 'd').length;
    const dropMs = Math.max(25, Math.min(140, 3200 / Math.max(drops, 1)));
    let i = 0, timer = null, stopped = false;
    svg.dataset.animating = '1';
    const done = () => { anim = null; show(to); };
    const tick = () => {
      if (stopped) return;
      if (i >= steps.length) { timer = setTimeout(done, 250); return; }
      const s = steps[i++];
      let wait = dropMs;
      switch (s[0]) {
        case 'h': st.hands[mover] = Math.max(0, st.hands[mover] - 1); st.pits[s[1]] += 1; st.active = s[1]; wait = 300; break;
        case 'l': { const n = Math.min(s[2], st.pits[s[1]]); st.pits[s[1]] -= n; st.active = s[1]; wait = 300; break; }
        case 'd': st.pits[s[1]] += 1; st.active = s[1]; break;
        case 'c': { const n = Math.min(s[2], st.pits[s[1]]); st.pits[s[1]] -= n; st.active = s[1]; wait = 400; break; }
        case 'x': st.houses[s[1] === 'S' ? 0 : 1] = false; wait = 0; break;
        case 's': st.active = s[1]; wait = 300; break;
        default: wait = 0;
      }
      draw(st);
      timer = setTimeout(tick, wait);
    };
    anim = { cancel() { stopped = true; clearTimeout(timer); } };
    tick();
  }

  function go(p) {
    const target = Math.max(0, Math.min(data.plies.length - 1, p));
    const finishing = anim !== null;
    if (!finishing && target === ply + 1 && $('animate').checked && data.plies[target].steps.length) {
      ply = target;
      showFacts(target - 1);
      animate(target);
    } else {
      show(target);
    }
  }

  function buildMoves() {
    const ol = $('moves');
    ol.textContent = '';
    const marks = data.analysis ? data.analysis.moves : [];
    for (let p = 1; p < data.plies.length; p += 2) {
      const li = document.createElement('li');
      for (const k of [p, p + 1]) {
        if (k >= data.plies.length) break;
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.ply = String(k);
        b.textContent = data.plies[k].said || data.plies[k].mv;
        if (k === ply) b.classList.add('current');
        const m = marks[k - 1];
        if (m && m.sign) {
          const sg = document.createElement('span');
          sg.className = `sign ${m.label.replace(' ', '-')}`;
          sg.textContent = m.sign;
          sg.title = m.note ? `${label(m.label)}: ${m.note}` : label(m.label);
          b.append(' ', sg);
          b.dataset.mark = m.label;
        }
        li.append(b);
      }
      ol.append(li);
    }
  }

  async function load() {
    const r = await fetch(`/g/${id}/data.json${q}${lang}`, { cache: 'no-cache' });
    if (!r.ok) throw new Error(`data.json: ${r.status}`);
    return r.json();
  }

  // One reload at a time, in the order asked (the stream and the play controls both ask).
  let queued = Promise.resolve();
  const queue = (f) => { queued = queued.then(f).catch(() => {}); return queued; };
  let stopFollowing = () => {};

  /** Reads the game's data again; a page at the last ply moves on to the new last ply. */
  async function reload() {
    const atEnd = ply === data.plies.length - 1;
    data = await load();
    buildMoves();
    clocks();
    $('result').textContent = data.result || words.inPlay;
    if (atEnd) go(data.plies.length - 1); else showFacts(ply);
    if (data.status !== 'active') stopFollowing();
    changed.forEach((f) => f());
  }

  // Live: a change of the stored ply reloads the data; a page at the last ply moves on.
  function follow() {
    $('live').hidden = false;
    let polling = null;
    const seen = (p, status) => queue(() => {
      if (p === data.plies.length - 1 && status === data.status) return null;
      return reload();
    });
    stopFollowing = () => { $('live').hidden = true; if (es) es.close(); if (polling) clearInterval(polling); };
    const poll = () => {
      if (polling) return;
      polling = setInterval(async () => {
        const r = await fetch(`/g/${id}/state.json${q}`, { cache: 'no-store' });
        if (r.ok) { const s = await r.json(); seen(s.ply, s.status); }
      }, 1000);
      main.dataset.follow = 'poll';
    };
    let es = null;
    if (window.EventSource) {
      es = new EventSource(`/g/${id}/events${q}`);
      main.dataset.follow = 'events';
      es.addEventListener('progress', (ev) => { const s = JSON.parse(ev.data); seen(s.ply, s.status); });
      es.onerror = () => { if (es.readyState === EventSource.CLOSED && data.status === 'active') poll(); };
    } else {
      poll();
    }
  }

  $('first').addEventListener('click', () => show(0));
  $('prev').addEventListener('click', () => show(ply - 1));
  $('next').addEventListener('click', () => go(ply + 1));
  $('last').addEventListener('click', () => show(data.plies.length - 1));
  const flip = () => {
    viewer = viewer === 'S' ? 'N' : 'S';
    $('players').classList.toggle('flipped', viewer === 'N');
    svg.dataset.viewer = viewer;
    show(ply);
  };
  $('flip').addEventListener('click', flip);
  $('moves').addEventListener('click', (ev) => {
    const b = ev.target.closest('button[data-ply]');
    if (!b) return;
    show(Number(b.dataset.ply));
    // The board stays in sight (on a phone the list is below it).
    const box = $('board-box').getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) $('players').scrollIntoView({ block: 'start' });
  });
  document.addEventListener('keydown', (ev) => {
    if (!data || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName) && ev.target.type !== 'checkbox') return;
    const moves = { ArrowRight: () => go(ply + 1), ArrowLeft: () => show(ply - 1), Home: () => show(0), End: () => show(data.plies.length - 1) };
    if (moves[ev.key]) { ev.preventDefault(); moves[ev.key](); }
  });

  // Clocks: the running one counts down from the server's time, set again on each update.
  let clockTimer = null;
  function clocks() {
    if (clockTimer) { clearInterval(clockTimer); clockTimer = null; }
    const c = data.clocks;
    for (const el of document.querySelectorAll('.clock')) {
      if (!c) { el.classList.remove('running'); continue; }
      const i = el.dataset.side === 'S' ? 0 : 1;
      el.dataset.leftMs = String(c.left_ms[i]);
      el.classList.toggle('running', c.running === el.dataset.side);
      el.textContent = clockText(c.left_ms[i]);
    }
    if (!c) return;
    const since = Date.now();
    const el = document.querySelector(`.clock[data-side="${c.running}"]`);
    const left = c.left_ms[c.running === 'S' ? 0 : 1];
    if (!el) return;
    clockTimer = setInterval(() => {
      const now = left - (Date.now() - since);
      el.textContent = now > 0 ? clockText(now) : `0:00 · ${words.flag}`;
      el.classList.toggle('flagged', now <= 0);
      if (now <= 0) { clearInterval(clockTimer); clockTimer = null; }
    }, 250);
  }

  load().then((d) => {
    data = d;
    svg.dataset.viewer = viewer;
    ply = data.plies.length - 1;
    buildMoves();
    clocks();
    const g = $('graph');
    if (g && data.analysis) cursor = drawGraph(g, data.analysis, (p) => show(p), { ...words, label });
    show(data.plies.length - 1);
    main.dataset.ready = '1';
    if (data.status === 'active') follow();
    // A player's own link (`#play=TOKEN`) switches playing on (assets/web/play.js).
    const token = new URLSearchParams(window.location.hash.slice(1)).get('play');
    const at = () => ({ data, ply, viewer, anim });
    if (token) import('./play.js').then((m) => m.playOnPage(main, token, { svg, at, show, flip, reload: () => queue(reload), drawn, changed }));
  }).catch((e) => {
    $('caption').textContent = fill(words.loadFailed, { error: e.message });
  });
}
