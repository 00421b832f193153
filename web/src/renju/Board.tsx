// The renju board drawn as SVG: lines, star points, coordinates (a.. from the left, 1 at the bottom),
// stones, the last move, move numbers on request, Black's forbidden points with their reason.
import type { JSX } from "preact";

export interface Stone {
  point: string;
  color: "black" | "white";
}

export interface BoardProps {
  size: number;
  stones: Stone[];
  last: string | null;
  /** Points in the order they were played (for move numbers). */
  order: string[];
  numbers: boolean;
  forbidden: Record<string, string>;
  /** Points to mark (offered fifth moves, points being chosen). */
  marks: Record<string, string>;
  line: string[];
  onPoint?: (point: string) => void;
}

const CELL = 32;
const MARGIN = 30;
const letters = "abcdefghijklmnopqrstuvwxyz";

export const pointName = (col: number, row: number): string => `${letters[col]}${row + 1}`;

export function parsePoint(point: string): [number, number] {
  return [letters.indexOf(point[0]), Number(point.slice(1)) - 1];
}

function stars(size: number): [number, number][] {
  if (size < 9) return [];
  const c = (size - 1) / 2;
  const d = size >= 13 ? 3 : 2;
  const far = size - 1 - d;
  const corners: [number, number][] = [[d, d], [d, far], [far, d], [far, far]];
  return size % 2 === 1 ? [[c, c], ...corners] : corners; // an even (gomoku) board has no centre point
}

export function Board(props: BoardProps): JSX.Element {
  const { size, stones, last, order, numbers, forbidden, marks, line, onPoint } = props;
  const extent = MARGIN * 2 + CELL * (size - 1);
  const x = (col: number) => MARGIN + col * CELL;
  const y = (row: number) => MARGIN + (size - 1 - row) * CELL;
  const occupied = new Map(stones.map((s) => [s.point, s.color]));
  const numberOf = new Map(order.map((p, i) => [p, i + 1]));
  const onLine = new Set(line);
  const grid: JSX.Element[] = [];
  for (let i = 0; i < size; i++) {
    grid.push(<line key={`h${i}`} x1={x(0)} x2={x(size - 1)} y1={y(i)} y2={y(i)} />);
    grid.push(<line key={`v${i}`} x1={x(i)} x2={x(i)} y1={y(0)} y2={y(size - 1)} />);
  }
  const labels: JSX.Element[] = [];
  for (let i = 0; i < size; i++) {
    labels.push(<text key={`c${i}`} x={x(i)} y={extent - 8} text-anchor="middle">{letters[i]}</text>);
    labels.push(<text key={`r${i}`} x={12} y={y(i) + 4} text-anchor="middle">{i + 1}</text>);
  }
  const cells: JSX.Element[] = [];
  for (let col = 0; col < size; col++) {
    for (let row = 0; row < size; row++) {
      const point = pointName(col, row);
      const colour = occupied.get(point);
      const cx = x(col);
      const cy = y(row);
      const parts: JSX.Element[] = [];
      if (colour) {
        parts.push(<circle class={`stone ${colour}`} cx={cx} cy={cy} r={CELL * 0.45} />);
        if (numbers && numberOf.has(point)) {
          parts.push(<text class={`number ${colour}`} x={cx} y={cy + 4.5} text-anchor="middle">{numberOf.get(point)}</text>);
        } else if (point === last) {
          parts.push(<circle class={`last ${colour}`} cx={cx} cy={cy} r={CELL * 0.13} />);
        }
        if (onLine.has(point)) parts.push(<circle class="winning" cx={cx} cy={cy} r={CELL * 0.47} />);
      } else if (forbidden[point]) {
        parts.push(
          <g class="forbidden" data-forbidden={forbidden[point]}>
            <title>{`${point}: forbidden to Black (${forbidden[point]})`}</title>
            <line x1={cx - 7} y1={cy - 7} x2={cx + 7} y2={cy + 7} />
            <line x1={cx - 7} y1={cy + 7} x2={cx + 7} y2={cy - 7} />
          </g>,
        );
      } else if (marks[point]) {
        parts.push(<circle class={`mark ${marks[point]}`} cx={cx} cy={cy} r={CELL * 0.42} />);
      }
      cells.push(
        <g
          key={point}
          class={`point${onPoint && !colour ? " playable" : ""}`}
          data-point={point}
          onClick={onPoint ? () => onPoint(point) : undefined}
        >
          <rect x={cx - CELL / 2} y={cy - CELL / 2} width={CELL} height={CELL} fill="transparent" />
          {parts}
        </g>,
      );
    }
  }
  return (
    <svg class="board" viewBox={`0 0 ${extent} ${extent}`} role="img" aria-label={`renju board ${size}x${size}`}>
      <rect class="wood" x={0} y={0} width={extent} height={extent} rx={6} />
      <g class="grid">{grid}</g>
      {stars(size).map(([c, r]) => (
        <circle class="star" cx={x(c)} cy={y(r)} r={3.2} />
      ))}
      <g class="coords">{labels}</g>
      {cells}
    </svg>
  );
}
