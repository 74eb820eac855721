import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { ChallengeAction } from "~/forms/spam";

type Turnstile = {
  render: (element: HTMLElement, options: { sitekey: string; action?: string }) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

/** What the root route's loader gives every page for the widget (null when Turnstile is not configured). */
export type TurnstileSettings = { turnstileSiteKey: string | null };

const SCRIPT_SRC = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let scriptLoading: Promise<Turnstile> | undefined;

function loadTurnstile(): Promise<Turnstile> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("Turnstile missing")));
    script.onerror = () => reject(new Error("Turnstile could not be loaded"));
    document.head.appendChild(script);
  });
  return scriptLoading;
}

/**
 * Cloudflare Turnstile's check, shown only when TURNSTILE_SITE_KEY is configured. It adds the
 * `cf-turnstile-response` field the server verifies; `resetKey` changing (after each answer from the
 * server) asks for a fresh token, since a token can be used once.
 */
export function TurnstileWidget({ action, resetKey }: { action: ChallengeAction; resetKey?: unknown }) {
  const siteKey = useRouteLoaderData<TurnstileSettings>("root")?.turnstileSiteKey;
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Turnstile; id: string }>();

  useEffect(() => {
    if (!siteKey || !container.current) return;
    let cancelled = false;
    const element = container.current;
    loadTurnstile()
      .then((api) => {
        if (!cancelled) widget.current = { api, id: api.render(element, { sitekey: siteKey, action }) };
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
      if (widget.current) widget.current.api.remove(widget.current.id);
      widget.current = undefined;
    };
  }, [siteKey, action]);

  useEffect(() => {
    if (widget.current) widget.current.api.reset(widget.current.id);
  }, [resetKey]);

  if (!siteKey) return null;
  return (
    <div className="turnstile">
      <div ref={container} />
      <noscript>
        <p className="field__note">This form's security check needs JavaScript. You can also e-mail us directly.</p>
      </noscript>
    </div>
  );
}
