// Budget: JavaScript <= 100 KB gzip per public page (`npm run bench`). Measured gain: the dialog's own
// code, 1.9 KB gzip on /post/:id, which has less than that left (docs/performance.md). Most visitors look without enquiring, so the code is
// fetched when one reaches for "Make Enquiry" (pointer over, focus, touch). The server renders the
// dialog in place when the page is asked for with it open (?enquire=1, the way without JavaScript);
// then hydration waits for the code (before-hydration.ts), so React takes over the fields as the
// visitor left them, mid-word, instead of rendering them empty again once it comes.
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from "react";
import { holdHydrationFor } from "~/document/before-hydration";
import { EnquiryModal as EnquiryModalOnServer } from "~/messages/EnquiryModal";

type Props = ComponentProps<typeof EnquiryModalOnServer>;

let loaded: ComponentType<Props> | undefined = import.meta.env.SSR ? EnquiryModalOnServer : undefined;

export const loadEnquiryModal = () =>
  import("~/messages/EnquiryModal").then((module) => (loaded = module.EnquiryModal));

const EnquiryModalLazy = lazy(() => loadEnquiryModal().then((modal) => ({ default: modal })));

if (!import.meta.env.SSR && new URLSearchParams(window.location.search).get("enquire") === "1") {
  holdHydrationFor(loadEnquiryModal());
}

export function EnquiryModalOnDemand(props: Props) {
  // Chosen once: turning from the lazy one to the loaded one would mount the dialog anew, empty. A
  // Suspense boundary only around the lazy one: one the server rendered would hydrate after the page,
  // and the page's first update (useHydrated) would reach it first and render it anew (React #421).
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <EnquiryModalLazy {...props} />
    </Suspense>
  );
}
