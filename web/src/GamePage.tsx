// A game's page: its summary, the socket, and the mahjong table or renju board it feeds.
import type { JSX } from "preact";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import * as api from "./api";
import { type Event, initialState, reduce, type TableState } from "./mahjong/state";
import { type HandPause, type Prompt, Table, type TableInfo, type Toggles } from "./mahjong/Table";
import { SEAT_WINDS, windName } from "./mahjong/tiles";
import { RenjuGame, type RenjuState } from "./renju/RenjuGame";
import { GameSocket, type ServerMessage } from "./socket";

interface Live {
  seat: number | null;
  mahjong: TableState;
  renjuEvents: ServerMessage[];
  renju: RenjuState | null;
  prompt: Prompt | null;
  table: ServerMessage | null;
  /** The last `clock` message: every seat's bank and who is deciding, with the seconds left. */
  clock: ServerMessage | null;
  /** The running pause between two mahjong hands (the last `hand_pause` message), until the next
   * hand's first event. */
  pause: HandPause | null;
  error: string | null;
}

const blank = (): Live => ({ seat: null, mahjong: initialState(), renjuEvents: [], renju: null, prompt: null, table: null, clock: null, pause: null, error: null });

/** The page's state after one server message (the same messages give the same page). */
export function receive(live: Live, message: ServerMessage): Live {
  switch (message.type) {
    case "hello":
      return { ...live, seat: (message.seat as number | null) ?? null };
    case "event": {
      const event = message.event as Event;
      const prompt = live.prompt && (message.n as number) > live.prompt.n ? null : live.prompt;
      const pause = live.pause && (message.n as number) > live.pause.n ? null : live.pause;
      if (live.renju !== null || event.type === "start" || live.renjuEvents.length) {
        return { ...live, renjuEvents: [...live.renjuEvents, event], prompt, error: null };
      }
      return { ...live, mahjong: reduce(live.mahjong, event), prompt, pause, error: null };
    }
    case "prompt":
      return { ...live, prompt: message as unknown as Prompt, error: null };
    case "state":
      return { ...live, renju: message as unknown as RenjuState };
    case "table":
      return { ...live, table: message, clock: null };
    case "clock":
      return { ...live, clock: message };
    case "hand_pause":
      return { ...live, pause: message as unknown as HandPause };
    case "error":
      return { ...live, error: String(message.message) };
    default:
      return live;
  }
}

type ClockState = { banks?: number[]; waiting?: number[]; left?: Record<string, number | null> };

function tableInfo(table: ServerMessage | null, clockMessage: ServerMessage | null, summary: api.GameSummary): TableInfo {
  const seats = ((table?.seats as api.SeatSummary[]) ?? summary.seats).slice().sort((a, b) => a.seat - b.seat);
  const clock = (clockMessage ?? table?.clock) as ClockState | null;
  const left = clock?.left ?? {};
  return {
    names: seats.map((s) => s.name || (s.kind === "open" ? "(open)" : s.kind)),
    kinds: seats.map((s) => s.kind),
    connected: seats.map((s) => s.connected !== false),
    waiting: clock?.waiting ?? [],
    banks: clock?.banks ?? null,
    left: [0, 1, 2, 3].map((s) => left[String(s)] ?? null),
    clockKey: clockMessage ? Number(clockMessage.n ?? 0) : -1,
  };
}

function loadToggles(): Toggles {
  try {
    return { autoWin: false, noCalls: false, tsumogiri: false, ...JSON.parse(localStorage.getItem("taku.toggles") ?? "{}") };
  } catch {
    return { autoWin: false, noCalls: false, tsumogiri: false };
  }
}

export function GamePage({ id, invite, user }: { id: string; invite: string | null; user: api.User | null }): JSX.Element {
  const [summary, setSummary] = useState<api.GameSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [live, setLive] = useState<Live>(blank);
  const [connected, setConnected] = useState(false);
  const [toggles, setTogglesState] = useState<Toggles>(loadToggles);
  const closedKey = `taku.closed.${id}`;
  const [closedHandEnd, setClosed] = useState<number>(() => Number(sessionStorage.getItem(closedKey) ?? 0));
  const socket = useRef<GameSocket | null>(null);
  // The pause of a hand end ended (every OK, or its time): that hand end is closed, on a reload too.
  const paused = useRef<HandPause | null>(null);
  useEffect(() => {
    const before = paused.current;
    paused.current = live.pause;
    if (before && !live.pause && live.mahjong.handEndN > 0 && before.n >= live.mahjong.handEndN) {
      sessionStorage.setItem(closedKey, String(live.mahjong.handEndN));
      setClosed(live.mahjong.handEndN);
    }
  }, [live.pause]);

  useEffect(() => {
    let stop = false;
    api.game(id, invite).then(
      (found) => !stop && setSummary(found),
      (error: Error) => !stop && setProblem(error.message),
    );
    const ws = new GameSocket(`/api/games/${encodeURIComponent(id)}/ws`, invite, (m) => setLive((l) => receive(l, m)), setConnected);
    socket.current = ws;
    return () => {
      stop = true;
      ws.close();
    };
  }, [id, invite, user?.id]);

  const info = useMemo(() => (summary ? tableInfo(live.table, live.clock, summary) : null), [live.table, live.clock, summary]);
  if (problem) return <p class="error">{problem} <a href="#/">Back to the lobby</a></p>;
  if (!summary || !info) return <p class="loading">Loading…</p>;
  const status = (live.table?.status as string) ?? summary.status;
  const seats = ((live.table?.seats as api.SeatSummary[]) ?? summary.seats);
  const openSeat = seats.find((s) => s.kind === "open");
  const joinable = user && live.seat === null && openSeat && status === "waiting";
  const send = (action: Record<string, unknown>) => {
    if (summary.game === "mahjong") socket.current?.send({ type: "action", action, n: live.prompt?.n });
    else socket.current?.send({ type: "action", action });
  };
  const setToggles = (t: Toggles) => {
    localStorage.setItem("taku.toggles", JSON.stringify(t));
    setTogglesState(t);
  };
  const closeHandEnd = (n: number) => {
    sessionStorage.setItem(closedKey, String(n));
    setClosed(n);
  };
  const nextHand = (n: number) => socket.current?.send({ type: "next_hand", n });
  const inviteLink = summary.invite ? `${location.origin}/#/game/${id}?invite=${summary.invite}` : null;

  return (
    <div class={`game ${summary.game}`} data-status={status}>
      {!connected && <div class="banner">reconnecting…</div>}
      {status === "waiting" && (
        <div class="waiting-room">
          <p>
            Waiting for players:{" "}
            {seats
              .map((s) => `${summary.game === "mahjong" ? windName(SEAT_WINDS[s.seat]) : `seat ${s.seat + 1}`}: ${s.kind === "open" ? "open" : s.name || s.kind}`)
              .join(" · ")}
          </p>
          {joinable && (
            <button class="primary" onClick={() => api.join(id, undefined, invite).then(() => location.reload(), (e: Error) => setProblem(e.message))}>
              Take a seat
            </button>
          )}
          {inviteLink && (
            <p class="invite">
              Invite link: <input readOnly value={inviteLink} onFocus={(e) => (e.target as HTMLInputElement).select()} />
            </p>
          )}
          {!inviteLink && <p class="invite">Share this page's address: <code>{location.href}</code></p>}
        </div>
      )}
      {summary.game === "mahjong" ? (
        <Table
          state={live.mahjong}
          seat={live.seat ?? 0}
          playing={live.seat !== null}
          info={info}
          prompt={live.prompt}
          send={send}
          toggles={toggles}
          setToggles={setToggles}
          closedHandEnd={closedHandEnd}
          closeHandEnd={closeHandEnd}
          pause={live.pause}
          nextHand={nextHand}
          error={live.error}
          gameId={id}
        />
      ) : (
        <RenjuGame summary={{ ...summary, seats }} seat={live.seat} state={live.renju} events={live.renjuEvents} error={live.error} send={send} />
      )}
    </div>
  );
}
