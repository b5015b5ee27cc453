// The evaluation graph: South's expected score after every ply (the analysis's curve),
// South's share light over North's wood, as in the bot's graph picture. Each ply is a
// clickable point (<circle data-graph-ply="N">); marked moves are coloured by their label.
// Its words (labels, titles) are the page's, given by game.js.

const W = 600, H = 180, L = 30, R = 8, T = 10, B = 22;
// Words go into markup: escaped.
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const COLORS = { inaccuracy: '#f0c24b', mistake: '#ff7a1a', blunder: '#ff4d4d', 'missed win': '#ff4d4d' };

const fill = (t, values) => t.replace(/\{(\w+)\}/g, (all, k) => (k in values ? String(values[k]) : all));

/**
 * Draws the graph of `analysis` into `box`; a click on ply N calls `go(N)`. `words`: the
 * page's words (graph, graphStart, graphPly, graphSouth, graphNorth, label(name)).
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
  s += `<text x="2" y="${y(1) + 10}" class="g-label">${esc(w.graphSouth)}</text><text x="2" y="${y(0)}" class="g-label">${esc(w.graphNorth)}</text>`;
  s += `<line id="g-cursor" x1="0" y1="${T}" x2="0" y2="${H - B}" class="g-cursor"/>`;
  curve.forEach((v, i) => {
    const mark = i > 0 ? analysis.moves[i - 1] : null;
    const color = mark && mark.sign ? COLORS[mark.label] || '#f0c24b' : null;
    const r = color ? 5 : 3.2;
    const title = i === 0 ? w.graphStart : `${fill(w.graphPly, { p: i })}${mark ? ': ' + w.label(mark.label) : ''}`;
    s += `<circle cx="${x(i).toFixed(1)}" cy="${y(v).toFixed(1)}" r="${r}" class="g-point${color ? ' marked' : ''}"` +
      `${color ? ` fill="${color}"` : ''} data-graph-ply="${i}"><title>${esc(title)}</title></circle>`;
  });
  for (let t = 0; t <= n; t += Math.max(10, Math.ceil(n / 60) * 10)) {
    s += `<text x="${x(t)}" y="${H - 6}" class="g-tick">${t}</text>`;
  }
  box.innerHTML = `<svg id="graph-svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(w.graph)}">${s}</svg>`;
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
  };
}
