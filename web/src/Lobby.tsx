// The lobby: who you are (guest, log in, register), open and running games, creating a mahjong table
// or a renju game with the server's options, and your finished games.
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import { SEAT_WINDS, windName } from "./mahjong/tiles";

function SignIn({ onUser }: { onUser: (user: api.User) => void }): JSX.Element {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const run = (promise: Promise<api.Session>) =>
    promise.then((s) => s.user && onUser(s.user), (e: Error) => setError(e.message));
  return (
    <form class="card sign-in" onSubmit={(e) => (e.preventDefault(), run(api.guest(name.trim())))}>
      <h2>Play</h2>
      <label>
        Name <input name="name" required maxLength={24} value={name} autocomplete="nickname" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Password <small>(only to log in or register)</small>
        <input name="password" type="password" maxLength={128} value={password} autocomplete="current-password" onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
      </label>
      <div class="row">
        <button class="primary" type="submit">Play as a guest</button>
        <button type="button" disabled={!password} onClick={() => run(api.login(name.trim(), password))}>Log in</button>
        <button type="button" disabled={password.length < 8} onClick={() => run(api.register(name.trim(), password))}>Register</button>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
    </form>
  );
}

type SeatChoice = "me" | "open" | "bot" | "mjai";

function NewMahjong({ options, go }: { options: api.Options["mahjong"]; go: (id: string, invite?: string) => void }): JSX.Element {
  const [rules, setRules] = useState(options.rules[0] ?? "tenhou");
  const [length, setLength] = useState("east");
  const [seats, setSeats] = useState<SeatChoice[]>(["me", "bot", "bot", "bot"]);
  const [bots, setBots] = useState<string[]>(["", "taku", "taku", "taku"]);
  const [isPrivate, setPrivate] = useState(false);
  const [overrides, setOverrides] = useState("");
  const [seed, setSeed] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = () => {
    let extra: Record<string, unknown> = {};
    try {
      extra = overrides.trim() ? (JSON.parse(overrides) as Record<string, unknown>) : {};
    } catch {
      setError('rules overrides must be JSON, e.g. {"kuitan": false}');
      return;
    }
    api
      .createMahjong({
        rules,
        options: { length, ...extra },
        seats: seats.map((kind, i) => (kind === "bot" ? { kind, name: bots[i] || "taku" } : { kind })),
        private: isPrivate,
        ...(seed.trim() ? { seed: seed.trim() } : {}),
      })
      .then((made) => go(made.game.id, isPrivate ? made.invite : undefined), (e: Error) => setError(e.message));
  };
  return (
    <div class="card new-game" data-testid="new-mahjong">
      <h2>New mahjong table</h2>
      <div class="row">
        <label>Rules <select value={rules} onChange={(e) => setRules((e.target as HTMLSelectElement).value)}>{options.rules.map((r) => <option value={r}>{r}</option>)}</select></label>
        <label>Length <select value={length} onChange={(e) => setLength((e.target as HTMLSelectElement).value)}>
          <option value="east">east only (tonpuusen)</option><option value="hanchan">hanchan (east + south)</option>
        </select></label>
      </div>
      <div class="seats">
        {seats.map((kind, i) => (
          <label key={i}>
            {windName(SEAT_WINDS[i])}
            <select data-seat={i} value={kind} onChange={(e) => setSeats(seats.map((k, j) => (j === i ? ((e.target as HTMLSelectElement).value as SeatChoice) : k)))}>
              <option value="me">me</option><option value="open">a person (open)</option><option value="bot">bot</option><option value="mjai">outside mjai bot</option>
            </select>
            {kind === "bot" && (
              <select data-bot={i} value={bots[i]} onChange={(e) => setBots(bots.map((b, j) => (j === i ? (e.target as HTMLSelectElement).value : b)))}>
                {options.bots.map((b) => <option value={b}>{b}</option>)}
              </select>
            )}
          </label>
        ))}
      </div>
      <details>
        <summary>More options</summary>
        <label>Rules overrides (JSON) <input name="overrides" value={overrides} placeholder='{"kuitan": false}' onInput={(e) => setOverrides((e.target as HTMLInputElement).value)} /></label>
        <label>Seed (the same seed deals the same walls) <input name="seed" value={seed} maxLength={64} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} /></label>
      </details>
      <label class="toggle"><input type="checkbox" checked={isPrivate} onChange={() => setPrivate(!isPrivate)} /> private (invite link)</label>
      <button class="primary" data-testid="create-mahjong" onClick={create}>Create table</button>
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}

/** The board sizes offered for a new renju or gomoku game (the server takes 7 to 25). */
const BOARD_SIZES = [15, 19, 20, 13, 9];

function NewRenju({ options, go }: { options: api.Options["renju"]; go: (id: string, invite?: string) => void }): JSX.Element {
  const [rules, setRules] = useState(options.rules[0] ?? "renju");
  const [opening, setOpening] = useState("none");
  const [size, setSize] = useState(15);
  const [opponent, setOpponent] = useState("ai");
  const [level, setLevel] = useState(options.levels[0] ?? "easy");
  const [color, setColor] = useState("black");
  const [minutes, setMinutes] = useState(10);
  const [increment, setIncrement] = useState(5);
  const [seed, setSeed] = useState("");
  const [isPrivate, setPrivate] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = () =>
    api
      .createRenju({
        rules,
        ...(size !== 15 ? { options: { board_size: size } } : {}),
        opening,
        opponent: opponent === "ai" ? { kind: "ai", level } : opponent === "person" ? { kind: "person" } : { kind: "brain", name: opponent },
        color,
        clock: minutes > 0 ? { initial_s: minutes * 60, increment_s: increment } : null,
        private: isPrivate,
        ...(seed.trim() ? { seed: seed.trim() } : {}),
      })
      .then((made) => go(made.game.id, isPrivate ? made.invite : undefined), (e: Error) => setError(e.message));
  return (
    <div class="card new-game" data-testid="new-renju">
      <h2>New renju game</h2>
      <div class="row">
        <label>Rules <select value={rules} onChange={(e) => setRules((e.target as HTMLSelectElement).value)}>{options.rules.map((r) => <option value={r}>{r}</option>)}</select></label>
        <label>Opening <select value={opening} onChange={(e) => setOpening((e.target as HTMLSelectElement).value)}>{options.openings.map((r) => <option value={r}>{r}</option>)}</select></label>
        <label title="renju boards are odd; 20x20 is gomoku's (Gomocup's freestyle league); the opening rules are for 15x15">Board <select data-testid="renju-size" value={size} onChange={(e) => setSize(Number((e.target as HTMLSelectElement).value))}>{BOARD_SIZES.map((n) => <option value={n}>{`${n}x${n}`}</option>)}</select></label>
      </div>
      <div class="row">
        <label>Opponent <select data-testid="renju-opponent" value={opponent} onChange={(e) => setOpponent((e.target as HTMLSelectElement).value)}>
          <option value="ai">taku AI</option><option value="person">a person</option>
          {options.brains.map((b) => <option value={b}>{b}</option>)}
        </select></label>
        {opponent === "ai" && (
          <label>Level <select data-testid="renju-level" value={level} onChange={(e) => setLevel((e.target as HTMLSelectElement).value)}>{options.levels.map((l) => <option value={l}>{l}</option>)}</select></label>
        )}
        <label>You play <select value={color} onChange={(e) => setColor((e.target as HTMLSelectElement).value)}><option value="black">black (first)</option><option value="white">white</option></select></label>
      </div>
      <div class="row">
        <label>Minutes <input type="number" min={0} max={180} value={minutes} onInput={(e) => setMinutes(Number((e.target as HTMLInputElement).value))} /></label>
        <label>+ seconds <input type="number" min={0} max={600} value={increment} onInput={(e) => setIncrement(Number((e.target as HTMLInputElement).value))} /></label>
      </div>
      <details>
        <summary>More options</summary>
        <label>Seed (the AI's choices) <input name="seed" value={seed} maxLength={64} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} /></label>
      </details>
      <label class="toggle"><input type="checkbox" checked={isPrivate} onChange={() => setPrivate(!isPrivate)} /> private (invite link)</label>
      <button class="primary" data-testid="create-renju" onClick={create}>Create game</button>
      {error && <p class="error" role="alert">{error}</p>}
    </div>
  );
}

const describeRules = (g: api.GameSummary): string => {
  const c = g.config as { rules?: string; opening?: string; options?: Record<string, unknown> };
  const length = c.options?.length ? ` ${String(c.options.length)}` : "";
  return `${c.rules ?? ""}${length}${c.opening && c.opening !== "none" ? `, ${c.opening}` : ""}`;
};

/** Seat names in seat order, a name repeated in a row written once with its count ("taku (bot) ×3"). */
export function seatList(names: string[]): string {
  const runs: [string, number][] = [];
  for (const name of names) {
    const last = runs[runs.length - 1];
    if (last && last[0] === name) last[1] += 1;
    else runs.push([name, 1]);
  }
  return runs.map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}

function GameRow({ g, user }: { g: api.GameSummary; user: api.User }): JSX.Element {
  const taken = g.seats.filter((s) => s.kind !== "open").length;
  const mine = g.seats.some((s) => s.name === user.name && (s.kind === "person"));
  const open = g.status === "waiting" && g.seats.some((s) => s.kind === "open");
  return (
    <tr data-game={g.id}>
      <td>{g.game}</td>
      <td>{describeRules(g)}</td>
      <td class="seats">{seatList(g.seats.map((s) => (s.kind === "open" ? "open" : s.name || s.kind)))} ({taken}/{g.seats.length})</td>
      <td class="watching">{g.spectators}</td>
      <td>{g.status}</td>
      <td>
        <a class="button" href={`#/game/${g.id}`}>{mine ? "Return" : open ? "Join" : "Watch"}</a>
      </td>
    </tr>
  );
}

export function Lobby({ user, setUser }: { user: api.User | null; setUser: (u: api.User | null) => void }): JSX.Element {
  const [options, setOptions] = useState<api.Options | null>(null);
  const [list, setList] = useState<api.GameSummary[]>([]);
  const [history, setHistory] = useState<api.GameSummary[]>([]);
  useEffect(() => {
    api.options().then(setOptions, () => undefined);
  }, []);
  useEffect(() => {
    if (!user) return;
    api.games().then((g) => setList(g.games), () => undefined);
    api.myGames().then((g) => setHistory(g.games), () => undefined);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/api/lobby/ws`);
    socket.onmessage = (m) => {
      const data = JSON.parse(String(m.data)) as { type: string; games?: api.GameSummary[]; game?: api.GameSummary };
      if (data.type === "lobby" && data.games) setList(data.games);
      if (data.type === "game" && data.game) {
        const game = data.game;
        setList((old) => {
          const rest = old.filter((g) => g.id !== game.id);
          return game.status === "finished" ? rest : [game, ...rest];
        });
      }
    };
    return () => socket.close();
  }, [user?.id]);
  const go = (id: string, invite?: string) => {
    location.hash = `#/game/${id}${invite ? `?invite=${invite}` : ""}`;
  };
  if (!user) return <div class="lobby"><SignIn onUser={setUser} /></div>;
  return (
    <div class="lobby">
      <section class="card">
        <h2>Tables and games</h2>
        {list.length === 0 ? (
          <p class="empty">No open or running game yet: create one.</p>
        ) : (
          <div class="scroll"><table class="games">
            <thead><tr><th>game</th><th>rules</th><th>seats</th><th class="watching">watching</th><th>status</th><th /></tr></thead>
            <tbody>{list.map((g) => <GameRow key={g.id} g={g} user={user} />)}</tbody>
          </table></div>
        )}
      </section>
      <div class="cards">
        {options && <NewMahjong options={options.mahjong} go={go} />}
        {options && <NewRenju options={options.renju} go={go} />}
      </div>
      {history.length > 0 && (
        <section class="card">
          <h2>Your finished games</h2>
          <ul class="history">
            {history.slice(0, 20).map((g) => (
              <li key={g.id}><a href={`#/replay/${g.id}`}>{g.game} · {describeRules(g)} · {new Date(g.created * 1000).toLocaleString()}</a></li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
