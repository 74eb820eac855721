// Code that HTML the server already rendered needs before React can take it over. Hydration waits for
// it (app/entry.client.tsx), so React hydrates that HTML in place, keeping what was typed into it and
// where, instead of rendering it anew once the code comes. Route modules run before the entry, so a
// part they render registers here in time.

const needed: Promise<unknown>[] = [];

/** Holds hydration until `code` has come (or failed: the page then hydrates without it, as before). */
export function holdHydrationFor(code: Promise<unknown>): void {
  needed.push(code.catch(() => undefined));
}

/** Resolves once every part's code the server's HTML shows has come. */
export function codeBeforeHydration(): Promise<unknown> {
  return Promise.all(needed);
}
