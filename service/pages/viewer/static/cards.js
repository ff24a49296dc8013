/* One card notation for every page of the viewer: ranks and suit symbols ("10♦", "J♠", "Joker"),
 * never the record's "TD". Shared by the hand viewer and the standings page; holds no rules. */
"use strict";

const Cards = (() => {
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const SUIT_NAMES = { S: T("spades"), H: T("hearts"), D: T("diamonds"), C: T("clubs") };
  const RED = new Set(["H", "D"]);
  const JOKERS = { JK: T("Joker"), RJ: T("Big joker"), BJ: T("Little joker") };
  const CARD = /^(?:[2-9TJQKA]|10|11|12|13)[SHDC]$/;

  const isCard = (v) => typeof v === "string" && (CARD.test(v) || v in JOKERS);

  function text(card) {
    if (card === null || card === undefined) return "🂠";
    if (card in JOKERS) return JOKERS[card];
    const suit = card.slice(-1);
    const rank = card.slice(0, -1);
    return (rank === "T" ? "10" : rank) + (SUITS[suit] || suit);
  }

  function node(card) {
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
    if (card in JOKERS) {
      el.className = "card joker" + (card === "RJ" ? " red" : "");
      el.textContent = JOKERS[card];
      return el;
    }
    el.className = "card" + (RED.has(card.slice(-1)) ? " red" : "");
    el.textContent = text(card);
    return el;
  }

  /* A suit letter as its symbol and name ("♥ hearts"). */
  const suit = (s) => (s in SUITS ? `${SUITS[s]} ${SUIT_NAMES[s]}` : String(s));

  /* Any value of a record or a state for a person: cards and suits in symbols, lists spaced. */
  function value(key, v) {
    if (v === null || v === undefined) return "—";
    if (Array.isArray(v)) return v.map((x) => value(key, x)).join(" ");
    if (typeof v === "object") {
      return Object.entries(v).filter(([, x]) => x !== null && x !== undefined)
        .map(([k, x]) => `${k} ${value(k, x)}`).join(", ");
    }
    if (isCard(v)) return text(v);
    if (typeof v === "string" && v.length === 1 && v in SUITS && /suit|trump|led/.test(key)) return suit(v);
    return String(v);
  }

  return { SUITS, isCard, text, node, suit, value };
})();
