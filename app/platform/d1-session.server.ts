// Every request reads D1 through one D1 session (the Sessions API), so far visitors are served by a
// read replica near them while the artist always reads her own writes:
// - a visitor's page (GET or HEAD without cookies): "first-unconstrained", the nearest replica;
// - the admin, after a save: the bookmark of that write, kept in a cookie, so any replica at least
//   that fresh may answer (the page after a save shows it);
// - everything else (every write, the admin without a bookmark): "first-primary".
// Writes always go to the primary. A public page rendered from a replica that had not yet seen a save
// is as stale as a render that began before the save: the purge sent again PURGE_REPEAT_SECONDS later
// (app/public-cache/purge.server.ts) removes either.
import { cookieName, isLocalHttp } from "~/platform/cookie-names";

// D1 bookmarks are hex groups joined by dashes; anything else is ignored (a bad one would fail the query).
const BOOKMARK = /^[0-9a-f]{1,32}(-[0-9a-f]{1,32}){0,8}$/i;
/** Long enough for any replica to catch up; after that the bookmark constrains nothing. */
const BOOKMARK_SECONDS = 60 * 60;

export type D1Session = {
  /** The binding the request uses: a D1 session, shaped as the binding (prepare and batch). */
  binding: D1Database;
  /** Adds the admin's bookmark cookie to the answer to a write she made within her session. */
  remember(response: Response): void;
};

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

export function d1SessionFor(request: Request, database: D1Database): D1Session {
  const reading = request.method === "GET" || request.method === "HEAD";
  const cookies = request.headers.has("Cookie");
  const admin = cookies && cookieValue(request, cookieName("session", request)) !== undefined;
  const bookmark = cookieValue(request, cookieName("d1-bookmark", request));
  const session = database.withSession(
    reading && !cookies ? "first-unconstrained" : bookmark && BOOKMARK.test(bookmark) ? bookmark : "first-primary",
  );
  return {
    // Drizzle and the app use prepare and batch only, which a session has.
    binding: session as unknown as D1Database,
    remember(response) {
      const written = session.getBookmark();
      if (reading || !admin || !written || !BOOKMARK.test(written)) return;
      // Signing in or out starts or ends the session: nothing of hers to read back.
      const sessionCookie = `${cookieName("session", request)}=`;
      if (response.headers.getSetCookie().some((cookie) => cookie.startsWith(sessionCookie))) return;
      const secure = isLocalHttp(request) ? "" : "; Secure";
      response.headers.append(
        "Set-Cookie",
        `${cookieName("d1-bookmark", request)}=${written}; Max-Age=${BOOKMARK_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`,
      );
    },
  };
}
