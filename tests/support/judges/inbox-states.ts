// The demo content has no messages; the judges also look at the admin inbox with one of each state an
// artist meets: an enquiry whose e-mail failed, a contact message sent and handled, one only logged,
// one waiting for the next digest, and one held past the hourly cap.
import { db } from "../../../app/platform/db.server";
import type { NewMessage } from "../../../app/messages/schema";
import {
  claimForDelivery,
  waitForDigest,
  recordDelivery,
  setMessageHandled,
  storeMessageWithinCap,
} from "../../../app/messages/queries.server";
import { withLocalEnv } from "../../../scripts/lib/local-env";

type InboxState = {
  message: Omit<NewMessage, "id" | "status">;
  /** How its delivery attempt ended; none when it arrived during a flood and waits for the digest. */
  outcome?: Parameters<typeof recordDelivery>[2];
  handled?: boolean;
};

const STATES: InboxState[] = [
  {
    message: {
      kind: "enquiry",
      artworkId: "demo-whitby-tide-pools",
      artworkTitle: "Whitby Tide Pools",
      name: "Priya Shah",
      email: "priya@example.com",
      address: "12 Park Lane, Leeds LS1 1AA",
      message: "Is this still available? I would love it for my daughter's room.",
    },
    outcome: { status: "failed", error: "MailChannels answered 502" },
  },
  {
    message: { kind: "contact", name: "Tom Reed", email: "tom@example.com", message: "Do you paint family pets?" },
    outcome: { status: "sent" },
    handled: true,
  },
  {
    message: { kind: "contact", name: "Ada Lin", email: "ada@example.com", message: "See you at the market?" },
    outcome: { status: "logged" },
  },
  {
    message: { kind: "contact", name: "Sam Cole", email: "sam@example.com", message: "A commission, please." },
  },
];

const HELD: InboxState["message"] = {
  kind: "contact",
  name: "Lee Park",
  email: "lee@example.com",
  message: "Sent during a flood of messages: held until released.",
};

export async function addInboxStates(persistTo: string): Promise<void> {
  await withLocalEnv(persistTo, async (env) => {
    const database = db(env);
    const caps = { MESSAGES_PER_HOUR: STATES.length, HELD_PER_DAY: 1 };
    for (const state of STATES) {
      // Stored as a visitor's form stores it; the judges' new store holds these and nothing else.
      const { message: stored } = (await storeMessageWithinCap(database, caps, state.message))!;
      if (state.outcome) {
        // As a delivery attempt does: claimed (one attempt counted), then its outcome recorded.
        await claimForDelivery(database, stored.id);
        await recordDelivery(database, [stored.id], state.outcome);
      } else {
        await waitForDigest(database, stored.id);
      }
      if (state.handled) await setMessageHandled(database, stored.id, true);
    }
    // Past the hour's cap: held for the artist to release.
    await storeMessageWithinCap(database, caps, HELD);
  });
}
