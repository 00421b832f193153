// The table as a pure function of the event stream: `reduce(state, event)` for each numbered event,
// so a reload (all events again from 1) or a reconnect (the missed ones) gives the same table.
import { kind, sortTiles } from "./tiles";

export type Event = { type: string; [key: string]: unknown };

export interface Discard {
  pai: string;
  tsumogiri: boolean;
  /** The riichi declaration tile: drawn sideways. */
  riichi: boolean;
  /** Claimed by another seat: shown dimmed (it now lies in that seat's meld). */
  called: boolean;
}

export interface Meld {
  type: string; // chi, pon, daiminkan, kakan, ankan
  /** Tiles in display order; `from` is the index of the called tile, or -1. */
  tiles: string[];
  calledIndex: number;
  /** Where the called tile came from, relative to the caller: 1 right, 2 across, 3 left. */
  from: number;
}

export interface SeatState {
  /** Concealed tiles without the drawn one ("?" for a hidden hand). */
  hand: string[];
  drawn: string | null;
  river: Discard[];
  melds: Meld[];
  riichi: boolean;
  /** A riichi declared whose tile is not yet discarded: the next discard is turned. */
  riichiPending: boolean;
  /** In open riichi: the hand is shown to every seat (the server's `open_hand` events). */
  open: boolean;
  /** Tiles the seat could have won on since its last discard: others' discards and added kans
   * (temporary furiten when one of them is a wait). */
  passed: string[];
  /** The same since its riichi was accepted (riichi furiten lasts the whole hand). */
  passedInRiichi: string[];
}

export interface WinInfo {
  seat: number;
  yaku: [string, number][];
  han: number;
  fu: number;
  limit: string | null;
  points: number;
  dora: number;
  aka: number;
  ura: number;
}

export interface HandEnd {
  outcome: string;
  winners: number[];
  tenpai: number[];
  deltas: number[];
  scores: number[];
  hands: (string[] | null)[];
  wins: WinInfo[];
  /** The winning tile and from whom, per winner (from the hora events). */
  hora: { actor: number; target: number; pai: string; tsumo: boolean; uraMarkers: string[] }[];
  reason: string | null;
  /** The round it ended, as "East 2, 1 honba". */
  label: string;
  /** Each seat's melds at the end (a winner's hand is its concealed tiles and these). */
  melds: Meld[][];
  /** The dora indicators shown at the end. */
  doraMarkers: string[];
}

export interface MatchEnd {
  scores: number[];
  ranks: number[];
  points: number[];
}

export interface TableState {
  started: boolean;
  bakaze: string;
  kyoku: number;
  honba: number;
  kyotaku: number;
  oya: number;
  scores: number[];
  doraMarkers: string[];
  tilesLeft: number;
  seats: SeatState[];
  /** The seat whose turn it is (the last to draw or call), or null between hands. */
  turn: number | null;
  /** The last discard (seat, index in its river): a claim concerns it. */
  lastDiscard: { seat: number; index: number } | null;
  /** The last hand's end (kept into the next hand: the page shows it until the player closes it). */
  handEnd: HandEnd | null;
  /** The event number of that `hand_end`. */
  handEndN: number;
  /** hora events of the hand being settled (several on a multiple ron). */
  pendingHora: HandEnd["hora"];
  pendingReason: string | null;
  matchEnd: MatchEnd | null;
  /** The tile just discarded (or added to a kan) while it may still be won on: once the next event
   * shows nobody did, every other seat has let it go (furiten). */
  pendingPass: { actor: number; pai: string } | null;
  /** Events applied (the last event number). */
  n: number;
}

const emptySeat = (): SeatState => ({
  hand: [],
  drawn: null,
  river: [],
  melds: [],
  riichi: false,
  riichiPending: false,
  open: false,
  passed: [],
  passedInRiichi: [],
});

/** Every seat but `actor` has let `pai` go by (a discard, an added kan, once nobody won on it): it
 * counts for furiten. */
function passBy(seats: SeatState[], actor: number, pai: string): void {
  seats.forEach((other, i) => {
    if (i === actor) return;
    other.passed = [...other.passed, pai];
    if (other.riichi) other.passedInRiichi = [...other.passedInRiichi, pai];
  });
}

export function initialState(): TableState {
  return {
    started: false,
    bakaze: "E",
    kyoku: 1,
    honba: 0,
    kyotaku: 0,
    oya: 0,
    scores: [25000, 25000, 25000, 25000],
    doraMarkers: [],
    tilesLeft: 70,
    seats: [emptySeat(), emptySeat(), emptySeat(), emptySeat()],
    turn: null,
    lastDiscard: null,
    handEnd: null,
    handEndN: 0,
    pendingHora: [],
    pendingReason: null,
    matchEnd: null,
    pendingPass: null,
    n: 0,
  };
}

const str = (value: unknown): string => String(value ?? "");
const num = (value: unknown): number => Number(value ?? 0);
const strs = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Remove `tiles` from `hand` (a hidden hand loses as many "?"); returns the new hand. */
function removeTiles(hand: string[], tiles: string[]): string[] {
  const left = [...hand];
  for (const tile of tiles) {
    let at = left.indexOf(tile);
    if (at < 0) at = left.findIndex((t) => kind(t) === kind(tile));
    if (at < 0) at = left.indexOf("?");
    if (at >= 0) left.splice(at, 1);
  }
  return left;
}

/** A hand with its drawn tile merged in (before a discard or after a call). */
function merged(seat: SeatState): string[] {
  return seat.drawn === null ? seat.hand : [...seat.hand, seat.drawn];
}

const relative = (actor: number, target: number): number => (target - actor + 4) % 4;

export function roundLabel(state: Pick<TableState, "bakaze" | "kyoku" | "honba">): string {
  const wind = { E: "East", S: "South", W: "West", N: "North" }[state.bakaze] ?? state.bakaze;
  return `${wind} ${state.kyoku}${state.honba ? `, ${state.honba} honba` : ""}`;
}

/** The table after one more event (the state given is not changed). */
export function reduce(previous: TableState, event: Event): TableState {
  const state: TableState = { ...previous, seats: previous.seats.map((s) => ({ ...s })), n: previous.n + 1 };
  const actor = num(event.actor);
  const seat = state.seats[actor] as SeatState | undefined;
  if (state.pendingPass && event.type !== "hora") {
    passBy(state.seats, state.pendingPass.actor, state.pendingPass.pai);
    state.pendingPass = null;
  }
  switch (event.type) {
    case "start_game":
      state.started = true;
      state.matchEnd = null;
      break;
    case "start_kyoku": {
      state.started = true;
      state.bakaze = str(event.bakaze);
      state.kyoku = num(event.kyoku);
      state.honba = num(event.honba);
      state.kyotaku = num(event.kyotaku);
      state.oya = num(event.oya);
      state.scores = (event.scores as number[]) ?? state.scores;
      state.doraMarkers = [str(event.dora_marker)];
      state.tilesLeft = 70;
      const tehais = (event.tehais as string[][]) ?? [];
      state.seats = [0, 1, 2, 3].map((i) => ({ ...emptySeat(), hand: sortTiles(strs(tehais[i])) }));
      state.turn = state.oya;
      state.lastDiscard = null;
      state.pendingHora = [];
      state.pendingReason = null;
      break;
    }
    case "tsumo":
      if (!seat) break;
      seat.drawn = str(event.pai);
      state.tilesLeft = Math.max(0, state.tilesLeft - 1);
      state.turn = actor;
      break;
    case "dahai": {
      if (!seat) break;
      const pai = str(event.pai);
      const tsumogiri = Boolean(event.tsumogiri);
      if (tsumogiri && seat.drawn !== null) {
        seat.drawn = null;
      } else {
        seat.hand = sortTiles(removeTiles(merged(seat), [pai]));
        seat.drawn = null;
      }
      seat.river = [...seat.river, { pai, tsumogiri, riichi: seat.riichiPending, called: false }];
      seat.riichiPending = false;
      seat.passed = [];
      state.pendingPass = { actor, pai };
      state.lastDiscard = { seat: actor, index: seat.river.length - 1 };
      state.turn = actor;
      break;
    }
    case "reach":
      if (seat) seat.riichiPending = true;
      break;
    case "reach_accepted":
      if (!seat) break;
      seat.riichi = true;
      state.kyotaku += 1;
      if (Array.isArray(event.scores)) state.scores = event.scores as number[];
      else state.scores = state.scores.map((s, i) => (i === actor ? s - 1000 : s));
      break;
    case "chi":
    case "pon":
    case "daiminkan": {
      if (!seat) break;
      const target = num(event.target);
      const pai = str(event.pai);
      const consumed = strs(event.consumed);
      seat.hand = sortTiles(removeTiles(merged(seat), consumed));
      seat.drawn = null;
      const from = relative(actor, target);
      // The called tile lies sideways toward its giver: left (3) first, across (2) second, right (1) last.
      const tiles = [...consumed];
      const at = from === 3 ? 0 : from === 2 ? 1 : tiles.length;
      tiles.splice(at, 0, pai);
      seat.melds = [...seat.melds, { type: event.type, tiles, calledIndex: at, from }];
      const giver = state.seats[target];
      if (giver && giver.river.length) {
        giver.river = giver.river.map((d, i) => (i === giver.river.length - 1 ? { ...d, called: true } : d));
      }
      state.turn = actor;
      state.lastDiscard = null;
      break;
    }
    case "kakan": {
      if (!seat) break;
      const pai = str(event.pai);
      state.pendingPass = { actor, pai }; // it may be robbed (chankan)
      seat.hand = sortTiles(removeTiles(merged(seat), [pai]));
      seat.drawn = null;
      seat.melds = seat.melds.map((m) =>
        m.type === "pon" && kind(m.tiles[0]) === kind(pai) ? { ...m, type: "kakan", tiles: [...m.tiles, pai] } : m,
      );
      break;
    }
    case "ankan": {
      if (!seat) break;
      const consumed = strs(event.consumed);
      seat.hand = sortTiles(removeTiles(merged(seat), consumed));
      seat.drawn = null;
      seat.melds = [...seat.melds, { type: "ankan", tiles: consumed, calledIndex: -1, from: 0 }];
      break;
    }
    case "open_hand":
      // Open riichi: the concealed tiles (without a tile just drawn) shown to everyone.
      if (!seat) break;
      seat.hand = sortTiles(strs(event.tehai));
      seat.open = true;
      break;
    case "dora":
      state.doraMarkers = [...state.doraMarkers, str(event.dora_marker)];
      break;
    case "hora":
      state.pendingHora = [
        ...state.pendingHora,
        {
          actor,
          target: num(event.target),
          pai: str(event.pai),
          tsumo: Boolean(event.tsumo) || num(event.target) === actor,
          uraMarkers: strs(event.ura_markers),
        },
      ];
      state.turn = null;
      break;
    case "ryukyoku":
      state.pendingReason = str(event.reason);
      state.turn = null;
      break;
    case "hand_end":
      state.handEnd = {
        outcome: str(event.outcome),
        winners: (event.winners as number[]) ?? [],
        tenpai: (event.tenpai as number[]) ?? [],
        deltas: (event.deltas as number[]) ?? [0, 0, 0, 0],
        scores: (event.scores as number[]) ?? state.scores,
        hands: (event.hands as (string[] | null)[]) ?? [null, null, null, null],
        wins: ((event.wins as Record<string, unknown>[]) ?? []).map((w) => ({
          seat: num(w.seat),
          yaku: (w.yaku as [string, number][]) ?? [],
          han: num(w.han),
          fu: num(w.fu),
          limit: (w.limit as string | null) ?? null,
          points: num(w.points),
          dora: num(w.dora),
          aka: num(w.aka),
          ura: num(w.ura),
        })),
        hora: state.pendingHora,
        reason: state.pendingReason,
        label: roundLabel(state),
        melds: state.seats.map((s) => s.melds),
        doraMarkers: state.doraMarkers,
      };
      state.handEndN = state.n;
      state.scores = state.handEnd.scores;
      break;
    case "end_kyoku":
      state.turn = null;
      break;
    case "end_game":
      if (Array.isArray(event.scores)) state.scores = event.scores as number[];
      break;
    case "match_end":
      state.matchEnd = {
        scores: (event.scores as number[]) ?? state.scores,
        ranks: (event.ranks as number[]) ?? [],
        points: (event.points as number[]) ?? [],
      };
      break;
  }
  return state;
}

export const replayEvents = (events: Event[]): TableState => events.reduce(reduce, initialState());
