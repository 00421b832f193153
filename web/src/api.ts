// The HTTP API of `taku serve` (docs/server.md): JSON in and out, the CSRF header on every change.

export interface User {
  id: number;
  name: string;
  guest: boolean;
}

export interface SeatSummary {
  seat: number;
  kind: string;
  name: string | null;
  connected?: boolean;
  user?: number | null;
}

export interface GameSummary {
  id: string;
  game: "mahjong" | "renju";
  status: string;
  private: boolean;
  config: Record<string, unknown>;
  seats: SeatSummary[];
  spectators: number;
  created: number;
  result: Record<string, unknown> | null;
  invite?: string;
}

export interface Options {
  mahjong: { rules: string[]; bots: string[]; seats: string[]; clock: { action_s: number; bank_s: number } };
  renju: { rules: string[]; openings: string[]; levels: string[]; brains: string[]; opponents: string[] };
}

export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

let csrf = "";

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-CSRF-Token"] = csrf;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message =
      data && typeof data === "object" && "error" in data ? String((data as { error: unknown }).error) : text;
    throw new ApiError(response.status, message || `${method} ${path}: ${response.status}`);
  }
  return data as T;
}

export interface Session {
  user: User | null;
  csrf: string;
}

export async function session(): Promise<Session> {
  const found = await call<Session>("GET", "/api/session");
  csrf = found.csrf;
  return found;
}

async function signIn(path: string, body: unknown): Promise<Session> {
  const found = await call<Session>("POST", path, body);
  csrf = found.csrf;
  return found;
}

export const guest = (name: string) => signIn("/api/session/guest", { name });
export const login = (name: string, password: string) => signIn("/api/session", { name, password });
export const register = (name: string, password: string) => signIn("/api/users", { name, password });
export async function logout(): Promise<void> {
  await call("DELETE", "/api/session");
  await session();
}

export const options = () => call<Options>("GET", "/api/options");
export const games = () => call<{ games: GameSummary[] }>("GET", "/api/games");
export const myGames = () => call<{ games: GameSummary[] }>("GET", "/api/me/games");
export const game = (id: string, invite?: string | null) =>
  call<GameSummary>("GET", `/api/games/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`);
export const createMahjong = (body: unknown) =>
  call<{ game: GameSummary; invite: string }>("POST", "/api/games/mahjong", body);
export const createRenju = (body: unknown) =>
  call<{ game: GameSummary; invite: string }>("POST", "/api/games/renju", body);
export const join = (id: string, seat?: number, invite?: string | null) =>
  call<{ seat: number }>("POST", `/api/games/${encodeURIComponent(id)}/join`, {
    ...(seat === undefined ? {} : { seat }),
    ...(invite ? { invite } : {}),
  });
export const leave = (id: string) => call("POST", `/api/games/${encodeURIComponent(id)}/leave`, {});
export const replay = (id: string, invite?: string | null) =>
  call<{ game: GameSummary; events: Record<string, unknown>[] }>(
    "GET",
    `/api/games/${encodeURIComponent(id)}/replay${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`,
  );
