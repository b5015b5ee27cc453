// The evaluation graph: South's expected score after every ply (the analysis's curve),
// South's share light over North's wood, as in the bot's graph picture. Each ply is a
// clickable point (<circle data-graph-ply="N">); marked moves are coloured by their label,
// as the PNG graph colours them. The graph is a slider for the keyboard (Tab to it, then
// the arrows, Home and End step through the plies, as everywhere on the page).
// Its words (labels, titles) are the page's, given by game.js.

const W = 600, H = 200, L = 34, R = 16, T = 12, B = 30;
// Words go into markup: escaped.
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
// The label classes (colours in style.css: inaccuracy gold, mistake orange, blunder and missed win red).
const MARKED = { inaccuracy: 'inaccuracy', mistake: 'mistake', blunder: 'blunder', 'missed win': 'missed-win' };

const fill = (t, values) => t.replace(/\{(\w+)\}/g, (all, k) => (k in values ? String(values[k]) : all));

/**
 * Draws the graph of `analysis` into `box`; a click on ply N calls `go(N)`. `words`: the
 * page's words (graph, graphStart, graphPly, graphSouth, graphNorth, label(name)).
 * Returns the function that moves the cursor to a ply.
 */
export function drawGraph(box, analysis, go, words = {}) {
  const w = {
    graph: 'Evaluation graph', graphStart: 'start', graphPly: 'ply {p}', graphSouth: 'S', graphNorth: 'N',
    label: (l) => l, ...words,
  };
  const curve = analysis.curve;
  const n = Math.max(curve.length - 1, 1);
  const x = (i) => L + ((W - L - R) * i) / n;
  const y = (v) => T + (H - T - B) * (1 - v);
  let line = '';
  curve.forEach((v, i) => { line += `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`; });
  const area = `${line}L${x(curve.length - 1).toFixed(1)},${y(0)}L${x(0)},${y(0)}Z`;
  let s = `<rect x="${L}" y="${T}" width="${W - L - R}" height="${H - T - B}" class="g-north"/>`;
  s += `<path d="${area}" class="g-south"/>`;
  s += `<line x1="${L}" y1="${y(0.5)}" x2="${W - R}" y2="${y(0.5)}" class="g-mid"/>`;
  s += `<path d="${line}" class="g-line"/>`;
  s += `<text x="4" y="${y(1) + 16}" class="g-label">${esc(w.graphSouth)}</text><text x="4" y="${y(0)}" class="g-label">${esc(w.graphNorth)}</text>`;
  s += `<line id="g-cursor" x1="0" y1="${T}" x2="0" y2="${H - B}" class="g-cursor"/>`;
  const title = (i) => {
    const mark = i > 0 ? analysis.moves[i - 1] : null;
    return i === 0 ? w.graphStart : `${fill(w.graphPly, { p: i })}${mark && mark.sign ? ': ' + w.label(mark.label) : ''}`;
  };
  curve.forEach((v, i) => {
    const mark = i > 0 ? analysis.moves[i - 1] : null;
    const cls = mark && mark.sign ? MARKED[mark.label] || 'inaccuracy' : null;
    s += `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${cls ? 6 : 3.5}" class="g-point${cls ? ' marked ' + cls : ''}"` +
      ` data-graph-ply="${i}"><title>${esc(title(i))}</title></circle>`;
  });
  // Ticks every 10 (or more) plies and the last ply, each kept inside the graph.
  const step = Math.max(10, Math.ceil(n / 60) * 10);
  const ticks = [];
  for (let t = 0; t <= n; t += step) ticks.push(t);
  if (n - ticks[ticks.length - 1] >= step / 2) ticks.push(n);
  for (const t of ticks) {
    const anchor = t === 0 ? 'start' : t === n ? 'end' : 'middle';
    s += `<text x="${x(t)}" y="${H - 8}" class="g-tick" text-anchor="${anchor}">${t}</text>`;
  }
  box.innerHTML = `<svg id="graph-svg" viewBox="0 0 ${W} ${H}" role="slider" tabindex="0" aria-label="${esc(w.graph)}"` +
    ` aria-valuemin="0" aria-valuemax="${n}" aria-valuenow="0">${s}</svg>`;
  const svg = box.querySelector('svg');
  svg.addEventListener('click', (ev) => {
    const pt = ev.target.closest('[data-graph-ply]');
    if (pt) { go(Number(pt.dataset.graphPly)); return; }
    const rect = svg.getBoundingClientRect();
    const px = ((ev.clientX - rect.left) / rect.width) * W;
    go(Math.max(0, Math.min(n, Math.round(((px - L) / (W - L - R)) * n))));
  });
  return (ply) => {
    const c = svg.querySelector('#g-cursor');
    c.setAttribute('x1', x(ply)); c.setAttribute('x2', x(ply));
    svg.setAttribute('aria-valuenow', String(ply));
    svg.setAttribute('aria-valuetext', title(ply));
  };
}
