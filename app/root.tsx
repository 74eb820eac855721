import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { Footer } from "~/site/Footer";
import { Navbar } from "~/ui/Navbar";
import { NotFound } from "~/ui/NotFound";
import { trackPageView } from "~/analytics/client";
import { useNonce } from "~/platform/nonce";
import { useHeldClickReplay } from "~/document/held-click";
import type { TurnstileSettings } from "~/forms/TurnstileWidget";
import { pageTitle } from "~/ui/seo";
import { SITE } from "~/ui/site";
import stylesheet from "~/app.css?url";
import { FORM_MAX_BYTES } from "~/forms/limits";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Every page's meta builds absolute URLs (canonical, Open Graph) from this; see siteUrlOf() in ~/ui/seo.
// The Turnstile site key is public by design; it is sent only when Turnstile is configured.
/** The default body cap: any route that declares none (app/platform/body-cap.server.ts). */
export const bodyCap = FORM_MAX_BYTES;

export function loader({ context }: LoaderFunctionArgs) {
  return {
    siteUrl: context.env.SITE_URL,
    turnstileSiteKey: context.env.TURNSTILE_SITE_KEY ?? null,
  } satisfies TurnstileSettings & { siteUrl: string };
}

/**
 * The root's data is the deployment's settings, the same on every page, so it is never read again. Single
 * fetch would otherwise reload it after every fetcher's answer, even one the page itself skips (a form
 * kept for want of a network, whose reload would fail too and show the error page).
 */
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: MetaFunction = () => [{ title: pageTitle() }, { name: "description", content: SITE.description }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useHeldClickReplay();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#faf7f2" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Navbar />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  usePageViewTracking();
  return <Outlet />;
}

/** One page view per page the visitor sees; opening the enquiry form (?enquire=1) is not a new page. */
function usePageViewTracking() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("enquire");
  const page = `${pathname}?${params}`;
  useEffect(() => {
    trackPageView();
  }, [page]);
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  // Details only in development; visitors never see a stack trace.
  const detail = import.meta.env.DEV && error instanceof Error ? (error.stack ?? error.message) : null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">Something went wrong</h1>
      <p className="lead">
        {status >= 500
          ? "Sorry, this page could not be shown just now. Please try again in a moment."
          : "Sorry, this request could not be completed."}
      </p>
      <div className="button-row">
        <a href="/" className="button button--primary">
          Back to the home page
        </a>
      </div>
      {detail ? <pre className="error-page__detail">{detail}</pre> : null}
    </section>
  );
}
