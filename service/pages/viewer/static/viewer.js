/* Hand viewer. Holds no rules: every position comes from the referee's own endpoints
 * (…/state, …/views, …/matches/replay) on this same service. */
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = Cards.SUITS;

const viewer = {
  game: null,        // game id
  hands: [],         // the records loaded (one for a single record)
  handIndex: 0,
  step: 0,           // moves applied: 0 .. moves.length
  seat: "",          // "" for the record itself, else a seat number (a view)
  cache: new Map(),  // "hand/step/seat" -> {state, record} or {problem}
  token: 0,          // the latest render; older answers are dropped
  names: null,       // entrant name per seat, when the hands come from an event's table
  event: null,       // {doc, round, table, format}: the event the hands come from, if any
  source: null,      // how the page was loaded, for deep links: {src} or {event: "local"}
};

/* The whole event's table as hands (TOURNAMENTS.md): its records, the seats' entrant names. */
function eventTable(doc, round, table) {
  const rounds = Array.isArray(doc.rounds) ? doc.rounds : [];
  let r = round, t = table;
  if (!(rounds[r] && rounds[r].tables && rounds[r].tables[t])) {  // the first table with records
    outer: for (r = 0; r < rounds.length; r++) {
      for (t = 0; t < ((rounds[r] || {}).tables || []).length; t++) if (Array.isArray(rounds[r].tables[t].hands)) break outer;
    }
  }
  const tab = rounds[r] && rounds[r].tables && rounds[r].tables[t];
  if (!tab || !Array.isArray(tab.hands) || !tab.hands.length) {
    throw new Error(T("round {round}, table {table} of this event has no records (a score sheet has no moves to show)", { round, table }));
  }
  const byId = new Map((doc.entrants || []).map((e) => [e.id, e.name]));
  const game = doc.game || (tab.hands[0] && tab.hands[0].game);
  return { game, hands: tab.hands, names: (tab.seats || []).map((id) => `${byId.get(id) || id} (${id})`),
           event: { round: r, table: t, format: doc.format || "matches", boards: tab.boards } };
}

// ---------- API ----------
async function api(path, body) {
  const resp = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await resp.json().catch(() => ({ detail: `HTTP ${resp.status}` }));
  return { ok: resp.ok, status: resp.status, data };
}

const gamePath = (game, what) => `/v1/games/${encodeURIComponent(game)}/${what}`;

function recordAt(record, step) {
  return { ...record, moves: (record.moves || []).slice(0, step) };
}

/* The state after `step` moves, as the whole record or as one seat's view. */
async function position(handIndex, step, seat) {
  const key = `${handIndex}/${step}/${seat}`;
  if (viewer.cache.has(key)) return viewer.cache.get(key);
  let record = recordAt(viewer.hands[handIndex], step);
  let answer;
  if (seat !== "") {
    const v = await api(gamePath(viewer.game, "views"), { record, seat: Number(seat) });
    if (!v.ok) answer = { problem: v.data };
    else record = v.data;
  }
  if (!answer) {
    const s = await api(gamePath(viewer.game, "state"), { record });
    answer = s.ok ? { state: s.data, record } : { problem: s.data, record };
  }
  viewer.cache.set(key, answer);
  return answer;
}

// ---------- loading ----------
function normalise(doc, where = {}) {
  if (doc && typeof doc === "object" && Array.isArray(doc.rounds)) return eventTable(doc, where.round || 0, where.table || 0);
  if (Array.isArray(doc)) {
    if (!doc.length) throw new Error(T("the list holds no record"));
    return { game: doc[0].game, hands: doc };
  }
  if (doc && typeof doc === "object") {
    if (Array.isArray(doc.hands) && !doc.deal) {
      const game = doc.game || (doc.hands[0] && doc.hands[0].game);
      return { game, hands: doc.hands };
    }
    if (doc.record && typeof doc.record === "object") return { game: doc.record.game, hands: [doc.record] };
    if (doc.deal) return { game: doc.game, hands: [doc] };
  }
  throw new Error(T("expected a record (with \"deal\"), a match log {\"game\", \"hands\": [records]} or a list of records"));
}

async function loadText(text, handIndex = 0, step = 0, where = {}) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return showError(T("Not JSON: {message}", { message: e.message }));
  }
  let parsed;
  try {
    parsed = normalise(doc, where);
  } catch (e) {
    return showError(e.message);
  }
  if (typeof parsed.game !== "string") return showError(T("the record does not say which game it is (\"game\")"));
  Object.assign(viewer, { game: parsed.game, hands: parsed.hands, cache: new Map(), seat: "",
                          names: parsed.names || null, event: parsed.event || null });
  viewer.handIndex = Math.min(Math.max(0, handIndex), parsed.hands.length - 1);
  showError(null);
  await renderMatch();
  await selectHand(viewer.handIndex, step, where.seat ?? "", where.moveIndex);
}

async function loadUrl(src, handIndex, step, where) {
  const text = await fetchSource(src, showError);
  if (text === null) return;
  $("input").value = text;
  await loadText(text, handIndex, step, where);
}

// ---------- match ----------
async function renderMatch() {
  const box = $("match");
  const select = $("hand-select");
  select.innerHTML = "";
  viewer.hands.forEach((h, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    const board = viewer.event && viewer.event.boards ? T(", board {board}", { board: viewer.event.boards[i] }) : "";
    o.textContent = T("hand #{number} (hand_index {index}{board}; dealer {dealer}, {moves} moves)",
      { number: i + 1, index: i, board, dealer: Seating.name(h.dealer, seatCount(h)), moves: (h.moves || []).length });
    select.appendChild(o);
  });
  box.hidden = viewer.hands.length < 2;
  const summary = $("match-summary");
  summary.innerHTML = "";
  if (viewer.event) {
    const names = viewer.names ? ` — ${viewer.names.map((nm, s) => `${Seating.short(s, viewer.names.length)} ${nm}`).join(", ")}` : "";
    const p = document.createElement("p");
    p.id = "event-table";
    p.textContent = T("Round {round}, table {table} of the event (0-based indices)", { round: viewer.event.round, table: viewer.event.table }) + names;
    summary.appendChild(p);
    box.hidden = false;
    if (viewer.event.format === "duplicate") return;  // boards are standalone hands, not one match
  }
  if (viewer.hands.length < 2) return;
  const r = await api(gamePath(viewer.game, "matches/replay"), { hands: viewer.hands });
  if (!r.ok) {
    summary.appendChild(problemNode(r.data, T("The match log is refused")));
    const h = r.data.hand_index;
    if (typeof h === "number" && viewer.hands[h]) {  // straight to the hand and move the referee names
      const m = typeof r.data.move_index === "number" ? r.data.move_index : undefined;
      const b = document.createElement("button");
      b.type = "button";
      b.id = "go-to-problem";
      b.textContent = m === undefined ? T("show hand_index {hand}", { hand: h }) : T("show hand_index {hand}, move_index {move}", { hand: h, move: m });
      b.onclick = () => selectHand(h, m ?? 0, "", m);
      summary.appendChild(b);
    }
    return;
  }
  const t = document.createElement("table");
  t.id = "running-scores";
  t.innerHTML = `<tr><th>${T("after hand_index")}</th><th>${T("scores")}</th></tr>`;
  r.data.running_scores.forEach((s, i) => {
    const row = t.insertRow();
    row.insertCell().textContent = String(i);
    row.insertCell().textContent = JSON.stringify(s);
  });
  summary.appendChild(t);
  const w = document.createElement("p");
  w.id = "match-winner";
  w.textContent = r.data.match_over ? T("Match over. Winner: {winner}", { winner: fmtWinner(r.data.winner, r.data) }) : T("The match goes on.");
  summary.appendChild(w);
}

function fmtWinner(winner, result) {
  if (winner === null || winner === undefined) {
    return result && result.winners && result.winners.length ? T("shared by seats {seats}", { seats: result.winners.join(", ") }) : T("none");
  }
  return String(winner);
}

function seatCount(record) {
  return record && record.deal && Array.isArray(record.deal.hands) ? record.deal.hands.length : 0;
}

async function selectHand(i, step = 0, seat = "", moveIndex = undefined) {
  viewer.handIndex = i;
  viewer.moveIndex = moveIndex;
  $("hand-select").value = String(i);
  const record = viewer.hands[i];
  const n = (record.moves || []).length;
  viewer.step = Math.min(Math.max(0, step), n);
  const slider = $("slider");
  slider.max = String(n);
  const seats = (record.deal && Array.isArray(record.deal.hands)) ? record.deal.hands.length : 0;
  const as = $("as-seat");
  as.innerHTML = '<option value="">every hand (the record)</option>';
  for (let s = 0; s < seats; s++) {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = T("{seat}'s view", { seat: Seating.name(s, seats) }) + (viewer.names && viewer.names[s] ? ` (${viewer.names[s]})` : "");
    as.appendChild(o);
  }
  if (record.viewer !== undefined && record.viewer !== null) as.disabled = true; // already a view
  else as.disabled = false;
  viewer.seat = as.disabled || !(Number(seat) >= 0 && Number(seat) < seats) || seat === "" ? "" : String(Number(seat));
  as.value = viewer.seat;
  renderMoves(record);
  $("hand").hidden = false;
  await render();
}

// ---------- rendering ----------
const cardNode = Cards.node;

function seatLabel(seat) {
  const n = seatCount(viewer.hands[viewer.handIndex]);
  const who = viewer.names && viewer.names[seat] ? ` ${viewer.names[seat]}` : "";
  return `${Seating.name(seat, n)}${who}`;
}

function fmtMove(m) {
  if (!m || typeof m !== "object") return JSON.stringify(m);
  const rest = Object.entries(m).filter(([k]) => k !== "seat" && k !== "type")
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.map((c) => (c === null ? "?" : Cards.value(k, c))).join(" ") : (v === null ? "?" : Cards.value(k, v))}`);
  return `${seatLabel(m.seat)}: ${m.type}${rest.length ? " — " + rest.join(", ") : ""}`;
}

function renderMoves(record) {
  const ol = $("moves");
  ol.innerHTML = "";
  const start = document.createElement("li");
  start.textContent = T("the deal (before move_index 0)");
  start.dataset.step = "0";
  ol.appendChild(start);
  (record.moves || []).forEach((m, i) => {  // labelled with the API's 0-based move_index
    const li = document.createElement("li");
    const idx = document.createElement("span");
    idx.className = "idx";
    idx.textContent = String(i);
    li.append(idx, document.createTextNode(" " + fmtMove(m)));
    li.dataset.step = String(i + 1);
    li.dataset.moveIndex = String(i);
    ol.appendChild(li);
  });
  ol.onclick = (e) => {
    const li = e.target.closest("li");
    if (li) go(Number(li.dataset.step));
  };
}

/* Each seat's cards now. `state.hands` when the game lists them; otherwise (Five Hundred) the
 * dealt cards, plus the kitty for the contractor once it is taken, less the discard and the cards
 * played, as the state's tricks show them. Hidden cards stay hidden (backs). */
function currentHands(state, record) {
  if (Array.isArray(state.hands)) return state.hands;
  const deal = record.deal || {};
  const hands = (deal.hands || []).map((h) => [...h]);
  const take = (hand, card) => {
    let i = hand.indexOf(card);
    if (i < 0) i = hand.indexOf(null);
    if (i >= 0) hand.splice(i, 1);
  };
  const contractor = state.contract && typeof state.contract.seat === "number" ? state.contract.seat : null;
  if (contractor !== null && Array.isArray(deal.kitty) && state.phase !== "bidding") {
    hands[contractor].push(...deal.kitty);
  }
  for (const m of record.moves || []) {
    if (m.type === "discard" && Array.isArray(m.cards) && hands[m.seat]) m.cards.forEach((c) => take(hands[m.seat], c));
  }
  const played = [...(state.tricks || []), ...(state.current_trick ? [state.current_trick] : [])];
  for (const t of played) for (const c of t.cards) if (hands[c.seat]) take(hands[c.seat], c.card);
  return hands;
}

function tricksWon(state, seats) {
  if (Array.isArray(state.tricks_by_seat)) return { perSeat: state.tricks_by_seat };
  if (Array.isArray(state.tricks_won)) {
    return state.tricks_won.length === seats ? { perSeat: state.tricks_won } : { perTeam: state.tricks_won };
  }
  return {};
}

function renderTable(state, record) {
  const table = $("table");
  for (const old of [...table.querySelectorAll(".seat")]) old.remove();
  const hands = currentHands(state, record);
  const n = hands.length;
  table.dataset.seats = String(n);
  const won = tricksWon(state, n);
  const center = $("center");
  const [cr, cc] = [2, 2];
  center.style.gridRow = String(cr);
  center.style.gridColumn = String(cc);
  hands.forEach((cards, s) => {
    const box = document.createElement("div");
    box.className = "seat";
    box.dataset.seat = String(s);
    const [row, col] = Seating.place(s, n);
    box.style.gridRow = String(row);
    box.style.gridColumn = String(col);
    if (state.to_act === s) box.classList.add("to-act");
    const head = document.createElement("h3");
    head.className = "seat-name";
    head.textContent = Seating.name(s, n);
    box.appendChild(head);
    const team = Seating.team(viewer.game, record.options, s, n);
    const tags = document.createElement("p");
    tags.className = "tags";
    const bits = [];
    if (team) {
      bits.push(team.label);
      box.dataset.team = String(team.team);
    }
    if (viewer.names && viewer.names[s]) bits.push(viewer.names[s]);
    if (record.dealer === s) bits.push("dealer");
    if (state.to_act === s) bits.push(T("to act"));
    if (record.viewer === s || viewer.seat === String(s)) bits.push(T("this view's seat"));
    if (Array.isArray(state.dropped) && state.dropped[s]) bits.push(T("dropped out"));
    tags.textContent = bits.join(" · ");
    box.appendChild(tags);
    const cardsRow = document.createElement("div");
    cardsRow.className = "cards";
    cards.forEach((c) => cardsRow.appendChild(cardNode(c)));
    if (!cards.length) cardsRow.textContent = T("no cards");
    box.appendChild(cardsRow);
    const info = document.createElement("p");
    info.className = "won";
    if (won.perSeat) info.textContent = T("tricks won: {count}", { count: won.perSeat[s] });
    else if (won.perTeam) info.textContent = T("team {team} tricks: {count}", { team: s % won.perTeam.length, count: won.perTeam[s % won.perTeam.length] });
    if (Array.isArray(state.chips)) info.textContent = T("chips: {chips}", { chips: state.chips[s] });
    box.appendChild(info);
    table.appendChild(box);
  });
}

/* Every finished trick, one under another: who led, the cards in play order, who won. */
function renderTricks(state) {
  const ol = $("tricks-list");
  ol.innerHTML = "";
  const tricks = state.tricks || [];
  $("tricks-panel").hidden = state.layout !== undefined;
  if (!tricks.length) {
    const li = document.createElement("li");
    li.className = "none";
    li.textContent = T("no trick finished yet");
    ol.appendChild(li);
  }
  tricks.forEach((t, i) => {
    const li = document.createElement("li");
    li.dataset.leader = String(t.leader);
    li.dataset.winner = String(t.winner);
    const head = document.createElement("span");
    head.className = "trick-head";
    head.textContent = T("trick {number}: led by {seat}: ", { number: i + 1, seat: seatLabel(t.leader) });
    li.appendChild(head);
    t.cards.forEach((p) => li.appendChild(played(p)));
    const w = document.createElement("span");
    w.className = "trick-winner";
    w.textContent = T(" won by {seat}", { seat: seatLabel(t.winner) });
    li.appendChild(w);
    ol.appendChild(li);
  });
}

function renderCenter(state) {
  const c = $("center");
  c.innerHTML = "";
  if (state.layout && typeof state.layout === "object") {
    const h = document.createElement("h3");
    h.textContent = T("Layout");
    c.appendChild(h);
    const div = document.createElement("div");
    div.id = "layout";
    for (const [suit, run] of Object.entries(state.layout)) {
      const line = document.createElement("div");
      line.className = "suit-run";
      line.dataset.suit = suit;
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = SUITS[suit] || suit;
      line.appendChild(label);
      if (!run) {
        line.appendChild(document.createTextNode(" not opened"));
      } else {
        line.appendChild(cardNode(run.low));
        line.appendChild(document.createTextNode(" … "));
        line.appendChild(cardNode(run.high));
      }
      div.appendChild(line);
    }
    c.appendChild(div);
    if (typeof state.pot === "number") {
      const p = document.createElement("p");
      p.id = "pot";
      p.textContent = T("pot: {pot} chips", { pot: state.pot });
      c.appendChild(p);
    }
    return;
  }
  const h = document.createElement("h3");
  h.textContent = T("Current trick");
  c.appendChild(h);
  const div = document.createElement("div");
  div.id = "trick";
  const trick = state.current_trick;
  const last = (state.tricks || [])[state.tricks.length - 1];
  if (trick && trick.cards.length) {
    trick.cards.forEach((p) => div.appendChild(played(p)));
  } else if (last) {
    div.appendChild(document.createTextNode(T("last trick, won by {seat}: ", { seat: seatLabel(last.winner) })));
    last.cards.forEach((p) => div.appendChild(played(p)));
  } else {
    div.textContent = T("no card played yet");
  }
  c.appendChild(div);
  const t = document.createElement("p");
  t.id = "trick-count";
  t.textContent = T("finished tricks: {count}", { count: (state.tricks || []).length });
  c.appendChild(t);
}

function played(p) {
  const span = document.createElement("span");
  span.className = "played";
  span.dataset.seat = String(p.seat);
  span.appendChild(document.createTextNode(`${Seating.short(p.seat, seatCount(viewer.hands[viewer.handIndex]))} `));
  span.appendChild(cardNode(p.card));
  return span;
}

/* What decides the play: trump, contract, bids... shown as the referee names them. */
const TABLE_FIELDS = new Set(["legal_moves", "tricks", "current_trick", "hands", "layout", "result", "events",
  "tricks_won", "tricks_by_seat", "chips", "hand_sizes", "pot", "dropped"]);

function renderFacts(state) {
  const dl = $("facts");
  dl.innerHTML = "";
  const add = (k, v, label) => {  // label: the field's name in the page's language
    const dt = document.createElement("dt");
    dt.textContent = label || k;
    const dd = document.createElement("dd");
    dd.dataset.field = k;
    dd.textContent = v;
    dl.append(dt, dd);
  };
  add("phase", state.phase, T("phase"));
  add("to act", state.to_act === null ? T("nobody") : seatLabel(state.to_act), T("to act"));
  const trump = trumpText(state);
  // the label names trump as each game's players do: Court Piece's rung (રંગ), the others' trump (ટ્રમ્પ)
  if (trump !== null) add("trump", trump, viewer.game === "court-piece" ? T("rung") : T("trump"));
  for (const [k, v] of Object.entries(state)) {
    if (TABLE_FIELDS.has(k) || k === "phase" || k === "to_act" || k === "trump" || v === null || v === false) continue;
    if (k === "auction" && v && Array.isArray(v.calls)) {
      add("auction", v.calls.map((c) => `${Seating.short(c.seat, seatCount(viewer.hands[viewer.handIndex]))}:${c.bid || c.type}`).join(" ") || T("no call yet"), T("auction"));
      continue;
    }
    add(k, Cards.value(k, v));
  }
  if (Array.isArray(state.legal_moves)) add("legal moves", String(state.legal_moves.length), T("legal moves"));
}

const CHOOSING = new Set(["ordering", "naming", "discarding", "bidding", "auction", "choose_trump", "deal", "dealing"]);

/* Trump as a director reads it: the suit in symbols, "no trump" when the hand has none, never a
 * blank. null while the trump is still to be chosen (or hidden) says so instead. */
function trumpText(state) {
  let has = false, t = null;
  if ("trump" in state) { has = true; t = state.trump; }
  else if (state.contract && typeof state.contract === "object" && "trump" in state.contract) { has = true; t = state.contract.trump; }
  if (!has) return null;
  if (t !== null && t !== undefined) return Cards.suit(t);
  if (state.trump_revealed === false) return T("hidden (not revealed yet)");
  if (CHOOSING.has(state.phase) && !(state.contract && state.contract.mode)) return T("not chosen yet");
  return T("no trump");
}

function renderScores(state, record) {
  const box = $("scores");
  box.innerHTML = "";
  const match = record.match || {};
  const before = match.scores || match.chips;
  const p = (id, text) => {
    const el = document.createElement("p");
    el.id = id;
    el.textContent = text;
    box.appendChild(el);
  };
  p("hand-number", T("hand {number}", { number: match.hand_number || 1 }));
  if (before) p("scores-before", T("before this hand: {scores}", { scores: JSON.stringify(before) }));
  const r = state.result;
  if (!r) {
    p("scores-after", T("the hand is not over"));
    return;
  }
  p("deltas", T("this hand: {deltas}", { deltas: JSON.stringify(r.deltas) }));
  p("scores-after", T("after this hand: {scores}", { scores: JSON.stringify(r.scores || r.chips) }));
  p("winner", r.match_over ? T("match over, winner: {winner}", { winner: fmtWinner(r.winner, r) }) : T("the match goes on"));
}

function problemNode(pb, prefix) {
  const el = document.createElement("div");
  el.className = "problem";
  const where = pb.move_index !== undefined ? T(" at move_index {index} (move #{number})", { index: pb.move_index, number: pb.move_index + 1 }) : "";
  const hand = pb.hand_index !== undefined ? T(" in hand_index {index} (hand #{number})", { index: pb.hand_index, number: pb.hand_index + 1 }) : "";
  el.textContent = `${prefix}${hand}${where}: ${pb.code || ""}${pb.reason ? " / " + pb.reason : ""} — ${pb.detail || ""}`;
  el.dataset.code = pb.code || "";
  el.dataset.reason = pb.reason || "";
  return el;
}

async function render() {
  const token = ++viewer.token;
  const record = viewer.hands[viewer.handIndex];
  const n = (record.moves || []).length;
  $("slider").value = String(viewer.step);
  $("step-label").textContent = T("move {step} of {total}", { step: viewer.step, total: n });
  $("next-index").textContent = viewer.step < n ? T("next: move_index {index}", { index: viewer.step }) : T("the hand's end");
  $("first").disabled = $("prev").disabled = viewer.step === 0;
  $("next").disabled = $("last").disabled = viewer.step === n;
  $("last-move").textContent = viewer.step ? T("last move: {move}", { move: fmtMove(record.moves[viewer.step - 1]) }) : T("the deal, before any move");
  for (const li of $("moves").children) {
    li.classList.toggle("current", Number(li.dataset.step) === viewer.step);
    li.classList.toggle("at", viewer.moveIndex !== undefined && li.dataset.moveIndex === String(viewer.moveIndex));
  }
  updateLink();
  let answer = await position(viewer.handIndex, viewer.step, viewer.seat);
  if (token !== viewer.token) return;
  showError(null);
  if (answer.problem) {
    const pb = answer.problem;
    showError(problemNode(pb, pb.code === "illegal_move" ? T("Illegal move") : T("The referee refuses this record")));
    // show the last position the referee accepts: just before the illegal move
    if (typeof pb.move_index === "number" && pb.move_index < viewer.step) {
      answer = await position(viewer.handIndex, pb.move_index, viewer.seat);
      if (token !== viewer.token) return;
    }
    if (answer.problem) {
      $("table").innerHTML = $("center").innerHTML = $("facts").innerHTML = $("scores").innerHTML = "";
      return;
    }
  }
  // a link to a move (move_index): the position before it, and the referee's word on that move
  if (viewer.moveIndex !== undefined && viewer.step === viewer.moveIndex && viewer.step < n && !answer.problem) {
    const ahead = await position(viewer.handIndex, viewer.step + 1, viewer.seat);
    if (token !== viewer.token) return;
    if (ahead.problem) {
      const pb = ahead.problem;
      showError(problemNode(pb, pb.code === "illegal_move" ? T("Illegal move") : T("The referee refuses this record")));
    }
  }
  renderTable(answer.state, answer.record);
  renderCenter(answer.state);
  renderTricks(answer.state);
  renderFacts(answer.state);
  renderScores(answer.state, answer.record);
  if (typeof renderVariants === "function") renderVariants(answer.state, answer.record);  // variants.js
  if (window.showAnalysis) window.showAnalysis(viewer.game, answer.record, answer.state); // analysis.js
  document.body.dataset.ready = `${viewer.handIndex}/${viewer.step}/${viewer.seat}`;
}

function showError(what) {
  const box = $("error");
  box.innerHTML = "";
  if (what === null) {
    box.hidden = true;
    return;
  }
  if (typeof what === "string") box.textContent = what;
  else box.appendChild(what);
  box.hidden = false;
}

function go(step) {
  const n = (viewer.hands[viewer.handIndex].moves || []).length;
  viewer.step = Math.min(Math.max(0, step), n);
  return render();
}

// ---------- wiring ----------
$("load").onclick = () => loadText($("input").value);
$("file").onchange = async (e) => {
  const f = e.target.files[0];
  if (!f) return;
  const text = await f.text();
  $("input").value = text;
  await loadText(text);
};
$("first").onclick = () => go(0);
$("prev").onclick = () => go(viewer.step - 1);
$("next").onclick = () => go(viewer.step + 1);
$("last").onclick = () => go(Infinity);
$("slider").oninput = (e) => go(Number(e.target.value));
$("hand-select").onchange = (e) => selectHand(Number(e.target.value));
$("as-seat").onchange = (e) => {
  viewer.seat = e.target.value;
  render();
};

/* The address of what is on screen: the same source, hand, position and seat. */
function linkParams() {
  const p = new URLSearchParams();
  if (viewer.source && viewer.source.src) p.set("src", viewer.source.src);
  if (viewer.source && viewer.source.event) p.set("event", viewer.source.event);
  if (viewer.event) {
    p.set("round", String(viewer.event.round));
    p.set("table", String(viewer.event.table));
  }
  p.set("hand_index", String(viewer.handIndex));
  p.set("step", String(viewer.step));
  if (viewer.seat !== "") p.set("seat", viewer.seat);
  return p;
}

function updateLink() {
  const a = $("permalink");
  if (!viewer.source) {
    a.hidden = true;
    return;
  }
  const href = `${location.pathname}?${linkParams().toString()}`;
  a.href = href;
  a.hidden = false;
  a.textContent = viewer.seat === "" ? T("link to this position") : T("link to this position as {seat} sees it", { seat: Seating.name(Number(viewer.seat), seatCount(viewer.hands[viewer.handIndex])) });
  history.replaceState(null, "", href);
}
document.addEventListener("keydown", (e) => {
  if (!viewer.hands.length || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") go(viewer.step + 1);
  else if (e.key === "ArrowLeft") go(viewer.step - 1);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(Infinity);
});

/* Deep links. hand_index, move_index, round, table: the API's 0-based indices, so a link built
 * from any problem's hand_index/move_index lands on that move (the position before it, the move
 * marked). step: moves applied. seat: that seat's view. */
const params = new URLSearchParams(location.search);
function intParam(name) {
  const v = params.get(name);
  return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
}
(function start() {
  const moveIndex = intParam("move_index");
  const handIndex = intParam("hand_index") ?? 0;
  const step = moveIndex ?? intParam("step") ?? 0;
  const where = { round: intParam("round"), table: intParam("table"), seat: params.get("seat") ?? "", moveIndex };
  if (params.get("src")) {
    viewer.source = { src: params.get("src") };
    loadUrl(params.get("src"), handIndex, step, where);
  } else if (params.get("event") === "local") {
    const text = localStorage.getItem("referee.event");
    if (!text) {
      showError(T("This link names the event kept in this browser, and none is kept: open it from the standings page (/viewer/tournament)."));
      return;
    }
    viewer.source = { event: "local" };
    $("input").value = text;
    loadText(text, handIndex, step, where);
  }
})();
