/* Hand viewer: what the house-rule variants add (issue 15), kept apart from viewer.js.
 * Called once per drawn position with the referee's own answer; holds no rules of its own.
 * Cards in the one notation of cards.js.
 *   Five Hundred  call_partner: the called card, and the partner once the referee names it;
 *                 all_pass "play_out": that the hand is played out after everyone passed.
 *   Bid Whist     kitty "sported": the kitty, face up for every seat from the deal on.
 *   Sixes         ante and pay_per_card: the ante a seat, then each seat's antes and payments. */
"use strict";

function renderVariants(state, record) {
  const box = document.getElementById("variants");
  if (!box) return;
  box.innerHTML = "";
  const options = record.options || {};
  const result = state.result || {};
  const line = (id, text) => {
    const p = document.createElement("p");
    p.id = id;
    p.textContent = text;
    box.appendChild(p);
  };
  const seatName = (s) => (s === null || s === undefined ? "" : T("seat {seat}", { seat: s }));

  if (options.call_partner && state.partner !== undefined) {
    const partner = result.partner !== undefined ? result.partner : state.partner;
    if (partner === null) {
      line("called-card", T("called partner: no call in this hand"));
    } else {
      line("called-card", T("called card: {card}", { card: Cards.text(partner.card) }));
      let who = T("not yet revealed");
      if (partner.seat !== null) who = seatName(partner.seat) + (state.partner && state.partner.revealed ? T(" (revealed)") : "");
      else if (state.phase === "done" || (state.partner && state.partner.revealed)) who = T("nobody: the contractor played alone");
      line("partner", T("partner: {who}", { who }));
    }
  }
  if (state.played_out) line("played-out", T("everyone passed: the hand is played out at no trumps, 10 a trick"));

  if (options.kitty === "sported" && record.deal && Array.isArray(record.deal.kitty)) {
    line("sported-kitty", T("sported kitty (face up for all): {cards}", { cards: record.deal.kitty.map(Cards.text).join(" ") }));
  }

  if (options.ante || options.pay_per_card) {
    if (options.ante) line("ante", T("ante: {ante} a seat, paid into the pot before the opening", { ante: options.ante }));
    if (result.antes) line("antes", T("antes paid: {antes}", { antes: JSON.stringify(result.antes) }));
    if (result.cards_left) line("cards-left", T("cards left when the round ended: {cards}", { cards: JSON.stringify(result.cards_left) }));
    if (result.card_payments) line("card-payments", T("paid per card left: {payments}", { payments: JSON.stringify(result.card_payments) }));
    if (state.phase !== "done") line("pot-now", T("pot so far: {pot}", { pot: state.pot }));
  }
  box.hidden = !box.children.length;
}
