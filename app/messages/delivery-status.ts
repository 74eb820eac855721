import type { Message } from "~/messages/schema";

// What each delivery state of a message or a reply means to the artist, and its badge colour.
export const DELIVERY_STATUS: Record<Message["status"], { label: string; badge: string }> = {
  pending: { label: "Waiting to send", badge: "badge--today" },
  sending: { label: "Sending", badge: "badge--today" },
  sent: { label: "Sent", badge: "badge--upcoming" },
  failed: { label: "Failed", badge: "badge--sold" },
  logged: { label: "Logged (no mail key)", badge: "badge--past" },
  digest: { label: "In the next digest", badge: "badge--today" },
  held: { label: "Held", badge: "badge--past" },
};

/** "2 attempts: MailChannels answered 500". */
export const attemptsText = ({ attempts, lastError }: { attempts: number; lastError: string | null }) =>
  `${attempts} ${attempts === 1 ? "attempt" : "attempts"}: ${lastError ?? ""}`;
