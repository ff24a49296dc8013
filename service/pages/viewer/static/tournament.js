/* The standings page. Holds no rules: it posts the event to …/tournaments/score and shows the answer,
 * linking every hand to the hand viewer (/viewer) at that round, table, hand and move. */
"use strict";

const $ = (id) => document.getElementById(id);
const page = { doc: null, game: null, answer: null, source: null };

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k === "data") Object.assign(e.dataset, v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return e;
}

function showError(what) {
  const box = $("error");
  box.innerHTML = "";
  box.hidden = what === null;
  if (what !== null) box.append(what);
}

/* A link into the hand viewer: the same event, that table, hand_index and (for a problem) move_index. */
function viewerLink(round, table, handIndex, moveIndex, text) {
  const p = new URLSearchParams();
  if (page.source && page.source.src) p.set("src", page.source.src);
  else p.set("event", "local");
  p.set("round", String(round));
  p.set("table", String(table));
  p.set("hand_index", String(handIndex));
  if (moveIndex !== undefined && moveIndex !== null) p.set("move_index", String(moveIndex));
  return el("a", { href: `/viewer?${p.toString()}`, class: "hand-link",
                   data: { round, table, hand: handIndex, move: moveIndex ?? "" } }, text);
}

function tableOf(round, table) {
  return page.doc.rounds[round].tables[table];
}

async function score(text) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return showError(`Not JSON: ${e.message}`);
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return showError(T("expected an event object"));
  const game = $("game").value || doc.game;
  if (typeof game !== "string" || !game) return showError('the event does not say which game it is: add "game" or pick one');
  const body = { ...doc };
  delete body.game;
  if ($("double-dummy").checked) body.double_dummy = true;
  page.doc = { ...doc, game };
  page.game = game;
  if (!page.source) {  // pasted or opened: the hand viewer reads it from this browser
    try {
      localStorage.setItem("referee.event", JSON.stringify(page.doc));
    } catch (e) {
      showError(T("This browser cannot keep the event for the hand viewer ({message}); links to hands will not open.", { message: e.message }));
    }
  }
  const resp = await fetch(`/v1/games/${encodeURIComponent(game)}/tournaments/score`, {
    method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = await resp.json().catch(() => ({ detail: `HTTP ${resp.status}` }));
  $("event").hidden = true;
  if (!resp.ok) {
    showError(problemNode(data));
    document.body.dataset.ready = "problem";
    return;
  }
  showError(null);
  page.answer = data;
  render(data);
  document.body.dataset.ready = "standings";
}

const PATH = ["round", "table", "seat", "hand", "move", "board", "entrant", "entrant_index"];

function problemNode(pb) {
  const box = el("div", { class: "problem", data: { code: pb.code || "", reason: pb.reason || "" } });
  const path = PATH.filter((k) => pb[k] !== undefined).map((k) => `${k} ${pb[k]}`).join(", ");
  box.append(el("b", {}, T("The event is refused: {code}", { code: pb.code || "error" }) + (pb.reason ? " / " + pb.reason : "")));
  if (path) box.append(" at ", el("span", { class: "problem-path" }, path), " (indices from 0, boards from 1)");
  box.append(el("p", {}, pb.detail || ""));
  if (pb.errors) box.append(el("pre", {}, JSON.stringify(pb.errors, null, 1)));
  const t = pb.round !== undefined && pb.table !== undefined ? tableOf(pb.round, pb.table) : null;
  if (t && Array.isArray(t.hands) && pb.hand_index !== undefined && t.hands[pb.hand_index]) {
    const what = pb.move_index !== undefined
      ? T("open move_index {move} of hand_index {hand} in the hand viewer", { move: pb.move_index, hand: pb.hand_index })
      : T("open hand_index {hand} in the hand viewer", { hand: pb.hand_index });
    box.append(el("p", {}, viewerLink(pb.round, pb.table, pb.hand_index, pb.move_index, what)));
  }
  return box;
}

function num(v) {
  if (v === null || v === undefined) return "—";
  return typeof v === "number" && !Number.isInteger(v) ? v.toFixed(2) : String(v);
}

function entrantName(id) {
  const e = (page.doc.entrants || []).find((x) => x.id === id);
  return e ? e.name : id;
}

function seatsLine(seats) {
  const n = seats.length;
  return seats.map((id, s) => {
    const team = Seating.team(page.game, page.doc.options, s, n);
    return `${Seating.name(s, n)}: ${entrantName(id)} (${id})${team ? ", " + team.label : ""}`;
  }).join(" · ");
}

function render(a) {
  $("event").hidden = false;
  $("event-title").textContent = T("{name} — {game}, format {format}", { name: a.name || T("Unnamed event"), game: a.game, format: a.format });
  $("ranking").textContent = T("Ranked by {keys}", { keys: a.ranking.map((k) => (k.order === "asc" ? T("{key} (lower is better)", { key: k.key }) : T("{key} (higher is better)", { key: k.key }))).join(T(", then ")) });
  const dup = a.format === "duplicate";
  const cols = dup ? ["boards_played", "matchpoints", "max_matchpoints", "percentage", "total"]
    : ["played", "wins", "points_for", "points_against", "points_diff"];
  const st = $("standings");
  st.innerHTML = "";
  st.append(el("tr", {}, el("th", {}, "rank"), el("th", {}, "entrant"), el("th", {}, "name"),
    ...cols.map((c) => el("th", { class: "num" }, c.replace(/_/g, " ")))));
  for (const r of a.standings) {
    const tr = el("tr", { data: { entrant: r.entrant }, class: r.rank_label.startsWith("=") ? "shared" : "" },
      el("td", {}, r.rank_label), el("td", {}, r.entrant), el("td", {}, r.name),
      ...cols.map((c) => el("td", { class: "num", data: { key: c } }, c === "percentage" && r[c] !== null ? `${r[c].toFixed(2)} %` : num(r[c]))));
    st.append(tr);
  }
  const tables = $("tables");
  tables.innerHTML = "";
  for (const t of a.tables) tables.append(dup ? duplicateTable(t) : matchTable(t));
  $("boards-section").hidden = !dup;
  const boards = $("boards");
  boards.innerHTML = "";
  if (dup) for (const b of a.boards) boards.append(boardNode(b));
}

/* A hand's double-dummy entry ("double_dummy": true): the declaring side's tricks possible / taken,
 * and the first move that cost a trick, linked to that move in the hand viewer. */
function ddHead(t) {
  return t.double_dummy ? [el("th", {}, T("double dummy: possible / taken, first loss"))] : [];
}

function moveText(m) {
  return m.card || m.type;
}

function ddCell(t, h) {
  if (!t.double_dummy) return [];
  const e = t.double_dummy[h];
  const td = el("td", { class: "dd", data: { key: "double_dummy" } });
  if (e === null || e === undefined) td.append("—");
  else if (e.refused) td.append(el("span", { class: "dd-refused", title: e.refused }, T("not analysed (over the node cap)")));
  else {
    td.append(el("span", { class: "dd-tricks", title: T("declarers: seats {seats}", { seats: e.declarers.join(", ") }) },
      T("{possible} / {taken}", { possible: e.tricks_possible, taken: e.tricks_taken })));
    const loss = e.first_loss;
    if (loss) {
      td.append(" · ", viewerLink(t.round, t.table, h, loss.move_index,
        T("move_index {index}: seat {seat} played {move} ({best} kept it), cost {cost}",
          { index: loss.move_index, seat: loss.seat, move: moveText(loss.move), best: moveText(loss.best), cost: loss.cost })));
    } else td.append(" · ", T("no costly move"));
  }
  return [td];
}

function matchTable(t) {
  const box = el("div", { class: "etable", data: { round: t.round, table: t.table } });
  const end = !t.match_over ? T("the match goes on (not over)")
    : t.winner !== null ? T("won by position {position}", { position: t.winner }) : t.winners.length ? T("shared by positions {positions}", { positions: t.winners.join(", ") }) : T("over, nobody won");
  box.append(el("h3", {}, T("Round {round}, table {table}: {hands} hands, {end}", { round: t.round, table: t.table, hands: t.hands_played, end })));
  box.append(el("p", { class: "seats-line" }, seatsLine(t.seats)));
  const src = tableOf(t.round, t.table);
  const grid = el("table", { class: "running" });
  const P = t.scores.length;
  grid.append(el("tr", {}, el("th", {}, T("hand")), ...Array.from({ length: P }, (_, p) => el("th", { class: "num" }, T("position {position}", { position: p }))), el("th", {}, ""), ...ddHead(t)));
  t.running_scores.forEach((scores, h) => {
    const link = t.source === "hands" ? viewerLink(t.round, t.table, h, undefined, T("open in the hand viewer")) : T("score sheet");
    grid.append(el("tr", { data: { hand: h } }, el("td", {}, `#${h + 1} (hand_index ${h})`), ...scores.map((s) => el("td", { class: "num" }, s)), el("td", {}, link), ...ddCell(t, h)));
  });
  box.append(grid);
  if (src && src.dealer !== undefined) box.append(el("p", { class: "hint" }, T("first dealer: {seat}", { seat: Seating.name(src.dealer, t.seats.length) })));
  return box;
}

function duplicateTable(t) {
  const box = el("div", { class: "etable", data: { round: t.round, table: t.table } });
  box.append(el("h3", {}, T("Round {round}, table {table}: {boards} boards, totals {totals}", { round: t.round, table: t.table, boards: t.boards.length, totals: t.totals.join(" / ") })));
  box.append(el("p", { class: "seats-line" }, seatsLine(t.seats)));
  const grid = el("table", { class: "running" });
  const P = t.totals.length;
  grid.append(el("tr", {}, el("th", {}, T("hand")), el("th", {}, T("board")), ...Array.from({ length: P }, (_, p) => el("th", { class: "num" }, T("delta {position}", { position: p }))), el("th", {}, ""), ...ddHead(t)));
  t.deltas.forEach((d, h) => {
    const link = t.source === "hands" ? viewerLink(t.round, t.table, h, undefined, T("open in the hand viewer")) : T("score sheet");
    grid.append(el("tr", { data: { hand: h } }, el("td", {}, `#${h + 1} (hand_index ${h})`), el("td", {}, t.boards[h]), ...d.map((x) => el("td", { class: "num" }, x)), el("td", {}, link), ...ddCell(t, h)));
  });
  box.append(grid);
  return box;
}

/* One board's results at every table side by side, one row per table, one column group per position. */
function boardNode(b) {
  const box = el("div", { class: "board", data: { board: b.board } });
  box.append(el("h3", {}, T("Board {board} — seed {seed}, dealer {dealer}, played at {tables} tables, top {top}",
    { board: b.board, seed: b.seed, dealer: Seating.name(b.dealer, page.answer.tables[0].seats.length), tables: b.tables_played, top: b.top })));
  const positions = [...new Set(b.results.map((r) => r.position))].sort((x, y) => x - y);
  const two = b.results.some((r) => r.net !== null);
  const grid = el("table");
  const head = el("tr", {}, el("th", {}, T("round, table")));
  for (const p of positions) {
    head.append(el("th", { class: `pos-${p % 3}` }, T("position {position}", { position: p })), el("th", { class: `num pos-${p % 3}` }, two ? T("net") : T("delta")),
      el("th", { class: `num pos-${p % 3}` }, T("MP")));
  }
  head.append(el("th", {}, ""));
  grid.append(head);
  const rows = new Map();
  for (const r of b.results) {
    const key = `${r.round}/${r.table}`;
    if (!rows.has(key)) rows.set(key, { round: r.round, table: r.table, by: {} });
    rows.get(key).by[r.position] = r;
  }
  for (const row of rows.values()) {
    const tr = el("tr", { data: { round: row.round, table: row.table } }, el("td", {}, T("round {round}, table {table}", { round: row.round, table: row.table })));
    for (const p of positions) {
      const r = row.by[p];
      tr.append(el("td", { class: `pos-${p % 3}` }, r ? r.entrants.map(entrantName).join(" & ") : ""),
        el("td", { class: `num pos-${p % 3}`, data: { key: "result" } }, r ? (two ? r.net : r.delta) : ""),
        el("td", { class: `num pos-${p % 3}`, data: { key: "matchpoints", position: p } }, r ? r.matchpoints : ""));
    }
    const src = tableOf(row.round, row.table);
    const h = (src.boards || []).indexOf(b.board);
    tr.append(el("td", {}, Array.isArray(src.hands) && h >= 0 ? viewerLink(row.round, row.table, h, undefined, T("hand")) : T("score sheet")));
    grid.append(tr);
  }
  box.append(grid);
  return box;
}

async function loadUrl(src) {
  const text = await fetchSource(src, showError);
  if (text === null) return;
  $("input").value = text;
  await score(text);
}

/* "Analyse every hand": the event's "double_dummy" (TOURNAMENTS.md), also `?double_dummy=1`. */
function addDoubleDummyBox() {
  const box = el("input", { type: "checkbox", id: "double-dummy" });
  box.checked = new URLSearchParams(location.search).get("double_dummy") === "1";
  const label = el("label", { title: T("each recorded hand's double-dummy result: the declaring side's tricks possible and taken, and the first costly move") },
    box, " ", T("analyse every hand (double dummy)"));
  document.querySelector("#loader .row").insertBefore(label, $("load"));
}

(async function start() {
  addDoubleDummyBox();
  try {
    const resp = await fetch("/v1/games", { headers: { Accept: "application/json" } });
    const cat = await resp.json();
    for (const g of cat.games) $("game").append(el("option", { value: g.id }, g.name));
  } catch (e) { /* the event's own "game" still works */ }
  $("load").onclick = () => { page.source = null; score($("input").value); };
  $("file").onchange = async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    const text = await f.text();
    $("input").value = text;
    page.source = null;
    await score(text);
  };
  const src = new URLSearchParams(location.search).get("src");
  if (src) {
    page.source = { src };
    await loadUrl(src);
  }
})();
