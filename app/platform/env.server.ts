import { z } from "zod";

/** Cloudflare's siteverify: where the server checks a Turnstile token unless TURNSTILE_VERIFY_URL says otherwise. */
export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** MailChannels' send endpoint: where e-mail goes unless MAILCHANNELS_URL says otherwise. */
export const MAILCHANNELS_URL = "https://api.mailchannels.net/tx/v1/send";

/** "a, b,c" -> ["a", "b", "c"], each item then checked by `item`. */
const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1));

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** The shared passkey: long enough that the site-wide sign-in budget makes guessing it hopeless. */
const ADMIN_PASSKEY_MIN_LENGTH = 16;
export const adminPasskeySchema = z
  .string()
  .trim()
  .min(ADMIN_PASSKEY_MIN_LENGTH, `it needs at least ${ADMIN_PASSKEY_MIN_LENGTH} characters`);

const SESSION_SECRET_MIN_LENGTH = 16;
const sessionSecretKey = z
  .string()
  .min(SESSION_SECRET_MIN_LENGTH, `each SESSION_SECRET key needs at least ${SESSION_SECRET_MIN_LENGTH} characters`);

const envSchema = z
  .object({
    ADMIN_PASSKEY: adminPasskeySchema,
    SESSION_SECRET: commaList(sessionSecretKey),
    SITE_URL: z.url(),
    ENQUIRY_RECIPIENTS: commaList(z.email()),
    CONTACT_RECIPIENT: z.email(),
    MAIL_FROM: z.string().trim().min(3),
    MAILCHANNELS_API_KEY: optional,
    // Where e-mail is sent: MailChannels' API, except in the browser tests, which run their own fake.
    MAILCHANNELS_URL: z.url().default(MAILCHANNELS_URL),
    CF_ACCOUNT_ID: optional,
    CF_API_TOKEN: optional,
    // Optional Cloudflare Turnstile on the public forms: both keys, or neither.
    // Extra hosts of the old site's images (e.g. an old blog), beyond Cloudinary and Firebase Storage.
    LEGACY_IMAGE_HOSTS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    TURNSTILE_SITE_KEY: optional,
    TURNSTILE_SECRET_KEY: optional,
    // Where siteverify answers: Cloudflare's, except in the browser tests, which run their own.
    TURNSTILE_VERIFY_URL: z.string().url().default(TURNSTILE_VERIFY_URL),
    // Optional Stripe payment links in replies to enquiries: the secret key makes them, the webhook's
    // signing secret lets /api/stripe-webhook record the sale they pay for. Both, or neither.
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    // Seconds a shared public page may be reused when no write purges it first: only pages that change
    // with the date (an event passing) wait for it. Writes purge what they change at once.
    PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(1).max(86400).default(300),
    // Workers Cache only: every purge is sent again this many seconds later, after any render that
    // began before the write has been stored (well within ctx.waitUntil's 30 seconds).
    PURGE_REPEAT_SECONDS: z.coerce.number().int().min(1).max(25).default(10),
    // The site-wide budget of wrong shared passkeys: this many within this many minutes pause sign-in.
    SIGN_IN_BUDGET: z.coerce.number().int().min(1).max(1000).default(20),
    SIGN_IN_BUDGET_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    // "off": once a device passkey is registered, the shared passkey no longer signs in (nor passes an
    // admin form); it signs in again as soon as this is "on" or the last device passkey is removed.
    SHARED_PASSKEY_SIGN_IN: z.enum(["on", "off"]).default("on"),
    // Site-wide caps on the public forms, whatever the number of addresses: stored per hour.
    MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(60),
    TESTIMONIALS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(20),
    // Past its hourly cap a message or testimonial is held for the artist instead of refused; at most
    // this many held ones (of each) in 24 hours keep D1 bounded, and only past it is a visitor refused.
    HELD_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(2000),
    // The mailing list: at most this many confirmation e-mails an hour, site-wide (past it they wait for the
    // Cron Trigger), so nobody can flood strangers' inboxes through the subscribe form; and at most this many
    // new addresses in 24 hours waiting to be confirmed, which keeps D1 bounded.
    CONFIRMATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(100),
    PENDING_SUBSCRIBERS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(2000),
    // Announcements: the recipients of one part, sent in one MailChannels call (its limits are not published,
    // so few; at most 90: recording a part binds its skipped recipients' ids, and D1 binds 100 values to a
    // statement); and the seconds before a failed part's first retry, doubling: at most 200, so the fourth wait
    // (8×) stays under the 30 minutes after which the Cron Trigger counts a part as lost and queues it again.
    ANNOUNCE_PART_SIZE: z.coerce.number().int().min(1).max(90).default(50),
    ANNOUNCE_RETRY_SECONDS: z.coerce.number().int().min(0).max(200).default(60),
    // A commission request's reference photos, counted over the last 24 hours: per sender's address (its
    // network) and site-wide, in photos and in megabytes. Past any of them a request keeps the photos that
    // fit and is held for the artist. Photos are deleted this many days after the commission ends.
    COMMISSION_PHOTOS_PER_ADDRESS: z.coerce.number().int().min(0).max(1000).default(15),
    COMMISSION_PHOTO_MB_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000).default(100),
    COMMISSION_PHOTOS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(150),
    COMMISSION_PHOTO_MB_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(1000),
    COMMISSION_PHOTO_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    // Past this many messages within the hour, each further one waits for the next digest e-mail.
    MAIL_DIGEST_AFTER: z.coerce.number().int().min(1).max(10000).default(10),
    // Milliseconds MailChannels has to accept an e-mail; after that the attempt counts as failed and the
    // Cron Trigger retries it.
    MAIL_TIMEOUT_MS: z.coerce.number().int().min(1).max(30_000).default(10_000),
    // Days the D1 copy of page views is kept (the Cron Trigger deletes older ones); /analytics shows 90.
    PAGE_VIEWS_RETENTION_DAYS: z.coerce.number().int().min(91).max(3650).default(400),
    // Site-wide: at most this many page views and events stored in D1 a UTC day, whatever the number of
    // addresses, so a flood cannot grow D1 and /analytics' queries without end. At most 400,000: the Cron
    // Trigger deletes old rows 5,000 a run, 480,000 a day, and must keep up with what comes in.
    PAGE_VIEWS_PER_DAY: z.coerce.number().int().min(1).max(400_000).default(50_000),
    // `npm run bench` only: answers carry X-D1-Statements and X-D1-Round-Trips, what the request ran.
    BENCH_COUNT_D1: z
      .string()
      .optional()
      .transform((value) => value === "1"),
    // `npm run bench` only, with BENCH_COUNT_D1: every D1 round trip first waits this long (a far primary).
    BENCH_D1_DELAY_MS: z.coerce.number().int().min(0).max(2000).default(0),
  })
  .refine((env) => Boolean(env.TURNSTILE_SITE_KEY) === Boolean(env.TURNSTILE_SECRET_KEY), {
    message: "set both TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY, or neither",
    path: ["TURNSTILE_SECRET_KEY"],
  })
  .refine((env) => Boolean(env.STRIPE_SECRET_KEY) === Boolean(env.STRIPE_WEBHOOK_SECRET), {
    message: "set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither",
    path: ["STRIPE_WEBHOOK_SECRET"],
  });

export type AppEnv = z.infer<typeof envSchema>;

const SECRETS = new Set([
  "ADMIN_PASSKEY",
  "SESSION_SECRET",
  "MAILCHANNELS_API_KEY",
  "CF_API_TOKEN",
  "TURNSTILE_SECRET_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
]);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

function describe(issue: z.core.$ZodIssue, raw: Record<string, unknown>): string {
  const name = String(issue.path[0] ?? "env");
  const missing = raw[name] === undefined || raw[name] === "";
  const where = SECRETS.has(name)
    ? `set it in .dev.vars locally or with \`npx wrangler secret put ${name}\``
    : `set it in wrangler.toml [vars] or .dev.vars`;
  return missing ? `${name} is missing: ${where}.` : `${name} is invalid (${issue.message}): ${where}.`;
}

/** Validates the Worker's variables and secrets, naming each one that is missing or malformed. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = envSchema.safeParse(raw);
  if (!result.success) throw new EnvError(result.error.issues.map((issue) => describe(issue, raw)));
  return result.data;
}

// The env object is the same for every request an isolate serves: parse it once.
const parsed = new WeakMap<object, AppEnv>();

export function getAppEnv(raw: object): AppEnv {
  let env = parsed.get(raw);
  if (!env) {
    env = parseEnv(raw as Record<string, unknown>);
    parsed.set(raw, env);
  }
  return env;
}

/** The settings without the secrets: what may go into a digest or a log. */
export function settingsOf(env: AppEnv): Record<string, unknown> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !SECRETS.has(name)));
}
