// Announcements in D1: what may be announced, an announcement and its recipients stored in one statement batch
// (the recipients chosen by SQL from the list, so Send reads no row of it), each queue part's recipients
// claimed before they are e-mailed and their outcome recorded after, and the progress the artist reads.
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import { isConstraintError } from "~/platform/constraint";
import { now as sqlNow } from "~/platform/columns";
import { ANNOUNCE_ITEMS_MAX } from "~/mailing-list/form";
import { artworks } from "~/artworks/schema";
import { events } from "~/events/schema";
import {
  announcementRecipients,
  announcements,
  subscribers,
  type AnnouncedArtwork,
  type AnnouncedEvent,
  type Announcement,
  type Preferences,
  type RecipientStatus,
} from "~/mailing-list/schema";

/** Attempts at e-mailing one recipient of one announcement before it counts as failed for good. */
export const MAX_SEND_ATTEMPTS = 5;

/** A claim older than this was cut off mid-send (the invocation ended): never sent again, in case it arrived. */
export const CLAIM_LEASE_MS = 15 * 60 * 1000;

const iso = (time: number) => new Date(time).toISOString();

/** The latest announcement's time, or null before the first. */
export async function lastAnnouncedAt(database: Database): Promise<string | null> {
  const [last] = await database
    .select({ createdAt: announcements.createdAt })
    .from(announcements)
    .orderBy(desc(announcements.createdAt))
    .limit(1);
  return last?.createdAt ?? null;
}

/** Ids of this kind already in some announcement. */
const announced = (column: "artworks" | "events", id: unknown) =>
  sql`exists (select 1 from ${announcements}, json_each(${announcements}.${sql.identifier(column)}) as j
    where json_extract(j.value, '$.id') = ${id})`;

/**
 * What the Announce screen offers: published artworks and events to come that no announcement has shown yet,
 * the most recently shown first. Drafts never; past events never.
 */
export async function announceCandidates(database: Database, today: string) {
  const [works, upcoming] = await database.batch([
    database
      .select()
      .from(artworks)
      .where(and(eq(artworks.draft, false), sql`not ${announced("artworks", artworks.id)}`))
      .orderBy(desc(sql`coalesce(${artworks.publishedAt}, ${artworks.createdAt})`), desc(artworks.id))
      .limit(ANNOUNCE_ITEMS_MAX),
    database
      .select()
      .from(events)
      .where(and(eq(events.draft, false), gte(events.date, today), sql`not ${announced("events", events.id)}`))
      .orderBy(desc(sql`coalesce(${events.publishedAt}, ${events.createdAt})`), desc(events.id))
      .limit(ANNOUNCE_ITEMS_MAX),
  ]);
  return { artworks: works, events: upcoming };
}

/**
 * The published artworks and events to come with these ids (anything else named is dropped), and, for Send,
 * only those no announcement has shown (a second tab's Send announces nothing twice). At most
 * ANNOUNCE_ITEMS_MAX of each: D1 binds 100 values to a statement.
 */
export async function publishedByIds(
  database: Database,
  ids: { artworks: string[]; events: string[] },
  today: string,
  { unannounced = false }: { unannounced?: boolean } = {},
) {
  const named = (list: string[]) => (list.length ? list.slice(0, ANNOUNCE_ITEMS_MAX) : [""]);
  const [works, upcoming] = await database.batch([
    database
      .select()
      .from(artworks)
      .where(
        and(
          inArray(artworks.id, named(ids.artworks)),
          eq(artworks.draft, false),
          unannounced ? sql`not ${announced("artworks", artworks.id)}` : undefined,
        ),
      )
      .orderBy(desc(artworks.createdAt)),
    database
      .select()
      .from(events)
      .where(
        and(
          inArray(events.id, named(ids.events)),
          eq(events.draft, false),
          gte(events.date, today),
          unannounced ? sql`not ${announced("events", events.id)}` : undefined,
        ),
      )
      .orderBy(events.date),
  ]);
  return { artworks: works, events: upcoming };
}

/**
 * Stores an announcement and, in the same transaction, one queued recipient for every confirmed subscriber
 * who asked for something in it, numbered 1… by the database. Returns how many, or null when an announcement
 * with this id exists already (Send pressed twice: the second stores nothing).
 */
export async function storeAnnouncement(
  database: Database,
  announcement: { id: string; line: string; artworks: AnnouncedArtwork[]; events: AnnouncedEvent[] },
): Promise<number | null> {
  const categories = JSON.stringify([...new Set(announcement.artworks.flatMap((each) => each.categories))]);
  const hasArtworks = announcement.artworks.length > 0 ? 1 : 0;
  const hasEvents = announcement.events.length > 0 ? 1 : 0;
  const s = subscribers;
  // A subscriber is a recipient when the announcement holds events and they want events, or new work in a
  // kind they asked for (none named: every kind). Preferences are read again when their part is sent.
  const wanted = sql`${s.status} = 'confirmed' and (
    (${s.events} = 1 and ${hasEvents} = 1)
    or (${s.newWork} = 1 and ${hasArtworks} = 1 and (json_array_length(${s.categories}) = 0
      or exists (select 1 from json_each(${s.categories}) as c where c.value in (select value from json_each(${categories})))))
  )`;
  try {
    const [, , counted] = await database.batch([
      database.insert(announcements).values(announcement),
      // INSERT … SELECT names every column of the table, in its order.
      database.insert(announcementRecipients).select(
        sql`select ${announcement.id}, ${s.id}, row_number() over (order by ${s.id}), 'queued', 0, null, null, ${sqlNow}
            from ${s} where ${wanted}`,
      ),
      database
        .update(announcements)
        .set({
          recipients: sql`(select count(*) from ${announcementRecipients} where ${announcementRecipients.announcementId} = ${announcement.id})`,
        })
        .where(eq(announcements.id, announcement.id))
        .returning({ recipients: announcements.recipients }),
    ]);
    return counted[0]?.recipients ?? 0;
  } catch (error) {
    if (isConstraintError(error, /announcements\.id/)) return null;
    throw error;
  }
}

export async function getAnnouncement(database: Database, id: string): Promise<Announcement | undefined> {
  const [found] = await database.select().from(announcements).where(eq(announcements.id, id));
  return found;
}

/** One recipient claimed for one delivery: where to send and what they asked for, as it is now. */
export type ClaimedRecipient = { subscriberId: string; email: string; preferences: Preferences };

/**
 * Claims, for the delivery `claim`, the recipients numbered `from`…`to` of an announcement that are queued or
 * failed with attempts left; those who left the list (or were deleted) meanwhile are skipped. A row another
 * delivery holds, or one already sent, is never claimed: a part delivered twice e-mails nobody twice.
 */
export async function claimPart(
  database: Database,
  part: { announcementId: string; from: number; to: number },
  claim: string,
  now = Date.now(),
): Promise<ClaimedRecipient[]> {
  const r = announcementRecipients;
  const inPart = and(eq(r.announcementId, part.announcementId), gte(r.seq, part.from), sql`${r.seq} <= ${part.to}`);
  const open = sql`(${r.status} = 'queued' or (${r.status} = 'failed' and ${r.attempts} < ${MAX_SEND_ATTEMPTS}))`;
  const [, , claimed] = await database.batch([
    database
      .update(r)
      .set({ status: "skipped", updatedAt: iso(now) })
      .where(
        and(
          inPart,
          open,
          sql`not exists (select 1 from ${subscribers} where ${subscribers.id} = ${r.subscriberId} and ${subscribers.status} = 'confirmed')`,
        ),
      ),
    database
      .update(r)
      .set({ status: "sending", claim, attempts: sql`${r.attempts} + 1`, updatedAt: iso(now) })
      .where(and(inPart, open)),
    database
      .select({
        subscriberId: subscribers.id,
        email: subscribers.email,
        newWork: subscribers.newWork,
        categories: subscribers.categories,
        events: subscribers.events,
      })
      .from(r)
      .innerJoin(subscribers, eq(subscribers.id, r.subscriberId))
      .where(and(eq(r.announcementId, part.announcementId), eq(r.claim, claim), eq(r.status, "sending"))),
  ]);
  return claimed.map(({ subscriberId, email, newWork, categories, events: wantsEvents }) => ({
    subscriberId,
    email,
    preferences: { newWork, categories, events: wantsEvents },
  }));
}

/**
 * Records how a claimed delivery went, on its own rows only: `skipped` for recipients it found nothing for,
 * then `sent`, `logged` or `failed` (with the reason) for the rest; a `final` failure (the call may have been
 * accepted) is never tried again. Returns whether any failed row has an attempt left, for the queue's retry.
 */
export async function recordPart(
  database: Database,
  claim: string,
  outcome: { status: "sent" | "logged" } | { status: "failed"; error: string },
  skipped: string[],
  { final = false, now = Date.now() }: { final?: boolean; now?: number } = {},
): Promise<{ retry: boolean; attempts: number }> {
  const r = announcementRecipients;
  const mine = and(eq(r.claim, claim), eq(r.status, "sending"));
  const [, recorded] = await database.batch([
    database
      .update(r)
      .set({ status: "skipped", updatedAt: iso(now) })
      .where(and(mine, inArray(r.subscriberId, skipped.length ? skipped : [""]))),
    database
      .update(r)
      .set({
        status: outcome.status,
        error:
          outcome.status !== "failed"
            ? null
            : final
              ? `${outcome.error} (it may have arrived: not sent again)`
              : outcome.error,
        ...(final ? { attempts: MAX_SEND_ATTEMPTS } : {}),
        updatedAt: iso(now),
      })
      .where(mine)
      .returning({ attempts: r.attempts }),
  ]);
  const attempts = Math.max(0, ...recorded.map((row) => row.attempts));
  return { retry: outcome.status === "failed" && recorded.some((row) => row.attempts < MAX_SEND_ATTEMPTS), attempts };
}

export type AnnouncementProgress = {
  id: string;
  createdAt: string;
  line: string;
  artworks: number;
  events: number;
  /** Its recipients now (one deleted on request since Send no longer counts). */
  recipients: number;
  /** How many it was queued for at Send, kept on the announcement itself (and in a backup, where deliveries are not). */
  queuedFor: number;
} & Record<Progress, number>;

/** Where a recipient's e-mail stands for the artist: still to send (a failed try with tries left too), or done. */
type Progress = "waiting" | "sent" | "failed" | "skipped";

const PROGRESS: Record<RecipientStatus, Progress> = {
  queued: "waiting",
  sending: "waiting",
  sent: "sent",
  logged: "sent",
  failed: "failed",
  skipped: "skipped",
};

/** The latest announcements (newest first) with how far each has gone: one statement. */
export async function announcementsProgress(database: Database, limit: number): Promise<AnnouncementProgress[]> {
  const r = announcementRecipients;
  const retrying = sql<number>`${r.status} = 'failed' and ${r.attempts} < ${MAX_SEND_ATTEMPTS}`;
  const latest = database.$with("latest").as(
    database
      .select({
        id: announcements.id,
        createdAt: announcements.createdAt,
        line: announcements.line,
        queuedFor: announcements.recipients,
        artworks: sql<number>`json_array_length(${announcements.artworks})`.as("artworks"),
        events: sql<number>`json_array_length(${announcements.events})`.as("events"),
      })
      .from(announcements)
      .orderBy(desc(announcements.createdAt))
      .limit(limit),
  );
  const rows = await database
    .with(latest)
    .select({
      id: latest.id,
      createdAt: latest.createdAt,
      line: latest.line,
      queuedFor: latest.queuedFor,
      artworks: latest.artworks,
      events: latest.events,
      status: r.status,
      retrying,
      n: sql<number>`count(${r.seq})`,
    })
    .from(latest)
    .leftJoin(r, eq(r.announcementId, latest.id))
    .groupBy(latest.id, r.status, retrying)
    .orderBy(desc(latest.createdAt));
  const byId = new Map<string, AnnouncementProgress>();
  for (const { status, retrying: again, n, ...announcement } of rows) {
    const progress = byId.get(announcement.id) ?? {
      ...announcement,
      recipients: 0,
      waiting: 0,
      sent: 0,
      failed: 0,
      skipped: 0,
    };
    if (status) {
      progress[again ? "waiting" : PROGRESS[status]] += n;
      progress.recipients += n;
    }
    byId.set(announcement.id, progress);
  }
  return [...byId.values()];
}

/**
 * The Cron Trigger's sweep: claims past their lease were cut off mid-send and count as failed for good (never
 * sent again, in case they arrived); recipients still to send whose rows nobody has touched for `idleMs`
 * (their queue message lost, or the queue gave up) are touched, so that the next sweep leaves them to the
 * queue, and returned as one range of numbers per announcement, to queue again.
 */
export async function stalledRanges(database: Database, idleMs: number, now = Date.now()) {
  const r = announcementRecipients;
  const touched = iso(now);
  const open = sql`(${r.status} = 'queued' or (${r.status} = 'failed' and ${r.attempts} < ${MAX_SEND_ATTEMPTS}))`;
  const [, , stalled] = await database.batch([
    database
      .update(r)
      .set({
        status: "failed",
        attempts: MAX_SEND_ATTEMPTS,
        error: "Cut off while sending: not sent again, in case it arrived.",
        updatedAt: touched,
      })
      .where(and(eq(r.status, "sending"), lt(r.updatedAt, iso(now - CLAIM_LEASE_MS)))),
    database
      .update(r)
      .set({ updatedAt: touched })
      .where(and(open, lt(r.updatedAt, iso(now - idleMs)))),
    database
      .select({ announcementId: r.announcementId, from: sql<number>`min(${r.seq})`, to: sql<number>`max(${r.seq})` })
      .from(r)
      .where(and(open, eq(r.updatedAt, touched)))
      .groupBy(r.announcementId),
  ]);
  return stalled;
}
