// The board as SVG, in the look of the bot's PNG pictures (src/render/theme.rs): wood,
// bowls, nyumba squares, pit names, stones, count badges, the last move's rings and the
// takasia target. Every pit is a <g data-pit="A4" data-seeds="3" role="img" aria-label="A4,
// 3 seeds">; the <svg> carries data-ply and data-to-move (set by game.js). The server draws
// the first position the same way (src/web/board.rs): keep the two alike.

const CELL = 116, PAD = 20, GAP = 16, PIT_R = 46, HOUSE = 40, W = 968, H = 520;
export const C = {
  wood: '#ab723e', edge: '#5a3518', grain: 'rgba(122,74,34,0.16)', out: '#3f2410',
  in: '#5c361a', label: '#fbeedd',
  badge: '#f6ead2', badgeInk: '#3a2210', frame: '#fff3d6', takasia: '#ff7a1a',
  start: '#4da3ff', captured: '#ff4d4d', entered: '#4fd27a', ended: '#ffd23f',
  stones: ['#e9e2d0', '#d6cdb8', '#c9c2b4'], shadow: 'rgba(20,10,0,0.43)',
  glint: 'rgba(255,255,255,0.67)', hand: '#f0c24b',
};
// Stone spots on a hexagonal grid, in the order they are laid (src/render/board.rs).
const SPOTS = [[0, 0], [17, 0], [8.5, -14.7], [8.5, 14.7], [-8.5, -14.7], [-8.5, 14.7],
  [-17, 0], [0, -29.4], [0, 29.4], [25.5, -14.7], [-25.5, 14.7], [25.5, 14.7],
  [-25.5, -14.7], [17, -29.4], [-17, 29.4]];

/** The 32 pit names in the order of the data's `pits` arrays. */
export const PITS = [];
for (const row of ['A', 'B', 'a', 'b']) for (let n = 1; n <= 8; n++) PITS.push(row + n);

/** The side ('S' or 'N') owning a pit. */
export const sideOf = (pit) => (pit[0] === 'A' || pit[0] === 'B' ? 'S' : 'N');

/** Row (0..4 from the top) and column (0..8) of a pit for `viewer` (as board.rs grid). */
function grid(viewer, pit) {
  const n = Number(pit.slice(1));
  const own = sideOf(pit) === viewer;
  const front = pit[0] === 'A' || pit[0] === 'a';
  if (own) return [front ? 2 : 3, n - 1];
  return [front ? 1 : 0, 8 - n];
}

export function cell(viewer, pit) {
  const [row, col] = grid(viewer, pit);
  return [PAD + col * CELL, PAD + row * CELL + (row >= 2 ? GAP : 0)];
}

const isHouse = (pit) => (pit[0] === 'A' || pit[0] === 'a') && pit[1] === '5';

function stoneSpots(n) {
  const s = SPOTS.slice(0, Math.min(n, SPOTS.length));
  const k = Math.max(s.length, 1);
  const mx = s.reduce((a, p) => a + p[0], 0) / k, my = s.reduce((a, p) => a + p[1], 0) / k;
  return s.map(([x, y]) => [x - mx, y - my]);
}

function rrect(x, y, w, h, r, attrs) {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" ${attrs}/>`;
}

/** The empty board: wood, grain, groove, bowls and names (drawn once per view). */
function base(viewer, nyumba) {
  let s = rrect(0, 0, W, H, 18, `fill="${C.wood}"`);
  for (let i = 0; i < 9; i++) {
    const gy = 30 + i * 57 + (i % 3) * 7;
    s += `<line x1="14" y1="${gy}" x2="${W - 14}" y2="${gy + 3}" stroke="${C.grain}" stroke-width="2"/>`;
  }
  s += rrect(2, 2, W - 4, H - 4, 16, `fill="none" stroke="${C.edge}" stroke-width="4"`);
  const mid = PAD + 2 * CELL + GAP / 2;
  s += `<line x1="12" y1="${mid}" x2="${W - 12}" y2="${mid}" stroke="${C.edge}" stroke-opacity="0.78" stroke-width="3"/>`;
  return s;
}

function bowl(pit, x, y, nyumba) {
  const cx = x + CELL / 2, cy = y + CELL / 2;
  if (nyumba && isHouse(pit)) {
    return rrect(cx - HOUSE, cy - HOUSE, 2 * HOUSE, 2 * HOUSE, 10, `fill="${C.out}"`) +
      rrect(cx - HOUSE + 6, cy - HOUSE + 9, 2 * HOUSE - 12, 2 * HOUSE - 13, 7, `fill="${C.in}"`) +
      rrect(cx - HOUSE, cy - HOUSE, 2 * HOUSE, 2 * HOUSE, 10, `fill="none" stroke="${C.edge}" stroke-opacity="0.63" stroke-width="2"`);
  }
  return `<circle cx="${cx}" cy="${cy}" r="${PIT_R}" fill="${C.out}"/>` +
    `<circle cx="${cx}" cy="${cy + 4}" r="${PIT_R - 7}" fill="${C.in}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${PIT_R}" fill="none" stroke="${C.edge}" stroke-opacity="0.63" stroke-width="2"/>`;
}

function ring(pit, x, y, i, color, dotted, nyumba) {
  const cx = x + CELL / 2, cy = y + CELL / 2, grow = 4.5 + 6 * i;
  const dash = dotted ? ' stroke-dasharray="6 5"' : '';
  if (nyumba && isHouse(pit)) {
    const h = HOUSE + grow + (i === 0 ? 3 : 0);
    return rrect(cx - h, cy - h, 2 * h, 2 * h, 14, `class="ring" fill="none" stroke="${color}" stroke-width="3.5"${dash}`);
  }
  return `<circle class="ring" cx="${cx}" cy="${cy}" r="${PIT_R + grow}" fill="none" stroke="${color}" stroke-width="3.5"${dash}/>`;
}

/** The marks of one pit: rings (inside out) and tags, from the move and the takasia, as
 * `viewer` sees them (an arrow points the way the seeds go on the screen). */
export function marksOf(state, viewer) {
  const m = new Map();
  const add = (pit, ringColor, tag, dotted) => {
    if (!pit) return;
    if (!m.has(pit)) m.set(pit, { rings: [], tags: [] });
    const e = m.get(pit);
    if (ringColor) e.rings.push([ringColor, !!dotted]);
    if (tag) e.tags.push(tag);
  };
  if (state.takasia) add(state.takasia, C.takasia, ['T', C.takasia], true);
  const k = state.marks;
  if (k) {
    add(k.start, C.start, k.from_hand ? ['+1', C.start] : null);
    (k.captured || []).forEach(([p, n]) => add(p, C.captured, [`−${n}`, C.captured]));
    (k.entered || []).forEach((p) => add(p, C.entered));
    // The way captured seeds were sown from the kichwa, as the PNG's arrow (turns with the board).
    (k.sown || []).forEach(([p, way]) => add(p, null, [arrow(p, way, viewer), C.entered, true]));
    add(k.end, C.ended);
  }
  if (state.active) add(state.active, C.hand, null, true);
  return m;
}

/** The arrow for seeds going `way` ('R' toward pit 8) from `pit`, as `viewer` sees it: pit 8
 * is to the right in the viewer's own rows and to the left in the opponent's. */
export const arrow = (pit, way, viewer) => ((way === 'R') === (sideOf(pit) === viewer) ? '→' : '←');

/** The rings of one pit's marks `mk`, its cell at (`x`, `y`). */
export function pitRings(pit, x, y, mk, nyumba) {
  let g = '';
  mk.rings.forEach(([color, dotted], i) => { g += ring(pit, x, y, i, color, dotted, nyumba); });
  return g;
}

/**
 * The tags of one pit's marks `mk`, its cell at (`x`, `y`), clear of its name plate (top
 * left) and count badge (bottom right) and of the neighbours', both on the board as drawn
 * and turned a quarter round on a phone (each plate then turns back about its centre, so a
 * tag w wide needs a w×w square): short ones down the right edge, then along the bottom
 * edge; a long one (a word) across the middle. src/web/board.rs places them alike.
 */
export function pitTags(x, y, mk) {
  let g = '';
  let down = y + 6, along = x + 2, middle = 0;
  for (const [t, color, turns] of mk.tags) {
    const w = Math.max(24, [...t].length * 12 + 12);
    let cx, cy;
    if (w <= 48 && down + w <= y + 82) {
      cx = x + 114 - w / 2; cy = down + w / 2; down += w + 3;
    } else if (w <= 48 && along + w <= x + 80) {
      cx = along + w / 2; cy = y + 110 - w / 2; along += w + 3;
    } else {
      cx = x + 58; cy = y + 58 + 28 * middle++;
    }
    const cls = turns ? 'tag arrow' : 'tag';
    g += rrect(cx - w / 2, cy - 12, w, 24, 12, `class="${cls}-plate" fill="${color}"`);
    g += `<text x="${cx}" y="${cy + 7}" class="${cls}" fill="${C.badgeInk}">${esc(t)}</text>`;
  }
  return g;
}

// Names go into markup: escaped.
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * Draws `state` into `svg` as `viewer` ('S' or 'N') sees it; `nameOf(pit, seeds, state)`
 * gives each pit's accessible name.
 * state: { pits: {A1: n, ...}, houses: [south, north], takasia, nyumba, marks, active }
 */
export function drawBoard(svg, state, viewer, nameOf = (pit) => pit) {
  const marks = marksOf(state, viewer);
  let s = base(viewer, state.nyumba);
  for (const pit of PITS) {
    const [x, y] = cell(viewer, pit);
    const cx = x + CELL / 2, cy = y + CELL / 2;
    const seeds = state.pits[pit] || 0;
    let g = bowl(pit, x, y, state.nyumba);
    g += rrect(x + 1, y + 1, 36, 24, 6, `class="plate" fill="${C.out}"`);
    g += `<text x="${x + 19}" y="${y + 21}" class="pit-name" fill="${C.label}">${pit}</text>`;
    const owner = sideOf(pit) === 'S' ? 0 : 1;
    if (state.nyumba && isHouse(pit) && state.houses && state.houses[owner]) {
      const hy = cy - HOUSE;
      g += rrect(cx - HOUSE, hy, 2 * HOUSE, 2 * HOUSE, 10, `fill="none" stroke="${C.frame}" stroke-width="4"`);
      g += `<polygon points="${cx - 17},${hy - 4} ${cx},${hy - 14} ${cx + 17},${hy - 4}" fill="${C.frame}"/>`;
    }
    const mk = marks.get(pit);
    if (mk) g += pitRings(pit, x, y, mk, state.nyumba);
    stoneSpots(seeds).forEach(([dx, dy], i) => {
      const sx = Math.round(cx + dx), sy = Math.round(cy + dy);
      g += `<circle cx="${sx + 1}" cy="${sy + 2}" r="8" fill="${C.shadow}"/>` +
        `<circle cx="${sx}" cy="${sy}" r="8" fill="${C.stones[i % 3]}"/>` +
        `<circle cx="${sx - 2.5}" cy="${sy - 2.5}" r="2.5" fill="${C.glint}"/>`;
    });
    const text = String(seeds);
    const bw = Math.max(32, text.length * 16 + 14), bh = 30;
    const bx = x + CELL - bw - 2, by = y + CELL - bh - 2;
    g += rrect(bx, by, bw, bh, bh / 2, `class="badge" fill="${seeds > 0 ? C.badge : C.out}"`);
    g += `<text x="${bx + bw / 2}" y="${by + bh / 2 + 9}" class="count" fill="${seeds > 0 ? C.badgeInk : C.label}">${text}</text>`;
    if (mk) g += pitTags(x, y, mk);
    s += `<g class="pit" data-pit="${pit}" data-seeds="${seeds}" role="img" aria-label="${esc(nameOf(pit, seeds, state))}">${g}</g>`;
  }
  svg.innerHTML = s;
}
