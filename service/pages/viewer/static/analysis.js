/* Double-dummy analysis in the hand viewer (shared/ANALYSIS.md): at any card-play position of a
 * full record, each legal move's value from …/analysis; and, on request, the table for the whole
 * hand, one row per trick (the position at each trick's first lead), as bridge hand records print it.
 * Holds no rules: every number is the service's answer. Hooked from viewer.js's render(). */
"use strict";

// Asked at every step while the director browses: a budget that keeps each answer quick (and the
// server free): on the compiled core 500,000 nodes are at most ~0.1 s of one core, and they prove
// over 99 % of the steps of random whole hands (docs/SOLVER.md, "The viewer"); "analyse deeper"
// asks again with the service's default budget. The service's own cap still bounds it.
const QUICK_NODES = 500000;
const analysisCache = new Map(); // JSON of the record -> answer or problem

async function analysisOf(game, record, maxNodes) {
  const key = JSON.stringify(record) + "/" + (maxNodes || "");
  if (analysisCache.has(key)) return analysisCache.get(key);
  const body = maxNodes ? { record, max_nodes: maxNodes } : { record };
  const resp = await fetch(`/v1/games/${encodeURIComponent(game)}/analysis`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await resp.json().catch(() => ({ detail: `HTTP ${resp.status}` }));
  const answer = resp.ok ? { answer: data } : { problem: data, status: resp.status };
  analysisCache.set(key, answer);
  return answer;
}

function moveLabel(m) {
  if (m.type === "play") return m.card + (m.suit ? `=${m.suit}` : "");
  if (m.type === "change_trump") return T("change trump {card}", { card: m.card || m.suit });
  return m.type;
}

function valuesNode(answer) {
  const wrap = document.createElement("div");
  const head = document.createElement("p");
  head.className = "dd-head";
  const words = { seat: answer.seat, seats: answer.counted_seats.join(", "), objective: answer.objective,
    value: answer.value, left: answer.tricks_left };
  head.textContent = answer.goal === "max"
    ? T("Seat {seat} to act wants most tricks for seats {seats} ({objective}): value {value} of {left} tricks left.", words)
    : T("Seat {seat} to act wants fewest tricks for seats {seats} ({objective}): value {value} of {left} tricks left.", words);
  wrap.appendChild(head);
  const list = document.createElement("ul");
  list.className = "dd-moves";
  for (const e of answer.moves) {
    const li = document.createElement("li");
    li.textContent = `${moveLabel(e.move)}: ${e.value}`;
    li.dataset.value = String(e.value);
    if (e.value === answer.value) li.classList.add("dd-best");
    list.appendChild(li);
  }
  wrap.appendChild(list);
  return wrap;
}

/* The hook: called by viewer.js after each render. */
async function showAnalysis(game, record, state) {
  const box = document.getElementById("analysis");
  if (!box) return;
  const playing = state && state.phase && ["playing", "play"].includes(state.phase) &&
    (state.legal_moves || []).length > 0;
  if (!playing || record.viewer !== undefined && record.viewer !== null) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const out = document.getElementById("analysis-now");
  out.textContent = "analysing…";
  const got = await analysisOf(game, record, QUICK_NODES);
  out.innerHTML = "";
  if (got.problem) {
    if (got.status === 404) box.hidden = true;
    out.textContent = `${got.problem.code || "error"}: ${got.problem.detail || ""} `;
    if (got.problem.code === "analysis_budget_exceeded") {
      const deeper = document.createElement("button");
      deeper.type = "button";
      deeper.textContent = T("analyse deeper");
      deeper.onclick = async () => {
        out.textContent = "analysing…";
        const again = await analysisOf(game, record);
        out.innerHTML = "";
        if (again.answer) out.appendChild(valuesNode(again.answer));
        else out.textContent = `${again.problem.code}: ${again.problem.detail}`;
      };
      out.appendChild(deeper);
    }
    return;
  }
  out.appendChild(valuesNode(got.answer));
  document.getElementById("analysis-table-button").onclick = () => handTable(game, record);
}

/* The whole hand: the analysis at the first lead of every trick from the deal's play on. */
async function handTable(game, current) {
  // the whole record being viewed (viewer.js's state), not only the moves up to this step
  const full = typeof viewer !== "undefined" ? viewer.hands[viewer.handIndex] : current;
  const out = document.getElementById("analysis-table");
  out.innerHTML = "";
  const table = document.createElement("table");
  table.className = "dd-table";
  table.innerHTML = `<tr><th>${T("move")}</th><th>${T("seat")}</th><th>${T("tricks left")}</th><th>${T("value")}</th><th>${T("each move")}</th></tr>`;
  out.appendChild(table);
  const moves = full.moves || [];
  for (let i = 0; i <= moves.length; i++) {
    const record = { ...full, moves: moves.slice(0, i) };
    const got = await analysisOf(game, record, QUICK_NODES);
    if (!got.answer) {
      if (got.problem && got.problem.code === "analysis_budget_exceeded") {
        const tr = table.insertRow();
        tr.innerHTML = `<td>${i}</td><td colspan="4">${T("not proven within {nodes} nodes", { nodes: QUICK_NODES })}</td>`;
      }
      continue;
    }
    const a = got.answer;
    const next = moves[i];
    // one row per trick: keep the positions where a trick begins (every seat's cards count down)
    const prev = i > 0 ? await analysisOf(game, { ...full, moves: moves.slice(0, i - 1) }, QUICK_NODES) : null;
    if (prev && prev.answer && prev.answer.tricks_left === a.tricks_left) continue;
    const tr = table.insertRow();
    tr.insertCell().textContent = String(i);
    tr.insertCell().textContent = String(a.seat);
    tr.insertCell().textContent = String(a.tricks_left);
    tr.insertCell().textContent = String(a.value);
    tr.insertCell().textContent = a.moves.map((e) => `${moveLabel(e.move)} ${e.value}`).join("  ") +
      (next ? "   " + T("(played {move})", { move: moveLabel(next) }) : "");
  }
}

window.showAnalysis = showAnalysis;
