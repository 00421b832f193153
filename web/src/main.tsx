// The page: a header, and the lobby, a game or a replay by the address's hash
// (#/, #/game/ID?invite=..., #/replay/ID).
import { render, type JSX } from "preact";
import { useEffect, useState } from "preact/hooks";
import * as api from "./api";
import { GamePage } from "./GamePage";
import { Lobby } from "./Lobby";
import { ReplayPage } from "./Replay";
import "./style.css";

interface Route {
  page: "lobby" | "game" | "replay";
  id: string;
  invite: string | null;
}

export function parseRoute(hash: string): Route {
  const [path, query] = hash.replace(/^#/, "").split("?");
  const invite = new URLSearchParams(query ?? "").get("invite");
  const parts = path.split("/").filter(Boolean);
  if (parts[0] === "game" && parts[1]) return { page: "game", id: parts[1], invite };
  if (parts[0] === "replay" && parts[1]) return { page: "replay", id: parts[1], invite };
  return { page: "lobby", id: "", invite: null };
}

function App(): JSX.Element {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  const [user, setUser] = useState<api.User | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const onHash = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", onHash);
    api.session().then(
      (s) => {
        setUser(s.user);
        setReady(true);
      },
      () => setReady(true),
    );
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const signOut = () => api.logout().then(() => setUser(null));
  return (
    <>
      <header class="top">
        <a class="brand" href="#/">卓 taku</a>
        <span class="who">
          {user ? (
            <>
              <span class="user-name" title={user.name}>
                {user.name}
                {user.guest ? " (guest)" : ""}
              </span>{" "}
              <button class="link" onClick={signOut}>log out</button>
            </>
          ) : null}
        </span>
      </header>
      <main>
        {!ready ? (
          <p class="loading">Loading…</p>
        ) : route.page === "game" && user ? (
          <GamePage key={route.id} id={route.id} invite={route.invite} user={user} />
        ) : route.page === "game" ? (
          <>
            <Lobby user={null} setUser={setUser} />
            <GamePage key={route.id} id={route.id} invite={route.invite} user={null} />
          </>
        ) : route.page === "replay" ? (
          <ReplayPage key={route.id} id={route.id} invite={route.invite} />
        ) : (
          <Lobby user={user} setUser={setUser} />
        )}
      </main>
    </>
  );
}

render(<App />, document.getElementById("app")!);
