// The mahjong table: a view of the event stream's state (state.ts) for one seat, with the prompt's
// legal actions as buttons, the discard by click or key, Tenhou-like toggles and the hand-end screen.
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Clock, formatSeconds } from "../Clock";
import { Tile } from "./Tile";
import { SEAT_WINDS, doraOf, tileName, windName } from "./tiles";
import type { HandEnd, MatchEnd, Meld, SeatState, TableState } from "./state";
import { roundLabel } from "./state";
import { furiten, furitenReason, waitsOf } from "./waits";

export type MjaiAction = { type: string; actor?: number; pai?: string; target?: number; consumed?: string[]; tsumogiri?: boolean; open?: boolean };

export interface Prompt {
  n: number;
  claim: boolean;
  seconds: number;
  bank: number;
  actions: MjaiAction[];
}

/** The server's `hand_pause`: the next hand waits for these people's OK (`next_hand`) or `seconds`. */
export interface HandPause {
  /** The event number of the hand's `end_kyoku`: what `next_hand` acknowledges. */
  n: number;
  seconds: number;
  seats: number[];
  ready: number[];
}

export interface TableInfo {
  names: string[];
  kinds: string[];
  connected: boolean[];
  waiting: number[];
  banks: number[] | null;
  /** Per seat: the seconds its decision has left (a person deciding), else null. */
  left: (number | null)[];
  /** Changes with every clock message (restarts the running clocks). */
  clockKey: number;
}

export interface Toggles {
  autoWin: boolean;
  noCalls: boolean;
  tsumogiri: boolean;
  /** Beginner help: waits, furiten, the discards that keep tenpai. */
  help?: boolean;
}

export interface TableProps {
  state: TableState;
  /** The seat at the bottom: yours, or 0 for a spectator and in a replay. */
  seat: number;
  playing: boolean;
  info: TableInfo;
  prompt: Prompt | null;
  send?: (action: MjaiAction) => void;
  toggles?: Toggles;
  setToggles?: (t: Toggles) => void;
  /** The event number of the hand end the player has closed. */
  closedHandEnd: number;
  closeHandEnd: (n: number) => void;
  /** The pause between this hand and the next, while it runs. */
  pause?: HandPause | null;
  /** Press OK on the hand's result (`next_hand` answering the pause's `n`). */
  nextHand?: (n: number) => void;
  error?: string | null;
  gameId: string;
  /** In a replay every hand is visible and the hand end shows without waiting. */
  replay?: boolean;
}

const KEYS = "1234567890qwert";
const POSITION = ["bottom", "right", "top", "left"] as const;

function MeldView({ meld, small }: { meld: Meld; small?: boolean }): JSX.Element {
  return (
    <span class={`meld${small ? " small" : ""}`} data-meld={meld.type}>
      {meld.tiles.map((tile, i) => (
        <Tile
          key={i}
          tile={tile}
          sideways={i === meld.calledIndex}
          back={meld.type === "ankan" && (i === 0 || i === 3)}
        />
      ))}
    </span>
  );
}

function River({ seat, position, lastDiscard }: { seat: SeatState; position: string; lastDiscard: boolean }): JSX.Element {
  return (
    <div class={`river ${position}`}>
      {seat.river.map((d, i) => (
        <Tile
          key={i}
          tile={d.pai}
          sideways={d.riichi}
          dim={d.called}
          class={`${d.tsumogiri ? "tsumogiri" : ""} ${lastDiscard && i === seat.river.length - 1 ? "last" : ""}`}
        />
      ))}
    </div>
  );
}

const actionLabel = (a: MjaiAction, seat: number): string => {
  switch (a.type) {
    case "hora":
      return a.target === seat ? "Tsumo" : "Ron";
    case "reach":
      return a.open ? "Open riichi" : "Riichi";
    case "none":
      return "Pass";
    case "ryukyoku":
      return "Nine terminals draw";
    case "daiminkan":
    case "ankan":
    case "kakan":
      return "Kan";
    default:
      return a.type[0].toUpperCase() + a.type.slice(1);
  }
};

const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `${n}` : "±0");

/** What the hand-end screen offers while the next hand waits: OK with the seconds left for a
 * person awaited, else who is still reading (a spectator, or after OK). */
interface PauseView {
  pause: HandPause;
  /** This page's seat must still press OK. */
  mayPress: boolean;
  /** A seat whose OK this page has just sent (not listed as reading while the server answers). */
  sent: number | null;
  names: string[];
  press: () => void;
}

function PauseFooter({ pause, mayPress, sent, names, press }: PauseView): JSX.Element {
  const clock = <Clock key={`${pause.n}-${pause.ready.length}`} seconds={pause.seconds} running whole />;
  if (mayPress) {
    return (
      <button class="primary next-hand" data-testid="hand-ok" autofocus onClick={press}>
        Next hand <span class="countdown">{clock}</span> <kbd>⏎</kbd>
      </button>
    );
  }
  const reading = pause.seats.filter((s) => !pause.ready.includes(s) && s !== sent).map((s) => names[s]);
  return (
    <p class="pause-note" data-testid="pause-note">
      {reading.length ? `Waiting for ${reading.join(", ")}: ` : ""}next hand in {clock} s
    </p>
  );
}

function HandEndView({ end, names, seat, onClose, label, pause }: { end: HandEnd; names: string[]; seat: number; onClose: () => void; label: string; pause: PauseView | null }): JSX.Element {
  const title =
    end.outcome === "hora"
      ? end.hora.map((h) => `${names[h.actor]} ${h.tsumo ? "tsumo" : `ron from ${names[h.target]}`}`).join(", ")
      : end.reason === "exhaustive_draw" || !end.reason
        ? "Exhaustive draw"
        : `Draw: ${end.reason.replace(/_/g, " ")}`;
  return (
    <div class="overlay" role="dialog" aria-label="hand end">
      <div class="hand-end" data-testid="hand-end">
        <h2>{end.label}: {title}</h2>
        {end.wins.map((w) => {
          const hora = end.hora.find((h) => h.actor === w.seat);
          return (
            <div class="win" key={w.seat}>
              <div class="shown-hand" data-seat={w.seat}>
                {(end.hands[w.seat] ?? []).map((t, i) => (
                  <Tile key={i} tile={t} />
                ))}
                {hora && <Tile tile={hora.pai} class="winning-tile" />}
                {(end.melds?.[w.seat] ?? []).map((m, i) => <MeldView key={i} meld={m} />)}
              </div>
              <div class="indicators">
                <span>Dora</span>
                {end.doraMarkers.map((t, i) => <Tile key={i} tile={t} />)}
                {hora && hora.uraMarkers.length > 0 && (
                  <>
                    <span>Ura</span>
                    {hora.uraMarkers.map((t, i) => <Tile key={i} tile={t} />)}
                  </>
                )}
              </div>
              <table class="yaku">
                <tbody>
                  {w.yaku.map(([name, han]) => (
                    <tr key={name}><td>{name}</td><td>{han >= 13 ? "yakuman" : `${han} han`}</td></tr>
                  ))}
                  {w.dora > 0 && <tr><td>dora</td><td>{w.dora} han</td></tr>}
                  {w.aka > 0 && <tr><td>red fives</td><td>{w.aka} han</td></tr>}
                  {w.ura > 0 && <tr><td>ura dora</td><td>{w.ura} han</td></tr>}
                </tbody>
              </table>
              <p class="points">
                {names[w.seat]}: {w.han} han {w.fu} fu{w.limit ? ` ${w.limit}` : ""}, <b>{w.points}</b> points
              </p>
            </div>
          );
        })}
        {end.outcome !== "hora" && (end.reason === "exhaustive_draw" || !end.reason) && end.tenpai.length === 0 && <p class="noten">Nobody was tenpai.</p>}
        {end.outcome !== "hora" &&
          end.hands.map((hand, s) =>
            hand ? (
              <div class="shown-hand" key={s} data-seat={s}>
                <div class="who">{names[s]}: tenpai</div>
                {hand.map((t, i) => (
                  <Tile key={i} tile={t} />
                ))}
                {(end.melds?.[s] ?? []).map((m, i) => <MeldView key={i} meld={m} />)}
              </div>
            ) : null,
          )}
        <table class="deltas">
          <tbody>
            {[0, 1, 2, 3].map((s) => (
              <tr key={s} class={s === seat ? "you" : ""}>
                <td>{names[s]}</td>
                <td class={end.deltas[s] > 0 ? "plus" : end.deltas[s] < 0 ? "minus" : ""}>{signed(end.deltas[s])}</td>
                <td>{end.scores[s]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {pause ? <PauseFooter {...pause} /> : <button class="primary" autofocus onClick={onClose}>{label}</button>}
      </div>
    </div>
  );
}

function MatchEndView({ end, names, gameId, inline }: { end: MatchEnd; names: string[]; gameId: string; inline?: boolean }): JSX.Element {
  const order = [0, 1, 2, 3].sort((a, b) => end.ranks[a] - end.ranks[b]);
  const result = (
      <div class={`hand-end match-end${inline ? " inline" : ""}`} data-testid="match-end">
        <h2>Match over</h2>
        <table class="deltas">
          <thead><tr><th>rank</th><th>player</th><th>score</th><th>points</th></tr></thead>
          <tbody>
            {order.map((s) => (
              <tr key={s}>
                <td>{end.ranks[s]}</td>
                <td>{names[s]}</td>
                <td>{end.scores[s]}</td>
                <td class={end.points[s] > 0 ? "plus" : end.points[s] < 0 ? "minus" : ""}>{signed(Math.round(end.points[s] * 10) / 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {!inline && (
          <p>
            <a class="button primary" href={`#/replay/${gameId}`}>Watch the replay</a> <a class="button" href="#/">Lobby</a>
          </p>
        )}
      </div>
  );
  // In a replay the result stands under the table (the replay bar stays usable).
  return inline ? result : <div class="overlay" role="dialog" aria-label="match end">{result}</div>;
}

export function Table(props: TableProps): JSX.Element {
  const { state, seat, info, prompt, send, toggles, setToggles, playing } = props;
  const [riichiMode, setRiichiMode] = useState(false);
  useEffect(() => setRiichiMode(false), [prompt?.n, prompt?.actions.length]);
  // Names as shown: a name that several seats share (three "taku" bots) gets a number.
  const names = info.names.map((n, i) =>
    info.names.filter((m) => m === n).length > 1
      ? `${n} ${info.names.slice(0, i + 1).filter((m) => m === n).length}`
      : n || `seat ${i}`,
  );
  const me = state.seats[seat];
  const discards = prompt?.actions.filter((a) => a.type === "dahai") ?? [];
  const others = prompt?.actions.filter((a) => a.type !== "dahai") ?? [];
  const chis = others.filter((a) => a.type === "chi");
  const act = (action: MjaiAction) => send?.(action);

  const discard = (tile: string, drawn: boolean) => {
    if (!discards.length) return;
    const found =
      discards.find((a) => a.pai === tile && Boolean(a.tsumogiri) === drawn) ?? discards.find((a) => a.pai === tile);
    if (found) act({ ...found, tsumogiri: drawn });
  };

  // Tenhou-like toggles: win at once, pass every call, discard the drawn tile.
  useEffect(() => {
    if (!prompt || !toggles || !send) return;
    const win = prompt.actions.find((a) => a.type === "hora");
    if (win && toggles.autoWin) return send(win);
    if (win) return;
    if (prompt.claim && toggles.noCalls && prompt.actions.some((a) => a.type === "none")) return send({ type: "none" });
    if (!prompt.claim && toggles.tsumogiri && me.drawn) {
      const tsumogiri = prompt.actions.find((a) => a.type === "dahai" && a.pai === me.drawn);
      const special = prompt.actions.some((a) => !["dahai"].includes(a.type));
      if (tsumogiri && !special) send({ ...tsumogiri, tsumogiri: true });
    }
  }, [prompt?.n, prompt?.actions.length]);

  const handTiles: { tile: string; drawn: boolean }[] = [
    ...me.hand.map((tile) => ({ tile, drawn: false })),
    ...(me.drawn ? [{ tile: me.drawn, drawn: true }] : []),
  ];

  // Keyboard: a key per hand tile (shown under it), Enter passes a call, Escape closes a dialog.
  useEffect(() => {
    if (!send && !mayPress) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Enter" && mayPress) {
        if (event.target instanceof HTMLButtonElement) return; // a focused button clicks itself
        event.preventDefault();
        pressOk();
        return;
      }
      if (event.key === "Enter" && others.some((a) => a.type === "none")) {
        event.preventDefault();
        act({ type: "none" });
        return;
      }
      const at = KEYS.indexOf(event.key.toLowerCase());
      if (at >= 0 && at < handTiles.length && discards.length) {
        event.preventDefault();
        discard(handTiles[at].tile, handTiles[at].drawn);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const legal = new Set(discards.map((a) => a.pai));
  // Beginner help (off by default): the waits of a 13-tile hand, or per tile the waits left by
  // discarding it.
  const help = Boolean(toggles?.help) && playing;
  const river = me.river.map((d) => d.pai);
  // In riichi the hand is locked: its waits (and furiten) stay shown while a drawn tile is held.
  const waits = help && (!me.drawn || me.riichi) ? waitsOf(me.hand) : [];
  const whyFuriten = waits.length ? furitenReason(waits, me) : null;
  const waitsAfter = (i: number): string[] =>
    help && me.drawn ? waitsOf(handTiles.filter((_, j) => j !== i).map((t) => t.tile)) : [];
  // Between two hands the server holds the next one back (`hand_pause`) until each person pressed OK
  // or its seconds passed: the result stays up meanwhile, then closes with the pause.
  const pause = props.pause && state.handEnd !== null && props.pause.n >= state.handEndN ? props.pause : null;
  // Pressed on this `hand_pause` message: the button waits for the server's next word (a later
  // message without this seat among `ready`, after a lost connection, offers it again).
  const [pressed, setPressed] = useState<HandPause | null>(null);
  const mayPress = Boolean(pause && playing && props.nextHand && pause.seats.includes(seat) && !pause.ready.includes(seat) && pressed !== pause);
  const pressOk = () => {
    if (!pause || !mayPress) return;
    setPressed(pause);
    props.nextHand?.(pause.n);
    props.closeHandEnd(state.handEndN);
  };
  const showHandEnd =
    state.handEnd !== null && !state.matchEnd && (pause !== null || state.handEndN > props.closedHandEnd);
  const waiting = new Set(info.waiting);
  const plate = (s: number) => {
    const wind = SEAT_WINDS[(s - state.oya + 4) % 4];
    return (
      <div class={`plate ${POSITION[(s - seat + 4) % 4]}${waiting.has(s) ? " to-act" : ""}${state.turn === s ? " turn" : ""}`} data-seat={s}>
        <span class={`wind${wind === "E" ? " dealer" : ""}`} title={windName(wind)}>{{ E: "東", S: "南", W: "西", N: "北" }[wind]}</span>
        <span class="name" title={names[s]}>{names[s]}{!info.connected[s] && info.kinds[s] === "person" ? " (away)" : ""}</span>
        <span class="score">{state.scores[s]}</span>
        {state.seats[s].riichi && <span class="riichi-stick" title="riichi" />}
        {s === seat && playing ? null : info.left[s] !== null && waiting.has(s) ? (
          <Clock key={`${info.clockKey}-${s}`} seconds={info.left[s]!} running />
        ) : info.banks && info.kinds[s] === "person" ? (
          <span class="bank" title="time bank">{formatSeconds(info.banks[s])}</span>
        ) : null}
      </div>
    );
  };

  const opponentsMelds = (s: number) => (
    <div class={`corner ${POSITION[(s - seat + 4) % 4]}`}>
      {plate(s)}
      <div class="melds">{state.seats[s].melds.map((m, i) => <MeldView key={i} meld={m} small />)}</div>
      {(props.replay || state.seats[s].open) && (
        <div class={`open-hand${state.seats[s].open ? " open-riichi" : ""}`} title={state.seats[s].open ? "open riichi: the hand is shown" : undefined}>
          {state.seats[s].hand.map((t, i) => <Tile key={i} tile={t} />)}
          {state.seats[s].drawn && <Tile tile={state.seats[s].drawn!} class="drawn" />}
        </div>
      )}
    </div>
  );

  return (
    <div class="mahjong" data-n={state.n}>
      <div class="square">
        {[1, 2, 3].map((k) => opponentsMelds((seat + k) % 4))}
        {[0, 1, 2, 3].map((k) => {
          const s = (seat + k) % 4;
          return <River key={s} seat={state.seats[s]} position={POSITION[k]} lastDiscard={state.lastDiscard?.seat === s} />;
        })}
        <div class="center" data-testid="center">
          <div class="round">{state.started ? roundLabel({ ...state, honba: 0 }) : "waiting"}</div>
          <div class="counters">
            <span title="riichi sticks on the table">◆ {state.kyotaku}</span>
            {state.honba > 0 && <span class="honba" title="counters (honba)">{state.honba} honba</span>}
            <span title="tiles left in the wall">{state.tilesLeft} left</span>
          </div>
          <div class="dora" title={`dora: ${state.doraMarkers.map((m) => tileName(doraOf(m))).join(", ")}`}>
            {state.doraMarkers.map((m, i) => <Tile key={i} tile={m} />)}
            {Array.from({ length: Math.max(0, 5 - state.doraMarkers.length) }, (_, i) => <Tile key={`b${i}`} tile="?" back />)}
          </div>
          {plate(seat)}
        </div>
      </div>
      <div class="me">
        <div class="hand-row">
          <div class={`hand${riichiMode ? " choosing" : ""}`} data-testid="hand">
            {handTiles.map(({ tile, drawn }, i) => {
              const playable = discards.length > 0 && legal.has(tile) && !riichiMode;
              const left = waitsAfter(i);
              return (
                <button
                  key={`${i}-${tile}`}
                  title={left.length ? `tenpai: waits ${left.join(" ")}${furiten(left, [...river, tile, ...me.passedInRiichi]) ? " (furiten)" : ""}` : undefined}
                  class={`hand-tile${drawn ? " drawn" : ""}${playable ? " playable" : ""}${discards.length && !legal.has(tile) ? " illegal" : ""}${left.length ? " keeps-tenpai" : ""}`}
                  disabled={!playable}
                  data-tile={tile}
                  aria-label={`discard ${tileName(tile)}`}
                  onClick={() => discard(tile, drawn)}
                >
                  <Tile tile={tile} />
                  {playing && <kbd>{KEYS[i]}</kbd>}
                </button>
              );
            })}
          </div>
          <div class="melds mine">{me.melds.map((m, i) => <MeldView key={i} meld={m} />)}</div>
        </div>
        {playing && (
          <div class="actions" data-testid="actions">
            {prompt && (
              <Clock key={`${prompt.n}-${prompt.actions.length}`} seconds={prompt.seconds} running label="time" />
            )}
            {others
              .filter((a) => a.type !== "chi")
              .map((a, i) => (
                <button
                  key={i}
                  class={`act ${a.type}${a.type === "none" ? "" : " primary"}`}
                  data-action={a.type}
                  onClick={() => (a.type === "reach" ? (act(a), setRiichiMode(false)) : act(a))}
                >
                  {actionLabel(a, seat)}
                  {(a.type === "ankan" || a.type === "kakan") && a.pai && <Tile tile={a.pai} />}
                  {a.type === "ankan" && !a.pai && a.consumed && <Tile tile={a.consumed[0]} />}
                  {a.type === "none" && <kbd>⏎</kbd>}
                </button>
              ))}
            {chis.map((a, i) => (
              <button key={`chi${i}`} class="act chi primary" data-action="chi" onClick={() => act(a)}>
                Chi {(a.consumed ?? []).map((t, j) => <Tile key={j} tile={t} />)}
              </button>
            ))}
            {prompt && me.riichiPending && <span class="hint">Riichi: discard a tile that keeps you tenpai</span>}
            {!prompt && state.turn !== null && <span class="hint">{waiting.size ? `${[...waiting].map((s) => names[s]).join(", ")} thinking` : ""}</span>}
          </div>
        )}
        {help && waits.length > 0 && (
          <p class={`help${whyFuriten ? " furiten" : ""}`} data-testid="waits">
            Waits: {waits.map((w) => <Tile key={w} tile={w} />)}
            {whyFuriten && <b> furiten: no ron ({whyFuriten})</b>}
          </p>
        )}
        {props.error && <p class="error" role="alert">{props.error}</p>}
        {playing && toggles && setToggles && (
          <div class="toggles">
            <label><input type="checkbox" checked={toggles.autoWin} onChange={() => setToggles({ ...toggles, autoWin: !toggles.autoWin })} /> auto-win</label>
            <label><input type="checkbox" checked={toggles.noCalls} onChange={() => setToggles({ ...toggles, noCalls: !toggles.noCalls })} /> no calls</label>
            <label><input type="checkbox" checked={toggles.tsumogiri} onChange={() => setToggles({ ...toggles, tsumogiri: !toggles.tsumogiri })} /> tsumogiri</label>
            <label><input type="checkbox" checked={Boolean(toggles.help)} onChange={() => setToggles({ ...toggles, help: !toggles.help })} /> help (waits)</label>
          </div>
        )}
      </div>
      {showHandEnd && state.handEnd && (
        <HandEndView
          end={state.handEnd}
          names={names}
          seat={seat}
          label="Continue"
          onClose={() => props.closeHandEnd(state.handEndN)}
          pause={pause ? { pause, mayPress, sent: pressed === pause ? seat : null, names, press: pressOk } : null}
        />
      )}
      {state.matchEnd && <MatchEndView end={state.matchEnd} names={names} gameId={props.gameId} inline={props.replay} />}
    </div>
  );
}
