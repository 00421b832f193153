// A renju game: the board from the server's `state` message, the opening steps as prompts, clocks,
// resign, draw offer, pass (where the rules allow it), takeback against the AI. Black's forbidden points are marked and refused.
import { Fragment, type JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import type { GameSummary } from "../api";
import { Clock } from "../Clock";
import type { ServerMessage } from "../socket";
import { Board, type Stone } from "./Board";

export interface RenjuState {
  n: number;
  size: number;
  turn: string | null;
  to_act: number | null;
  accepts: string[];
  /** Whether the seat to act may pass instead of playing a point (RJ-15; not against a brain). */
  passes?: boolean;
  stones: Stone[];
  moves: string[];
  last: string | null;
  forbidden: Record<string, string>;
  colors: string[];
  phase: string | null;
  offers: string[];
  offers_needed?: number;
  max_declared?: number;
  draw_offer: number | null;
  outcome: { result: string; winner: number | null; reason: string; foul?: string | null } | null;
  clock: { remaining: number[]; increment: number; running: number | null } | null;
  takeback: boolean;
}

/** The order stones were placed in, from the events (for move numbers). */
export function stoneOrder(events: ServerMessage[]): string[] {
  let order: string[] = [];
  for (const event of events) {
    if (event.type === "opening" && Array.isArray(event.stones)) order = (event.stones as string[]).slice();
    else if (event.type === "move") order = [...order, String(event.point)];
    else if (event.type === "takeback") order = order.slice(0, order.length - (event.points as string[]).length);
  }
  return order;
}

export interface RenjuProps {
  summary: GameSummary;
  seat: number | null;
  state: RenjuState | null;
  events: ServerMessage[];
  error: string | null;
  send: (action: Record<string, unknown>) => void;
}

const describe = (outcome: NonNullable<RenjuState["outcome"]>, colors: string[]): string => {
  if (outcome.winner === null) return `Draw (${outcome.reason})`;
  const colour = colors[outcome.winner] ?? "";
  const foul = outcome.foul ? `: ${outcome.foul}` : "";
  return `${colour === "black" ? "Black" : "White"} wins (${outcome.reason}${foul}) ${outcome.result}`;
};

export function RenjuGame({ summary, seat, state, events, error, send }: RenjuProps): JSX.Element {
  const [numbers, setNumbers] = useState(false);
  const [pending, setPending] = useState<string[]>([]);
  const [declared, setDeclared] = useState(2);
  const [notice, setNotice] = useState<string | null>(null);
  const order = useMemo(() => stoneOrder(events), [events]);
  useEffect(() => setPending([]), [state?.n]);
  useEffect(() => setNotice(null), [state?.n]);
  if (!state) return <p class="loading">Loading the board…</p>;
  const mine = seat !== null && state.to_act === seat && !state.outcome;
  const accepts = mine ? state.accepts : [];
  const names = summary.seats.map((s) => s.name ?? (s.kind === "ai" ? "AI" : "open"));
  const myColour = seat === null ? null : state.colors[seat];
  const gathering = accepts.includes("place") || accepts.includes("offer");

  const onPoint = (point: string) => {
    if (!mine) return;
    if (state.stones.some((s) => s.point === point)) return;
    if (accepts.includes("move")) {
      if (state.forbidden[point]) {
        setNotice(`${point} is forbidden to Black (${state.forbidden[point]})`);
        return;
      }
      send({ type: "move", point });
    } else if (accepts.includes("select")) {
      if (state.offers.includes(point)) send({ type: "opening", action: `select ${point}` });
    } else if (gathering) {
      setPending(pending.includes(point) ? pending.filter((p) => p !== point) : [...pending, point]);
    }
  };

  const marks: Record<string, string> = {};
  for (const p of state.offers) marks[p] = "offer";
  pending.forEach((p, i) => (marks[p] = accepts.includes("place") ? (i % 2 === 0 ? "pending-black" : "pending-white") : "pending"));
  const endEvent = [...events].reverse().find((e) => e.type === "end");
  const line = endEvent && Array.isArray(endEvent.line) ? (endEvent.line as string[]) : [];
  const forbiddenList = Object.entries(state.forbidden);

  const player = (s: number) => (
    <div class={`player ${state.to_act === s && !state.outcome ? "to-act" : ""}`} data-seat={s}>
      <span class={`swatch ${state.colors[s]}`} aria-hidden="true" />
      <span class="name">{names[s]}{seat === s ? " (you)" : ""}</span>
      {state.clock && (
        <Clock seconds={state.clock.remaining[s]} running={state.clock.running === s && !state.outcome} key={`${state.n}-${s}`} />
      )}
    </div>
  );

  return (
    <div class="renju">
      <div class="board-wrap">
        <Board
          size={state.size}
          stones={state.stones}
          last={state.last}
          order={order}
          numbers={numbers}
          forbidden={mine && accepts.includes("move") ? state.forbidden : state.turn === "black" ? state.forbidden : {}}
          marks={marks}
          line={line}
          onPoint={mine ? onPoint : undefined}
        />
      </div>
      <div class="renju-side">
        {player(seat === 1 ? 0 : 1)}
        {player(seat === 1 ? 1 : 0)}
        <p class="status" role="status" data-testid="status">
          {state.outcome
            ? describe(state.outcome, state.colors)
            : mine
              ? state.phase
                ? `Your step: ${state.phase}`
                : `Your move (${myColour})`
              : state.phase
                ? `Waiting: ${state.phase}`
                : `${state.turn === "black" ? "Black" : "White"} to move`}
        </p>
        {(notice || error) && <p class="error" role="alert">{notice ?? error}</p>}
        {forbiddenList.length > 0 && state.turn === "black" && !state.outcome && (
          <p class="forbidden-list">
            Forbidden to Black: {forbiddenList.map(([p, why]) => `${p} (${why})`).join(", ")}
          </p>
        )}
        {gathering && (
          <div class="prompt">
            <span>
              {accepts.includes("place") ? "Click the points to place, in order: " : `Click ${state.offers_needed ?? ""} points to offer: `}
              <b>{pending.join(" ") || "none yet"}</b>
            </span>
            <button
              class="primary"
              disabled={pending.length === 0}
              onClick={() => send({ type: "opening", action: `${accepts.includes("place") ? "place" : "offer"} ${pending.join(" ")}` })}
            >
              {accepts.includes("place") ? "Place" : "Offer"}
            </button>
            <button onClick={() => setPending([])}>Clear</button>
          </div>
        )}
        {accepts.includes("swap") && (
          <div class="prompt">
            <button class="primary" onClick={() => send({ type: "opening", action: "swap" })}>Swap colours</button>
            <button onClick={() => send({ type: "opening", action: "keep" })}>Keep</button>
          </div>
        )}
        {accepts.includes("declare") && (
          <div class="prompt">
            <label>
              Fifth moves to offer{" "}
              <input type="number" min={1} max={state.max_declared ?? 10} value={declared} onInput={(e) => setDeclared(Number((e.target as HTMLInputElement).value))} />
            </label>
            <button class="primary" onClick={() => send({ type: "opening", action: `declare ${declared}` })}>Declare</button>
          </div>
        )}
        {accepts.includes("select") && <p class="prompt">Click one of the offered fifth moves (ringed) to keep it.</p>}
        {accepts.includes("color") && (
          <div class="prompt">
            {(["black", "white"] as const).map((c) => (
              <button class="primary" onClick={() => send({ type: "opening", action: `choose ${c}` })}>Play {c}</button>
            ))}
          </div>
        )}
        {seat !== null && !state.outcome && state.draw_offer === 1 - seat && (
          <div class="prompt">
            <span>Your opponent offers a draw.</span>
            <button onClick={() => send({ type: "draw_accept" })}>Accept</button>
            <button onClick={() => send({ type: "draw_decline" })}>Decline</button>
          </div>
        )}
        <div class="controls">
          <label class="toggle">
            <input type="checkbox" checked={numbers} onChange={() => setNumbers(!numbers)} /> Move numbers
          </label>
          {seat !== null && !state.outcome && (
            <>
              {state.takeback && <button onClick={() => send({ type: "takeback" })}>Takeback</button>}
              {mine && accepts.includes("move") && state.passes && (
                <button data-testid="pass" onClick={() => confirm("Pass this move? Two passes in a row draw the game.") && send({ type: "move", point: "pass" })}>
                  Pass
                </button>
              )}
              <button disabled={state.draw_offer === seat} onClick={() => send({ type: "draw_offer" })}>Offer draw</button>
              <button class="danger" onClick={() => confirm("Resign this game?") && send({ type: "resign" })}>Resign</button>
            </>
          )}
          {state.outcome && <a class="button" href={`#/replay/${summary.id}`}>Replay</a>}
        </div>
        <p class="moves" aria-label="moves">
          {/* Numbered by CSS (a counter): the text itself is the points, as a record lists them. */}
          {order.map((point, i) => <Fragment key={i}>{i > 0 && " "}<span>{point}</span></Fragment>)}
        </p>
      </div>
    </div>
  );
}
