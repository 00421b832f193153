// A countdown shown in seconds (m:ss over a minute); it ticks locally between server messages.
import type { JSX } from "preact";
import { useEffect, useState } from "preact/hooks";

export function formatSeconds(seconds: number): string {
  const s = Math.max(0, seconds);
  if (s >= 60) return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, "0")}`;
  return s < 10 ? s.toFixed(1) : String(Math.floor(s));
}

/** `whole`: whole seconds, rounded up (a countdown to an event rather than a player's clock). */
export function Clock({ seconds, running, label, whole }: { seconds: number; running: boolean; label?: string; whole?: boolean }): JSX.Element {
  const [start] = useState(() => performance.now());
  const [now, setNow] = useState(start);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(performance.now()), 100);
    return () => window.clearInterval(timer);
  }, [running]);
  const left = running ? seconds - (now - start) / 1000 : seconds;
  return (
    <span class={`clock${running ? " running" : ""}${left < 10 && running ? " low" : ""}`}>
      {label ? `${label} ` : ""}
      {whole ? String(Math.max(0, Math.ceil(left))) : formatSeconds(left)}
    </span>
  );
}
