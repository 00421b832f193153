// The replay viewer: a finished game's whole event log (every hand visible), stepped by event, turn or
// hand; the same views as a live game at each step; download buttons for the record formats.
import type { JSX } from "preact";
import { useEffect, useMemo, useState } from "preact/hooks";
import * as api from "./api";
import { type Event, initialState, reduce, type TableState } from "./mahjong/state";
import { Table, type TableInfo } from "./mahjong/Table";
import { Board } from "./renju/Board";
import { stoneOrder } from "./renju/RenjuGame";
import type { ServerMessage } from "./socket";

const TURN_EVENTS = new Set(["dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "hora", "ryukyoku"]);

function renjuStones(events: ServerMessage[]): { stones: { point: string; color: "black" | "white" }[]; last: string | null } {
  let stones: { point: string; color: "black" | "white" }[] = [];
  let last: string | null = null;
  for (const e of events) {
    if (e.type === "opening" && Array.isArray(e.stones)) {
      stones = (e.stones as string[]).map((p, i) => ({ point: p, color: i % 2 === 0 ? "black" : "white" }));
      last = stones.length ? stones[stones.length - 1].point : null;
    } else if (e.type === "move") {
      stones = [...stones, { point: String(e.point), color: e.color === "white" ? "white" : "black" }];
      last = String(e.point);
    } else if (e.type === "takeback") {
      const taken = new Set(e.points as string[]);
      stones = stones.filter((s) => !taken.has(s.point));
      last = stones.length ? stones[stones.length - 1].point : null;
    }
  }
  return { stones, last };
}

export function ReplayPage({ id, invite }: { id: string; invite: string | null }): JSX.Element {
  const [data, setData] = useState<{ game: api.GameSummary; events: Event[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [at, setAt] = useState(0);
  const [seat, setSeat] = useState(0);
  const [numbers, setNumbers] = useState(true);
  useEffect(() => {
    api.replay(id, invite).then(
      (found) => {
        setData(found as { game: api.GameSummary; events: Event[] });
        setAt(found.events.length);
      },
      (e: Error) => setProblem(e.message),
    );
  }, [id, invite]);
  const events = data?.events ?? [];
  const states = useMemo(() => {
    if (!data || data.game.game !== "mahjong") return [] as TableState[];
    const all: TableState[] = [initialState()];
    for (const e of events) all.push(reduce(all[all.length - 1], e));
    return all;
  }, [data]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "ArrowRight") setAt((a) => Math.min(events.length, a + 1));
      if (e.key === "ArrowLeft") setAt((a) => Math.max(0, a - 1));
      if (e.key === "Home") setAt(0);
      if (e.key === "End") setAt(events.length);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [events.length]);
  if (problem) return <p class="error">{problem} <a href="#/">Back to the lobby</a></p>;
  if (!data) return <p class="loading">Loading the replay…</p>;
  const mahjong = data.game.game === "mahjong";
  const isStep = (e: Event) => (mahjong ? TURN_EVENTS.has(e.type) : e.type === "move" || e.type === "opening");
  const isHand = (e: Event) => (mahjong ? e.type === "start_kyoku" : e.type === "opening_end" || e.type === "start");
  const seek = (direction: 1 | -1, test: (e: Event) => boolean) => {
    let i = at + direction;
    while (i > 0 && i < events.length && !test(events[i - 1])) i += direction;
    setAt(Math.max(0, Math.min(events.length, i)));
  };
  const formats = mahjong ? ["mjai", "tenhou"] : ["psq", "sgf"];
  const seats = data.game.seats.slice().sort((a, b) => a.seat - b.seat);
  const info: TableInfo = {
    names: seats.map((s) => s.name ?? s.kind),
    kinds: seats.map((s) => s.kind),
    connected: seats.map(() => true),
    waiting: [],
    banks: null,
    left: [null, null, null, null],
    clockKey: 0,
  };
  let view: JSX.Element;
  if (mahjong) {
    const state = states[at];
    view = (
      <Table state={state} seat={seat} playing={false} info={info} prompt={null} closedHandEnd={state.handEnd && events[at - 1]?.type === "hand_end" ? 0 : Number.MAX_SAFE_INTEGER} closeHandEnd={() => seek(1, isHand)} gameId={id} replay />
    );
  } else {
    const shown = events.slice(0, at) as ServerMessage[];
    const { stones, last } = renjuStones(shown);
    const start = events[0] ?? {};
    const end = shown.find((e) => e.type === "end");
    view = (
      <div class="renju">
        <div class="board-wrap">
          <Board size={Number(start.size ?? 15)} stones={stones} last={last} order={stoneOrder(shown)} numbers={numbers} forbidden={{}} marks={{}} line={end && Array.isArray(end.line) ? (end.line as string[]) : []} />
        </div>
        <div class="renju-side">
          <p class="status">{end ? `${String(end.result)} (${String(end.reason)})` : `${stones.length} stones`}</p>
          <label class="toggle"><input type="checkbox" checked={numbers} onChange={() => setNumbers(!numbers)} /> Move numbers</label>
        </div>
      </div>
    );
  }
  return (
    <div class={`replay replay-${data.game.game}`} data-at={at}>
      <div class="replay-bar" data-testid="replay-bar">
        <button title="start (Home)" data-testid="replay-start" onClick={() => setAt(0)}>|◀</button>
        <button title={mahjong ? "previous hand" : "previous"} onClick={() => seek(-1, isHand)}>{mahjong ? "◀ hand" : "◀◀"}</button>
        <button title="previous turn" data-testid="prev-turn" onClick={() => seek(-1, isStep)}>◀ turn</button>
        <button title="previous event (←)" onClick={() => setAt(Math.max(0, at - 1))}>‹</button>
        <span class="position" data-testid="replay-position">{at} / {events.length}</span>
        <button title="next event (→)" data-testid="next-event" onClick={() => setAt(Math.min(events.length, at + 1))}>›</button>
        <button title="next turn" data-testid="next-turn" onClick={() => seek(1, isStep)}>turn ▶</button>
        <button title={mahjong ? "next hand" : "next"} data-testid="next-hand" onClick={() => seek(1, isHand)}>{mahjong ? "hand ▶" : "▶▶"}</button>
        <button title="end (End)" onClick={() => setAt(events.length)}>▶|</button>
        <input type="range" min={0} max={events.length} value={at} aria-label="position in the game" onInput={(e) => setAt(Number((e.target as HTMLInputElement).value))} />
        {mahjong && (
          <label>
            seat at the bottom{" "}
            <select value={seat} onChange={(e) => setSeat(Number((e.target as HTMLSelectElement).value))}>
              {info.names.map((n, i) => <option value={i}>{n}</option>)}
            </select>
          </label>
        )}
        <span class="downloads">
          {formats.map((f) => (
            <a class="button" href={`/api/games/${id}/record/${f}${invite ? `?invite=${invite}` : ""}`} download>
              {f} ↓
            </a>
          ))}
        </span>
      </div>
      {view}
    </div>
  );
}
