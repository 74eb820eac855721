import { RemixBrowser } from "@remix-run/react";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { codeBeforeHydration } from "~/document/before-hydration";

// After the code of any part the server rendered whose code comes on demand: React then keeps that
// part's HTML, and what was typed into it (app/document/before-hydration.ts). Not in a transition:
// React 18 hydrating in one stops for good (error 345) when a tap or a key makes it finish at once,
// and the page then never works; hydrated in one pass, a tap or key waits for it and is answered.
void codeBeforeHydration().then(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
