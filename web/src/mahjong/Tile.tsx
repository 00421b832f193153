// A mahjong tile drawn as SVG by taku itself: man as a numeral over 萬, pin as circles, sou as
// bamboo sticks, honors as their characters. Red fives are drawn in red with a red corner mark.
import type { JSX } from "preact";
import { tileName } from "./tiles";

// Where the symbols of a pin or sou tile stand, in a 0..1 square (the tile's face).
const LAYOUT: Record<number, [number, number][]> = {
  1: [[0.5, 0.5]],
  2: [[0.5, 0.25], [0.5, 0.75]],
  3: [[0.22, 0.2], [0.5, 0.5], [0.78, 0.8]],
  4: [[0.28, 0.25], [0.72, 0.25], [0.28, 0.75], [0.72, 0.75]],
  5: [[0.25, 0.2], [0.75, 0.2], [0.5, 0.5], [0.25, 0.8], [0.75, 0.8]],
  6: [[0.28, 0.18], [0.72, 0.18], [0.28, 0.5], [0.72, 0.5], [0.28, 0.82], [0.72, 0.82]],
  7: [[0.2, 0.14], [0.5, 0.22], [0.8, 0.3], [0.28, 0.6], [0.72, 0.6], [0.28, 0.86], [0.72, 0.86]],
  8: [[0.28, 0.14], [0.72, 0.14], [0.28, 0.38], [0.72, 0.38], [0.28, 0.62], [0.72, 0.62], [0.28, 0.86], [0.72, 0.86]],
  9: [[0.2, 0.17], [0.5, 0.17], [0.8, 0.17], [0.2, 0.5], [0.5, 0.5], [0.8, 0.5], [0.2, 0.83], [0.5, 0.83], [0.8, 0.83]],
};

const W = 30;
const H = 40;
const FACE = { x: 3, y: 4, w: 24, h: 32 };
const INK = { blue: "#1d4e89", green: "#1f7a3a", red: "#c0272d", black: "#222" };

function symbols(n: number, suit: string, red: boolean): JSX.Element[] {
  const spots = LAYOUT[n];
  const size = n === 1 ? 10 : n <= 4 ? 5.2 : n <= 6 ? 4.4 : 3.6;
  return spots.map(([u, v], i) => {
    const cx = FACE.x + u * FACE.w;
    const cy = FACE.y + v * FACE.h;
    // Pin: circles (blue, green and red alternate as on real tiles); sou: sticks (green).
    if (suit === "p") {
      const colour = red ? INK.red : n === 1 ? INK.red : i % 3 === 1 && n > 2 ? INK.green : INK.blue;
      return (
        <g key={i}>
          <circle cx={cx} cy={cy} r={size} fill="none" stroke={colour} stroke-width={n === 1 ? 2.4 : 1.6} />
          <circle cx={cx} cy={cy} r={size * 0.35} fill={colour} />
        </g>
      );
    }
    const colour = red ? INK.red : n === 1 ? INK.red : (n === 5 || n === 7 || n === 9) && i === Math.floor(n / 2) ? INK.red : INK.green;
    const length = n === 1 ? 20 : n <= 4 ? 11 : n <= 6 ? 8.5 : 6.8;
    return (
      <g key={i}>
        <rect x={cx - 1.6} y={cy - length / 2} width={3.2} height={length} rx={1.4} fill={colour} />
        <line x1={cx - 1.6} x2={cx + 1.6} y1={cy} y2={cy} stroke="#fff" stroke-width={0.7} />
      </g>
    );
  });
}

function face(tile: string): JSX.Element | JSX.Element[] {
  const red = tile.endsWith("r");
  const n = Number(tile[0]);
  const suit = tile[1];
  if (suit === "m") {
    return [
      <text key="n" x={15} y={19} font-size="15" font-weight="700" text-anchor="middle" fill={red ? INK.red : INK.black}>
        {["一", "二", "三", "四", "五", "六", "七", "八", "九"][n - 1]}
      </text>,
      <text key="s" x={15} y={34} font-size="12" font-weight="700" text-anchor="middle" fill={INK.red}>萬</text>,
    ];
  }
  if (suit === "p" || suit === "s") return symbols(n, suit, red);
  const honor: Record<string, [string, string]> = {
    E: ["東", INK.black], S: ["南", INK.black], W: ["西", INK.black], N: ["北", INK.black],
    F: ["發", INK.green], C: ["中", INK.red],
  };
  if (tile === "P") return <rect x={7} y={9} width={16} height={22} fill="none" stroke={INK.blue} stroke-width={2} rx={1} />;
  const [glyph, colour] = honor[tile] ?? ["?", INK.black];
  return <text x={15} y={27} font-size="19" font-weight="700" text-anchor="middle" fill={colour}>{glyph}</text>;
}

export interface TileProps {
  tile: string;
  /** Turned sideways (a riichi discard, a called tile). */
  sideways?: boolean;
  /** Face down (a hidden tile in someone's hand, the closed ends of an ankan). */
  back?: boolean;
  dim?: boolean;
  class?: string;
}

/** One tile; the page sizes it with CSS (its width), the drawing keeps a 3:4 shape. */
export function Tile({ tile, sideways, back, dim, class: extra }: TileProps): JSX.Element {
  const hidden = back || tile === "?";
  const red = tile.endsWith("r");
  const body = (
    <>
      <rect x={0.75} y={0.75} width={W - 1.5} height={H - 1.5} rx={3.5} fill={hidden ? "#2f7d6d" : "#fbf8ef"} stroke="#8a8272" stroke-width={1.2} />
      {hidden ? (
        <rect x={4} y={4} width={W - 8} height={H - 8} rx={2} fill="none" stroke="#a7d3c7" stroke-width={1} />
      ) : (
        <>
          {face(tile)}
          {red && <path d={`M ${W - 9} 1.5 L ${W - 1.5} 1.5 L ${W - 1.5} 9 Z`} fill={INK.red} />}
        </>
      )}
    </>
  );
  const classes = ["tile", sideways ? "sideways" : "", dim ? "dim" : "", red ? "red" : "", extra ?? ""].filter(Boolean).join(" ");
  return (
    <svg
      class={classes}
      viewBox={sideways ? `0 0 ${H} ${W}` : `0 0 ${W} ${H}`}
      role="img"
      aria-label={hidden ? "hidden tile" : tileName(tile)}
      data-tile={hidden ? "?" : tile}
    >
      {sideways ? <g transform={`translate(${H} 0) rotate(90)`}>{body}</g> : body}
    </svg>
  );
}
