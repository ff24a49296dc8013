/* Where each seat sits around the table, its compass name and its team: presentation only, shared
 * by the hand viewer and the standings page. Teams follow TOURNAMENTS.md's positions: Bid Whist and
 * Court Piece team s mod 2 (N-S = seats 0 & 2, E-W = 1 & 3); Five Hundred its sides; the others none. */
"use strict";

const Seating = (() => {
  const COMPASS = [T("North"), T("East"), T("South"), T("West")];
  // [row, column] in a 3 x 3 grid whose middle cell is the table's centre; seat 0 at the top, clockwise
  const PLACES = {
    2: [[1, 2], [3, 2]],
    3: [[1, 2], [2, 3], [2, 1]],
    4: [[1, 2], [2, 3], [3, 2], [2, 1]],
    5: [[1, 2], [2, 3], [3, 3], [3, 1], [2, 1]],
    6: [[1, 2], [1, 3], [3, 3], [3, 2], [3, 1], [1, 1]],
  };

  const name = (seat, n) => (n === 4 ? T("{compass} (seat {seat})", { compass: COMPASS[seat], seat }) : T("Seat {seat}", { seat }));
  const short = (seat, n) => (n === 4 ? COMPASS[seat][0] : `S${seat}`);
  const place = (seat, n) => (PLACES[n] || PLACES[6])[seat] || [1, 1];

  /* {team, label} of a seat, or null in a game where everyone plays for himself. */
  function team(game, options, seat, n) {
    options = options || {};
    let k = 0;
    if (game === "bid-whist" || game === "court-piece") k = 2;
    else if (game === "five-hundred") {
      if (n === 4) k = 2;
      else if (n === 6) k = options.six_player_teams === "three_teams_of_two" ? 3 : 2;
    }
    if (!k) return null;
    const t = seat % k;
    const members = [];
    for (let s = t; s < n; s += k) members.push(n === 4 ? COMPASS[s][0] : String(s));
    const label = n === 4 ? T("team {team} ({members})", { team: t, members: members.join("-") }) : T("team {team} (seats {members})", { team: t, members: members.join(", ") });
    return { team: t, label };
  }

  return { COMPASS, name, short, place, team };
})();
