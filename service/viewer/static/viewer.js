/* Hand viewer. Holds no rules: every position comes from the referee's own endpoints
 * (…/state, …/views, …/matches/replay) on this same service. */
"use strict";

const $ = (id) => document.getElementById(id);
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);

const viewer = {
  game: null,        // game id
  hands: [],         // the records loaded (one for a single record)
  handIndex: 0,
  step: 0,           // moves applied: 0 .. moves.length
  seat: "",          // "" for the record itself, else a seat number (a view)
  cache: new Map(),  // "hand/step/seat" -> {state, record} or {problem}
  token: 0,          // the latest render; older answers are dropped
};

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
function normalise(doc) {
  if (Array.isArray(doc)) {
    if (!doc.length) throw new Error("the list holds no record");
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
  throw new Error("expected a record (with \"deal\"), a match log {\"game\", \"hands\": [records]} or a list of records");
}

async function loadText(text, handIndex = 0, step = 0) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return showError(`Not JSON: ${e.message}`);
  }
  let parsed;
  try {
    parsed = normalise(doc);
  } catch (e) {
    return showError(e.message);
  }
  if (typeof parsed.game !== "string") return showError("the record does not say which game it is (\"game\")");
  Object.assign(viewer, { game: parsed.game, hands: parsed.hands, cache: new Map(), seat: "" });
  viewer.handIndex = Math.min(Math.max(0, handIndex), parsed.hands.length - 1);
  showError(null);
  await renderMatch();
  await selectHand(viewer.handIndex, step);
}

async function loadUrl(src, handIndex, step) {
  try {
    const resp = await fetch(src, { headers: { Accept: "application/json" } });
    if (!resp.ok) return showError(`Could not fetch ${src}: HTTP ${resp.status}`);
    const text = await resp.text();
    $("input").value = text;
    await loadText(text, handIndex, step);
  } catch (e) {
    showError(`Could not fetch ${src}: ${e.message}`);
  }
}

// ---------- match ----------
async function renderMatch() {
  const box = $("match");
  const select = $("hand-select");
  select.innerHTML = "";
  viewer.hands.forEach((h, i) => {
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = `Hand ${i + 1} (dealer ${h.dealer}, ${(h.moves || []).length} moves)`;
    select.appendChild(o);
  });
  box.hidden = viewer.hands.length < 2;
  const summary = $("match-summary");
  summary.innerHTML = "";
  if (viewer.hands.length < 2) return;
  const r = await api(gamePath(viewer.game, "matches/replay"), { hands: viewer.hands });
  if (!r.ok) {
    summary.appendChild(problemNode(r.data, "The match log is refused"));
    return;
  }
  const t = document.createElement("table");
  t.id = "running-scores";
  t.innerHTML = "<tr><th>after hand</th><th>scores</th></tr>";
  r.data.running_scores.forEach((s, i) => {
    const row = t.insertRow();
    row.insertCell().textContent = String(i + 1);
    row.insertCell().textContent = JSON.stringify(s);
  });
  summary.appendChild(t);
  const w = document.createElement("p");
  w.id = "match-winner";
  w.textContent = r.data.match_over ? `Match over. Winner: ${fmtWinner(r.data.winner, r.data)}` : "The match goes on.";
  summary.appendChild(w);
}

function fmtWinner(winner, result) {
  if (winner === null || winner === undefined) {
    return result && result.winners && result.winners.length ? `shared by seats ${result.winners.join(", ")}` : "none";
  }
  return String(winner);
}

async function selectHand(i, step = 0) {
  viewer.handIndex = i;
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
    o.textContent = `seat ${s}'s view`;
    as.appendChild(o);
  }
  if (record.viewer !== undefined && record.viewer !== null) as.disabled = true; // already a view
  else as.disabled = false;
  as.value = viewer.seat = "";
  renderMoves(record);
  $("hand").hidden = false;
  await render();
}

// ---------- rendering ----------
function cardNode(card) {
  const el = document.createElement("span");
  if (card === null || card === undefined) {
    el.className = "card back";
    el.title = "hidden";
    el.textContent = "🂠";
    el.dataset.card = "";
    return el;
  }
  el.dataset.card = card;
  el.title = card;
  if (card === "JK" || card === "RJ" || card === "BJ") {
    el.className = "card joker" + (card === "RJ" ? " red" : "");
    el.textContent = { JK: "Joker", RJ: "Big joker", BJ: "Little joker" }[card];
    return el;
  }
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  el.className = "card" + (RED.has(suit) ? " red" : "");
  el.textContent = (rank === "T" ? "10" : rank) + (SUITS[suit] || suit);
  return el;
}

function fmtMove(m) {
  if (!m || typeof m !== "object") return JSON.stringify(m);
  const rest = Object.entries(m).filter(([k]) => k !== "seat" && k !== "type")
    .map(([k, v]) => `${k} ${Array.isArray(v) ? v.map((c) => c ?? "?").join(" ") : (v ?? "?")}`);
  return `seat ${m.seat}: ${m.type}${rest.length ? " — " + rest.join(", ") : ""}`;
}

function renderMoves(record) {
  const ol = $("moves");
  ol.innerHTML = "";
  const start = document.createElement("li");
  start.textContent = "the deal";
  start.dataset.step = "0";
  ol.appendChild(start);
  (record.moves || []).forEach((m, i) => {
    const li = document.createElement("li");
    li.textContent = fmtMove(m);
    li.dataset.step = String(i + 1);
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
  table.innerHTML = "";
  const hands = currentHands(state, record);
  const won = tricksWon(state, hands.length);
  hands.forEach((cards, s) => {
    const box = document.createElement("div");
    box.className = "seat";
    box.dataset.seat = String(s);
    if (state.to_act === s) box.classList.add("to-act");
    const head = document.createElement("h3");
    const tags = [];
    if (record.dealer === s) tags.push("dealer");
    if (state.to_act === s) tags.push("to act");
    if (record.viewer === s) tags.push("viewer");
    if (Array.isArray(state.dropped) && state.dropped[s]) tags.push("dropped out");
    head.textContent = `Seat ${s}${tags.length ? " · " + tags.join(" · ") : ""}`;
    box.appendChild(head);
    const row = document.createElement("div");
    row.className = "cards";
    cards.forEach((c) => row.appendChild(cardNode(c)));
    if (!cards.length) row.textContent = "no cards";
    box.appendChild(row);
    const info = document.createElement("p");
    info.className = "won";
    if (won.perSeat) info.textContent = `tricks won: ${won.perSeat[s]}`;
    else if (won.perTeam) info.textContent = `team ${s % won.perTeam.length} tricks: ${won.perTeam[s % won.perTeam.length]}`;
    if (Array.isArray(state.chips)) info.textContent = `chips: ${state.chips[s]}`;
    box.appendChild(info);
    table.appendChild(box);
  });
}

function renderCenter(state) {
  const c = $("center");
  c.innerHTML = "";
  if (state.layout && typeof state.layout === "object") {
    const h = document.createElement("h3");
    h.textContent = "Layout";
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
      p.textContent = `pot: ${state.pot} chips`;
      c.appendChild(p);
    }
    return;
  }
  const h = document.createElement("h3");
  h.textContent = "Current trick";
  c.appendChild(h);
  const div = document.createElement("div");
  div.id = "trick";
  const trick = state.current_trick;
  const last = (state.tricks || [])[state.tricks.length - 1];
  if (trick && trick.cards.length) {
    trick.cards.forEach((p) => div.appendChild(played(p)));
  } else if (last) {
    div.appendChild(document.createTextNode(`last trick, won by seat ${last.winner}: `));
    last.cards.forEach((p) => div.appendChild(played(p)));
  } else {
    div.textContent = "no card played yet";
  }
  c.appendChild(div);
  const t = document.createElement("p");
  t.id = "trick-count";
  t.textContent = `finished tricks: ${(state.tricks || []).length}`;
  c.appendChild(t);
}

function played(p) {
  const span = document.createElement("span");
  span.className = "played";
  span.dataset.seat = String(p.seat);
  span.appendChild(document.createTextNode(`seat ${p.seat} `));
  span.appendChild(cardNode(p.card));
  return span;
}

/* What decides the play: trump, contract, bids... shown as the referee names them. */
const TABLE_FIELDS = new Set(["legal_moves", "tricks", "current_trick", "hands", "layout", "result", "events",
  "tricks_won", "tricks_by_seat", "chips", "hand_sizes", "pot", "dropped"]);

function renderFacts(state) {
  const dl = $("facts");
  dl.innerHTML = "";
  const add = (k, v) => {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.dataset.field = k;
    dd.textContent = v;
    dl.append(dt, dd);
  };
  add("phase", state.phase);
  add("to act", state.to_act === null ? "nobody" : `seat ${state.to_act}`);
  for (const [k, v] of Object.entries(state)) {
    if (TABLE_FIELDS.has(k) || k === "phase" || k === "to_act" || v === null || v === false) continue;
    if (k === "auction" && v && Array.isArray(v.calls)) {
      add("auction", v.calls.map((c) => `${c.seat}:${c.bid || c.type}`).join(" ") || "no call yet");
      continue;
    }
    add(k, typeof v === "object" ? compact(v) : String(v));
  }
  if (Array.isArray(state.legal_moves)) add("legal moves", String(state.legal_moves.length));
}

function compact(v) {
  if (Array.isArray(v)) return v.map((x) => (typeof x === "object" && x !== null ? compact(x) : String(x))).join(", ");
  return Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => `${k}: ${typeof x === "object" ? compact(x) : x}`).join(", ");
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
  p("hand-number", `hand ${match.hand_number || 1}`);
  if (before) p("scores-before", `before this hand: ${JSON.stringify(before)}`);
  const r = state.result;
  if (!r) {
    p("scores-after", "the hand is not over");
    return;
  }
  p("deltas", `this hand: ${JSON.stringify(r.deltas)}`);
  p("scores-after", `after this hand: ${JSON.stringify(r.scores || r.chips)}`);
  p("winner", r.match_over ? `match over, winner: ${fmtWinner(r.winner, r)}` : "the match goes on");
}

function problemNode(pb, prefix) {
  const el = document.createElement("div");
  el.className = "problem";
  const where = pb.move_index !== undefined ? ` at move ${pb.move_index + 1}` : "";
  const hand = pb.hand_index !== undefined ? ` in hand ${pb.hand_index + 1}` : "";
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
  $("step-label").textContent = `move ${viewer.step} of ${n}`;
  $("first").disabled = $("prev").disabled = viewer.step === 0;
  $("next").disabled = $("last").disabled = viewer.step === n;
  $("last-move").textContent = viewer.step ? `last move: ${fmtMove(record.moves[viewer.step - 1])}` : "the deal, before any move";
  for (const li of $("moves").children) li.classList.toggle("current", Number(li.dataset.step) === viewer.step);
  let answer = await position(viewer.handIndex, viewer.step, viewer.seat);
  if (token !== viewer.token) return;
  showError(null);
  if (answer.problem) {
    const pb = answer.problem;
    showError(problemNode(pb, pb.code === "illegal_move" ? "Illegal move" : "The referee refuses this record"));
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
  renderTable(answer.state, answer.record);
  renderCenter(answer.state);
  renderFacts(answer.state);
  renderScores(answer.state, answer.record);
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
document.addEventListener("keydown", (e) => {
  if (!viewer.hands.length || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
  if (e.key === "ArrowRight") go(viewer.step + 1);
  else if (e.key === "ArrowLeft") go(viewer.step - 1);
  else if (e.key === "Home") go(0);
  else if (e.key === "End") go(Infinity);
});

const params = new URLSearchParams(location.search);
if (params.get("src")) {
  loadUrl(params.get("src"), Number(params.get("hand") || 1) - 1, Number(params.get("step") || 0));
}
