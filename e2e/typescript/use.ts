// Compiled (never run) against the types openapi-typescript generates from openapi.yaml: if the
// generated types lose a path or a field, this stops compiling.
import type { paths, components } from "./referee";

type DealBody = paths["/v1/games/buck-euchre/deals"]["post"]["requestBody"]["content"]["application/json"];
type Dealt = paths["/v1/games/buck-euchre/deals"]["post"]["responses"]["201"]["content"]["application/json"];
type State = paths["/v1/games/buck-euchre/state"]["post"]["responses"]["200"]["content"]["application/json"];
type Problem = components["schemas"]["Problem"];

const body: DealBody = { seed: "doc-example-1", dealer: 0 };

export function describe(dealt: Dealt, state: State, problem?: Problem): string {
  // a deal answers the record, or with `seal: true` the sealed tokens (docs/TRUST.md)
  const hands: number = "deal" in dealt ? dealt.deal.hands.length : dealt.seat_tokens.length;
  const toAct: number | null | undefined = state.to_act;
  return `${body.seed}: ${hands} hands, phase ${state.phase}, to act ${toAct}${problem ? ", " + problem.code : ""}`;
}
