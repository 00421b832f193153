// Beginner help: the tiles a concealed hand waits on (standard hands, seven pairs, thirteen orphans)
// and whether the hand is furiten (MJ-FURITEN: a hand may not win by ron on a tile it has discarded,
// nor on one it let go since its last discard, nor, after riichi, on one it let go since then).
import { kind } from "./tiles";

const KINDS = [
  ..."123456789".split("").map((n) => `${n}m`),
  ..."123456789".split("").map((n) => `${n}p`),
  ..."123456789".split("").map((n) => `${n}s`),
  "E", "S", "W", "N", "P", "F", "C",
];
const TERMINALS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

export function counts(tiles: string[]): number[] {
  const found = new Array<number>(34).fill(0);
  for (const tile of tiles) {
    const at = KINDS.indexOf(kind(tile));
    if (at >= 0) found[at] += 1;
  }
  return found;
}

/** Whether `c` splits into sets (runs within a suit, triplets) only. */
function sets(c: number[], from = 0): boolean {
  let i = from;
  while (i < 34 && c[i] === 0) i++;
  if (i === 34) return true;
  if (c[i] >= 3) {
    c[i] -= 3;
    const ok = sets(c, i);
    c[i] += 3;
    if (ok) return true;
  }
  if (i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0) {
    c[i]--, c[i + 1]--, c[i + 2]--;
    const ok = sets(c, i);
    c[i]++, c[i + 1]++, c[i + 2]++;
    if (ok) return true;
  }
  return false;
}

/** Whether concealed tiles `c` (3n+2 of them) form a winning shape. */
export function complete(c: number[]): boolean {
  const total = c.reduce((a, b) => a + b, 0);
  if (total === 14) {
    if (c.filter((n) => n === 2).length === 7) return true;
    if (TERMINALS.every((i) => c[i] >= 1) && TERMINALS.some((i) => c[i] === 2)) return true;
  }
  for (let i = 0; i < 34; i++) {
    if (c[i] >= 2) {
      c[i] -= 2;
      const ok = sets(c);
      c[i] += 2;
      if (ok) return true;
    }
  }
  return false;
}

/** The tile kinds (mjai names) that complete the concealed `tiles` (3n+1 of them). */
export function waitsOf(tiles: string[]): string[] {
  if (tiles.length % 3 !== 1) return [];
  const c = counts(tiles);
  const found: string[] = [];
  for (let i = 0; i < 34; i++) {
    if (c[i] >= 4) continue;
    c[i]++;
    if (complete(c)) found.push(KINDS[i]);
    c[i]--;
  }
  return found;
}

/** Whether a wait is among the player's own discards. */
export function furiten(waits: string[], river: string[]): boolean {
  const discarded = new Set(river.map(kind));
  return waits.some((w) => discarded.has(w));
}

/** Why a hand waiting on `waits` may not win by ron now, or null (MJ-FURITEN): a wait in the
 * player's own river; a wait passed since his last discard (temporary furiten); a wait passed
 * after his riichi (riichi furiten, to the end of the hand). */
export function furitenReason(
  waits: string[],
  seat: { river: { pai: string }[]; passed: string[]; passedInRiichi: string[] },
): string | null {
  if (furiten(waits, seat.river.map((d) => d.pai))) return "a wait is in your river";
  if (furiten(waits, seat.passedInRiichi)) return "you let a winning tile go after your riichi";
  if (furiten(waits, seat.passed)) return "you let a winning tile go since your last discard";
  return null;
}
