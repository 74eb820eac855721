// The browser half of the analytics: a beacon per page view (client-side navigations included) and
// per named event, to POST /api/event. No cookie, nothing stored on the device: the visit id is random
// for each page load and lives only in this module's memory.

type NamedEvent = "enquiry_sent" | "contact_sent" | "share" | "testimonial_submitted";

let visitId: string | undefined;
// Where the visit came from, read once on landing: later in-app pages keep the same source.
let landing: { referrer: string; utm: Record<string, string> } | undefined;

function visit() {
  visitId ??= crypto.randomUUID();
  if (!landing) {
    const params = new URLSearchParams(location.search);
    const utm: Record<string, string> = {};
    for (const key of ["utm_source", "utm_medium", "utm_campaign"]) {
      const value = params.get(key);
      if (value) utm[key] = value.slice(0, 100);
    }
    landing = { referrer: document.referrer.slice(0, 2048), utm };
  }
  return { visitId, ...landing };
}

function send(body: Record<string, unknown>) {
  const json = JSON.stringify(body);
  try {
    if (navigator.sendBeacon?.("/api/event", new Blob([json], { type: "application/json" }))) return;
  } catch {
    // Fall through to fetch.
  }
  void fetch("/api/event", {
    method: "POST",
    body: json,
    headers: { "Content-Type": "application/json" },
    keepalive: true,
  }).catch(() => {});
}

function payload(type: "pageview" | "event") {
  const { visitId: id, referrer, utm } = visit();
  return { type, path: location.pathname, referrer, ...utm, screenWidth: screen.width, visitId: id };
}

export function trackPageView(): void {
  send(payload("pageview"));
}

export function trackEvent(name: NamedEvent, artworkId?: string): void {
  send({ ...payload("event"), name, ...(artworkId ? { artworkId } : {}) });
}
