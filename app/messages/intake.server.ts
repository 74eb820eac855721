// A visitor's message, from the contact form or an enquiry about an artwork, is received one way
// (app/forms/visitor-intake.server.ts): the spam guards, then stored within the site-wide hourly cap, then
// the artist is told after the response (notifyArtist, app/messages/deliver.server.ts). Each form keeps the
// failure text its visitors know (spec §8).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { ARTWORK_NOT_FOUND } from "~/artworks/not-found";
import { getArtwork } from "~/artworks/queries.server";
import { formFailure } from "~/forms/result.server";
import type { ChallengeAction } from "~/forms/spam";
import { answerVisitorForm, receiveVisitorForm, tryToStore } from "~/forms/visitor-intake.server";
import { contactSchema, enquiryAboutSchema, type EnquiryInput } from "~/messages/form";
import { optionName } from "~/artworks/options";
import { notifyArtist } from "~/messages/deliver.server";
import { SITE_BUSY_WITH_MESSAGES, storeMessageWithinCap } from "~/messages/queries.server";
import type { NewMessage } from "~/messages/schema";
import { db, type Database } from "~/platform/db.server";

/** What the message is about: the artist's work in general, or the artwork the enquiry's URL names. */
type MessageAbout = { kind: "contact" } | { kind: "enquiry"; artworkId: string | undefined };

/** How a message form is stored and what its visitors read when it cannot be (the cap's text is shared). */
type MessageForm<S extends z.ZodObject> = {
  schema: S;
  challenge: ChallengeAction;
  /** The message to store from what the visitor typed. */
  message: (input: z.infer<S>) => Omit<NewMessage, "id" | "status">;
  /** For the log, when storing fails. */
  what: string;
  /** For the visitor, when storing fails. */
  failed: string;
};

const contactForm: MessageForm<typeof contactSchema> = {
  schema: contactSchema,
  challenge: "contact",
  message: ({ name, email, message }) => ({ kind: "contact", name, email, message }),
  what: "a contact message",
  failed: "Failed to send message. Please try again.",
};

async function enquiryForm(
  database: Database,
  artworkId: string | undefined,
): Promise<MessageForm<ReturnType<typeof enquiryAboutSchema>> | undefined> {
  const id = artworkId?.trim();
  const artwork = id ? await getArtwork(database, id) : undefined;
  // A draft cannot be asked about: to visitors it does not exist.
  if (!artwork || artwork.draft) return undefined;
  const options = artwork.options;
  return {
    schema: enquiryAboutSchema(options.map((option) => option.id)),
    challenge: "enquiry",
    // The title (and option) as they are now name the artwork in the Inbox and the e-mail, even once it is deleted.
    message: ({ option: optionId, ...input }: EnquiryInput & { option?: string }) => {
      const option = options.find((candidate) => candidate.id === optionId);
      return {
        kind: "enquiry",
        artworkId: artwork.id,
        artworkTitle: artwork.title,
        artworkOption: option ? optionName(option) : null,
        ...input,
      };
    },
    what: `an enquiry about ${artwork.id}`,
    failed: "Sorry, your enquiry could not be sent. Please try again.",
  };
}

/**
 * Receives a contact message or an enquiry and answers its form: what the action returns. An enquiry
 * about an artwork that is not there is refused (404) before its form is read.
 */
export async function receiveMessage(request: Request, context: AppLoadContext, about: MessageAbout) {
  const database = db(context.cloudflare.env);
  if (about.kind === "contact") return receive(request, context, database, contactForm);
  const form = await enquiryForm(database, about.artworkId);
  if (!form) return formFailure(404, { formError: ARTWORK_NOT_FOUND });
  return receive(request, context, database, form);
}

/** Screened, then stored (safe in D1 first), then answered; the e-mail, or its place in a digest, follows the response. */
async function receive<S extends z.ZodObject>(
  request: Request,
  context: AppLoadContext,
  database: Database,
  form: MessageForm<S>,
) {
  const received = await receiveVisitorForm(request, context, form.schema, form.challenge);
  if (received.outcome !== "accepted") return received.answer;
  const stored = await tryToStore(
    form.what,
    storeMessageWithinCap(database, context.env, form.message(received.input)),
  );
  if (stored.outcome === "stored") notifyArtist({ env: context.env, database }, stored.stored, context.cloudflare.ctx);
  return answerVisitorForm(stored, received, { failed: form.failed, busy: SITE_BUSY_WITH_MESSAGES });
}
