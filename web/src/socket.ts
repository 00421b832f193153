// The WebSocket of a game: numbered events, reconnection with `since` (the last event seen).

export type ServerMessage = { type: string; [key: string]: unknown };

export class GameSocket {
  private socket: WebSocket | null = null;
  private closed = false;
  private retry = 0;
  /** The number of the last event received: a reconnect asks for what came after it. */
  last = 0;

  constructor(
    private path: string,
    private invite: string | null,
    private onMessage: (message: ServerMessage) => void,
    private onStatus: (connected: boolean) => void,
  ) {
    this.open();
  }

  private open(): void {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const invite = this.invite ? `&invite=${encodeURIComponent(this.invite)}` : "";
    const socket = new WebSocket(`${scheme}://${location.host}${this.path}?since=${this.last}${invite}`);
    this.socket = socket;
    socket.onopen = () => {
      this.retry = 0;
      this.onStatus(true);
    };
    socket.onmessage = (message) => {
      let data: ServerMessage;
      try {
        data = JSON.parse(String(message.data)) as ServerMessage;
      } catch {
        return;
      }
      if (data.type === "event" && typeof data.n === "number") {
        if (data.n <= this.last) return; // already seen (a resync overlaps)
        this.last = data.n;
      }
      this.onMessage(data);
    };
    socket.onclose = () => {
      this.onStatus(false);
      if (this.closed) return;
      this.retry = Math.min(this.retry + 1, 6);
      window.setTimeout(() => this.closed || this.open(), 250 * 2 ** this.retry);
    };
  }

  send(message: unknown): void {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
