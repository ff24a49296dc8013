// One whole hand of every game through openapi-fetch, typed by what openapi-typescript generates
// from openapi.yaml (`make clients`). Typed bodies, answers narrowed by their own fields, a discard
// template made a concrete `discard` move; no cast, no `any` (tsc --strict). Prints one JSON line
// per game: its final record and how many templates were made concrete.
//
//     node out/play.js http://127.0.0.1:8000
import createClient from "openapi-fetch";
import type { components, paths } from "./referee.js";

type S = components["schemas"];
const client = createClient<paths>({ baseUrl: process.argv[2] });

/** The answer's body; a problem (4xx/5xx) is thrown. */
function ok<T>(answer: { data?: T; error?: unknown; response: Response }): T {
  if (answer.data === undefined) throw new Error(`${answer.response.status}: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** A deal asked for without `seal` answers the record, never the sealed tokens. */
function sealed(answer: object): answer is S["SealedDeal"] {
  return "seed_commitment" in answer;
}

function dealt<R extends object>(answer: R | S["SealedDeal"]): R {
  if (sealed(answer)) throw new Error("sealed tokens for a deal asked for open");
  return answer;
}

/** Deal, then a listed move chosen by a small seeded generator until none is listed, never a pass
 * while something else is listed (so that an auction ends in a contract and its discard). */
class Hand {
  templates = 0;
  private state: number;

  constructor(readonly seed: string) {
    this.state = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  }

  pick<L extends { type: string }>(listed: L[]): L {
    const moves = listed.some((m) => m.type !== "pass") ? listed.filter((m) => m.type !== "pass") : listed;
    this.state = (Math.imul(this.state, 1103515245) + 12345) >>> 0;
    return moves[(this.state >>> 8) % moves.length];
  }

  made<M>(move: M): M {
    this.templates += 1;
    return move;
  }

  async play<R, L extends { type: string }, M>(deal: () => Promise<R>, listing: (record: R) => Promise<L[] | null>,
                      concrete: (listed: L) => M, move: (record: R, move: M) => Promise<R>): Promise<R> {
    let record = await deal();
    for (let moves = await listing(record); moves && moves.length; moves = await listing(record)) {
      record = await move(record, concrete(this.pick(moves)));
    }
    return record;
  }
}

const bidWhist = (hand: Hand) => hand.play(
  // the kitty exchanged (an option): the bidder takes it and discards 6, listed as a template
  async () => dealt(ok(await client.POST("/v1/games/bid-whist/deals", {
    body: { seed: hand.seed, dealer: 0, options: { kitty: "exchange" } } }))),
  async (record) => ok(await client.POST("/v1/games/bid-whist/legal-moves", { body: { record } })).moves,
  // the template lists the 18 cards `from` which `count` are discarded: the move sends `cards`
  (listed: S["BidWhistLegalMove"]): S["BidWhistMove"] => listed.type === "discard"
    ? hand.made({ seat: listed.seat, type: "discard", cards: listed.from.slice(0, listed.count) })
    : listed,
  async (record, move) => {
    const answer = ok(await client.POST("/v1/games/bid-whist/moves", { body: { record, move } }));
    if (!("record" in answer)) throw new Error("a sealed answer to an open record");
    return answer.record;
  });

const fiveHundred = (hand: Hand) => hand.play(
  async () => dealt(ok(await client.POST("/v1/games/five-hundred/deals", { body: { seed: hand.seed, dealer: 0 } }))),
  async (record) => ok(await client.POST("/v1/games/five-hundred/legal-moves", { body: { record } })).moves,
  (listed: S["FiveHundredLegalMove"]): S["FiveHundredMove"] => listed.type === "discard"
    ? hand.made({ seat: listed.seat, type: "discard", cards: listed.from.slice(0, listed.count) })
    : listed,
  async (record, move) => {
    const answer = ok(await client.POST("/v1/games/five-hundred/moves", { body: { record, move } }));
    if (!("record" in answer)) throw new Error("a sealed answer to an open record");
    return answer.record;
  });

const buckEuchre = (hand: Hand) => hand.play(
  async () => dealt(ok(await client.POST("/v1/games/buck-euchre/deals", { body: { seed: hand.seed, dealer: 0 } }))),
  async (record) => ok(await client.POST("/v1/games/buck-euchre/legal-moves", { body: { record } })).moves,
  (listed: S["BuckEuchreMove"]) => listed,
  async (record, move) => {
    const answer = ok(await client.POST("/v1/games/buck-euchre/moves", { body: { record, move } }));
    if (!("record" in answer)) throw new Error("a sealed answer to an open record");
    return answer.record;
  });

const courtPiece = (hand: Hand) => hand.play(
  async () => dealt(ok(await client.POST("/v1/games/court-piece/deals", { body: { seed: hand.seed, dealer: 0 } }))),
  async (record) => ok(await client.POST("/v1/games/court-piece/legal-moves", { body: { record } })).moves,
  (listed: S["CourtPieceMove"]) => listed,
  async (record, move) => {
    const answer = ok(await client.POST("/v1/games/court-piece/moves", { body: { record, move } }));
    if (!("record" in answer)) throw new Error("a sealed answer to an open record");
    return answer.record;
  });

const sixes = (hand: Hand) => hand.play(
  async () => dealt(ok(await client.POST("/v1/games/sixes/deals", { body: { seed: hand.seed, dealer: 0 } }))),
  async (record) => ok(await client.POST("/v1/games/sixes/legal-moves", { body: { record } })).moves,
  (listed: S["SixesMove"]) => listed,
  async (record, move) => {
    const answer = ok(await client.POST("/v1/games/sixes/moves", { body: { record, move } }));
    if (!("record" in answer)) throw new Error("a sealed answer to an open record");
    return answer.record;
  });

const games = { "bid-whist": bidWhist, "five-hundred": fiveHundred, "buck-euchre": buckEuchre,
                "court-piece": courtPiece, "sixes": sixes };

for (const [game, play] of Object.entries(games)) {
  const hand = new Hand(`clients-${game}`);
  const record = await play(hand);
  console.log(JSON.stringify({ game, templates: hand.templates, record }));
}
