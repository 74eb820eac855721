// Every request reads D1 through one D1 session (the Sessions API), so far visitors are served by a
// read replica near them while the artist always reads the primary's present:
// - a visitor's page (GET or HEAD without cookies): "first-unconstrained", the nearest replica;
// - everything else (every write, every request with a cookie, so every one of the admin's):
//   "first-primary", so whatever follows reads at least what the primary held when the request came.
// Writes always go to the primary. The admin's requests never start from a replica, even one a
// bookmark names: a signed-out session's stolen cookie, sent with an old bookmark, would be checked
// against a replica that had not yet seen the sign-out (ADR 0055). A public page rendered from a replica
// that had not yet seen a save is as stale as a render that began before the save: the purge sent again
// PURGE_REPEAT_SECONDS later (app/public-cache/purge.server.ts) removes either.

/** The binding a request reads and writes D1 through: a D1 session, shaped as the binding (prepare and batch). */
export function d1SessionFor(request: Request, database: D1Database): D1Database {
  const visitorsPage = (request.method === "GET" || request.method === "HEAD") && !request.headers.has("Cookie");
  // Drizzle and the app use prepare and batch only, which a session has.
  return database.withSession(visitorsPage ? "first-unconstrained" : "first-primary") as unknown as D1Database;
}
