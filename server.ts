// The Worker entry: wraps the Remix request handler with configuration checks, the same-origin
// rule for writes and the security headers, so every dynamic response gets them.
// First: React makes its TextEncoder as the build below loads.
import "./app/document/fast-text-encoder.server";
import { NOT_STORED } from "~/platform/cache-control";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// @ts-ignore The server build exists only after `npm run build` (remix vite:build).
import * as build from "./build/server";
import { createCspNonce, getLoadContext, publicCacheOf } from "./load-context";
import { benchD1, db } from "./app/platform/db.server";
import { d1SessionFor } from "./app/platform/d1-session.server";
import { getAppEnv, settingsOf, type AppEnv } from "./app/platform/env.server";
import { fnv1a } from "./app/platform/fnv1a";
import { retryUndelivered } from "./app/messages/retry.server";
import { sendDigests } from "./app/messages/digest.server";
import { prunePageViews } from "./app/analytics/retention.server";
import { RATES_CRON, refreshRates } from "./app/rates/refresh.server";
import { lapseReservations } from "./app/sales/reservations.server";
import { retryReceipts } from "./app/sales/send-receipt.server";
import { sendHeldConfirmations } from "./app/mailing-list/subscribe.server";
import { deliverAnnouncementParts, resumeAnnouncements } from "./app/mailing-list/deliver-announcement.server";
import { closeStaleLinks } from "./app/sales/payment-links.server";
import { deleteExpiredPhotos } from "./app/commissions/requests.server";
import { stripeOf } from "./app/sales/stripe.server";
import { servePublic } from "./app/public-cache/serve.server";
import { bodyCaps, capBody, tooLarge } from "./app/platform/body-cap.server";
import { forbiddenCrossOrigin, isCrossOriginWrite, withSecurityHeaders } from "./app/platform/security.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);
const bodyCapFor = bodyCaps((build as unknown as ServerBuild).routes);

// Pages the stand-in stored under another build or other settings are never served (see ServeOptions).
const versions = new WeakMap<object, string>();
function versionOf(appEnv: AppEnv): string {
  let version = versions.get(appEnv);
  if (!version) {
    version = `${(build as unknown as ServerBuild).assets.version}-${fnv1a(JSON.stringify(settingsOf(appEnv)))}`;
    versions.set(appEnv, version);
  }
  return version;
}

function configurationError(error: Error): Response {
  // Names the missing variable (never its value) so a new deploy says exactly what to set.
  console.error(error.message);
  return new Response(`Server configuration error.\n${error.message}\n`, {
    status: 500,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NOT_STORED },
  });
}

/**
 * A GET or HEAD that arrives with a body (a raw HTTP client can send one) is handled as without it:
 * nothing reads such a body, and Remix, copying the request, would fail on it with a 500.
 */
function withoutBodyOnRead(request: Request): Request {
  if ((request.method !== "GET" && request.method !== "HEAD") || request.body === null) return request;
  return new Request(request.url, { method: request.method, headers: request.headers, cf: request.cf });
}

/** The answer to one request: checks, caps, the public cache, then Remix. */
async function answer(received: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const request = withoutBodyOnRead(received);
  let loadContext;
  try {
    loadContext = getLoadContext({
      request,
      context: {
        cloudflare: {
          env,
          ctx,
          cf: request.cf as never,
          // The Workers CacheStorage (with caches.default), typed by wrangler's own declaration.
          caches: caches as never,
        },
      },
    });
  } catch (error) {
    if (error instanceof Error && error.name === "EnvError") {
      return withSecurityHeaders(configurationError(error), createCspNonce());
    }
    throw error;
  }

  if (isCrossOriginWrite(request, loadContext.env.SITE_URL)) {
    return withSecurityHeaders(forbiddenCrossOrigin(), loadContext.cspNonce);
  }
  const capped = capBody(request, bodyCapFor);
  if ("refusal" in capped) return withSecurityHeaders(capped.refusal, loadContext.cspNonce);
  // The request's D1 session: a replica near a visitor, the primary for the admin.
  const d1 = d1SessionFor(request, env.DB);
  const count = loadContext.env.BENCH_COUNT_D1 ? { statements: 0, roundTrips: 0 } : undefined;
  const DB = count ? benchD1(d1, count, loadContext.env.BENCH_D1_DELAY_MS) : d1;
  loadContext = { ...loadContext, cloudflare: { ...loadContext.cloudflare, env: { ...env, DB } } };
  const context = loadContext;
  const render = async () =>
    withSecurityHeaders(await handleRemixRequest(capped.request, context), context.cspNonce, {
      turnstile: Boolean(context.env.TURNSTILE_SITE_KEY),
    });
  const response = await servePublic(
    request,
    {
      seconds: loadContext.env.PUBLIC_CACHE_SECONDS,
      atEdge: loadContext.publicCache.atEdge,
      storage: (caches as unknown as { default?: Cache }).default,
      database: db(env),
      renderDatabase: db(context.cloudflare.env),
      version: versionOf(loadContext.env),
    },
    render,
  );
  if (count) {
    response.headers.set("X-D1-Statements", String(count.statements));
    response.headers.set("X-D1-Round-Trips", String(count.roundTrips));
  }
  // A body sent without a length was cut at its cap while the app read it: whatever the app made of
  // the part it got (nothing is stored from a form it could not finish reading), the answer is 413.
  if (capped.cut()) return withSecurityHeaders(tooLarge(request), loadContext.cspNonce);
  return response;
}

/**
 * Cloudflare cancels a request's work when its sender goes away, except what `waitUntil` holds (for up to
 * 30 seconds more). A write is held to its end: an upload cancelled or cut off half-way still deletes
 * the images it had stored, and a save that reached D1 still purges the pages it changed.
 */
function heldToItsEnd(request: Request, ctx: ExecutionContext, answered: Promise<Response>): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") ctx.waitUntil(answered.catch(() => undefined));
  return answered;
}

/** Once a day: the ECB's new exchange rates, and the pages that show prices purged. */
async function refreshTheRates(env: Env, ctx: ExecutionContext): Promise<void> {
  const outcome = await refreshRates(db(env), publicCacheOf(env, ctx));
  console.log(`[rates] the ECB's reference rates: ${outcome}`);
}

/**
 * Every quarter of an hour: messages waiting for a digest during a busy spell go out together (held ones wait for
 * the artist), e-mail that failed (messages, replies, receipts, list confirmations) is sent again, reservations
 * lapse, stale payment links close, stalled announcement parts are queued again, and old page views and
 * commission photos are deleted. Each log line names what it counts.
 */
async function everyQuarterHour(env: Env, ctx: ExecutionContext): Promise<void> {
  const appEnv = getAppEnv(env);
  const database = db(env);
  const mail = { env: appEnv, database };
  const retry = sendDigests(mail)
    .then(({ messages, digests }) => {
      if (digests > 0)
        console.log(
          `[mail] digests: ${messages} messages waiting for a digest went out in ${digests} digest e-mails (sent, or logged without a mail key)`,
        );
      return retryUndelivered(mail);
    })
    .then(({ tried, sent }) => {
      if (tried > 0)
        console.log(
          `[mail] scheduled retry: ${sent} of ${tried} undelivered messages and replies went out (sent, or logged without a mail key)`,
        );
    });
  const prune = prunePageViews(database, appEnv.PAGE_VIEWS_RETENTION_DAYS).then((deleted) => {
    if (deleted > 0) console.log(`[analytics] ${deleted} page views older than the retention deleted`);
  });
  // Reservations past their last day come off their artworks, whose cached pages are purged.
  const reservations = lapseReservations(database, publicCacheOf(env, ctx)).then((lapsed) => {
    if (lapsed > 0) console.log(`[sales] ${lapsed} reservations past their last day lapsed`);
  });
  // Receipts to buyers whose e-mail failed are sent again, as messages and replies are.
  const receipts = retryReceipts({ ...mail, images: env }).then(({ tried, sent }) => {
    if (tried > 0) console.log(`[sales] scheduled retry: ${sent} of ${tried} undelivered receipts went out`);
  });
  // Stripe payment links whose work sold meanwhile, or whose reservation ended, stop taking payments.
  const stripe = stripeOf(appEnv);
  const links = stripe
    ? reservations
        .then(() => closeStaleLinks(database, stripe))
        .then((closed) => {
          if (closed > 0)
            console.log(`[sales] ${closed} payment links deactivated: their work sold or is no longer held`);
        })
    : undefined;
  // Mailing-list confirmations held past their hourly cap (or failed) go out; expired requests are forgotten.
  const confirmations = sendHeldConfirmations(appEnv, database).then(({ tried, sent }) => {
    if (tried > 0) console.log(`[mailing list] ${sent} of ${tried} held confirmation e-mails went out`);
  });
  // Announcement recipients whose queue message was lost are queued again; those cut off mid-send count as failed.
  const announcements = resumeAnnouncements(appEnv, database, env.ANNOUNCEMENTS).then((parts) => {
    if (parts > 0) console.log(`[mailing list] ${parts} stalled parts of announcements queued again`);
  });
  // Commission photos of forms never sent, and of commissions ended COMMISSION_PHOTO_DAYS ago, are deleted.
  const photos = deleteExpiredPhotos(database, env.IMAGES, appEnv.COMMISSION_PHOTO_DAYS).then(({ drafts, ended }) => {
    if (drafts + ended > 0)
      console.log(
        `[commissions] photos deleted: ${drafts} of request forms never sent, ${ended} of commissions ended ${appEnv.COMMISSION_PHOTO_DAYS} days ago`,
      );
  });
  await Promise.all([retry, prune, reservations, receipts, links, confirmations, announcements, photos]);
}

export default {
  fetch(request, env, ctx) {
    return heldToItsEnd(request, ctx, answer(request, env, ctx));
  },

  // Two Cron Triggers (wrangler.toml): the daily one fetches the exchange rates alone, since the quarter-hour
  // one fires at the same minute and does everything else.
  async scheduled(controller, env, ctx) {
    const work = controller.cron === RATES_CRON ? refreshTheRates(env, ctx) : everyQuarterHour(env, ctx);
    ctx.waitUntil(work);
    await work;
  },

  // The announcements queue: each message is one part of an announcement, e-mailed in one MailChannels call.
  async queue(batch, env) {
    await deliverAnnouncementParts(getAppEnv(env), db(env), batch.messages);
  },
} satisfies ExportedHandler<Env>;
