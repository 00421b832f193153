// mjai tile notation: "1m".."9m", "5mr" (red five), "E S W N" winds, "P F C" dragons, "?" hidden.

const HONORS = ["E", "S", "W", "N", "P", "F", "C"];
const SUITS = ["m", "p", "s"];

/** A sort key: man, pin, sou, then winds and dragons; a red five just after the plain five. */
export function tileOrder(tile: string): number {
  if (tile === "?") return 1000;
  const honor = HONORS.indexOf(tile);
  if (honor >= 0) return 300 + honor * 2;
  const suit = SUITS.indexOf(tile[1]);
  return suit * 100 + Number(tile[0]) * 2 + (tile.endsWith("r") ? 1 : 0);
}

export function sortTiles(tiles: string[]): string[] {
  return [...tiles].sort((a, b) => tileOrder(a) - tileOrder(b));
}

/** The same tile ignoring redness ("5mr" and "5m" are one kind). */
export function kind(tile: string): string {
  return tile.endsWith("r") ? tile.slice(0, 2) : tile;
}

const WIND_NAMES: Record<string, string> = { E: "East", S: "South", W: "West", N: "North" };
export const windName = (wind: string): string => WIND_NAMES[wind] ?? wind;
export const SEAT_WINDS = ["E", "S", "W", "N"];

/** A tile's name for people and screen readers: "5 pin (red)", "East", "white dragon". */
export function tileName(tile: string): string {
  if (tile === "?") return "hidden tile";
  if (tile in WIND_NAMES) return WIND_NAMES[tile];
  if (tile === "P") return "white dragon";
  if (tile === "F") return "green dragon";
  if (tile === "C") return "red dragon";
  const suit = { m: "man", p: "pin", s: "sou" }[tile[1]] ?? tile[1];
  return `${tile[0]} ${suit}${tile.endsWith("r") ? " (red)" : ""}`;
}

/** The dora a marker indicates (MJ-DORA: the next tile of the suit, winds and dragons in a cycle). */
export function doraOf(marker: string): string {
  const k = kind(marker);
  const honor = HONORS.indexOf(k);
  if (honor >= 0) return honor < 4 ? HONORS[(honor + 1) % 4] : HONORS[4 + ((honor - 3) % 3)];
  const n = Number(k[0]);
  return `${n === 9 ? 1 : n + 1}${k[1]}`;
}
