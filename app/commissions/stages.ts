// A commission's stages on the artist's screens (label and badge), and the order they go in.
import type { CommissionStage } from "~/commissions/schema";

export const STAGE: Record<CommissionStage, { label: string; badge: string }> = {
  new: { label: "New", badge: "badge--today" },
  quoted: { label: "Quoted", badge: "badge--featured" },
  "deposit-paid": { label: "Deposit paid", badge: "badge--upcoming" },
  "in-progress": { label: "In progress", badge: "badge--upcoming" },
  delivered: { label: "Delivered", badge: "badge--past" },
  declined: { label: "Declined", badge: "badge--sold" },
};

/**
 * Where a commission may go from each stage: forward one step (a quote may be sent again, to change it), or
 * declined before it is delivered. Delivered and declined are ends.
 */
export const NEXT: Record<CommissionStage, readonly CommissionStage[]> = {
  new: ["quoted", "declined"],
  quoted: ["quoted", "deposit-paid", "declined"],
  "deposit-paid": ["in-progress", "declined"],
  "in-progress": ["delivered", "declined"],
  delivered: [],
  declined: [],
};

/** The stages a commission may be in to move to `to`. */
export const stagesBefore = (to: CommissionStage): CommissionStage[] =>
  (Object.keys(NEXT) as CommissionStage[]).filter((from) => NEXT[from].includes(to));

/** A commission is over once delivered or declined: its photos are deleted COMMISSION_PHOTO_DAYS later. */
export const ENDS: readonly CommissionStage[] = ["delivered", "declined"];

/** What each moving button says, on the request's page. */
export const MOVE_LABEL: Partial<Record<CommissionStage, string>> = {
  "deposit-paid": "Mark deposit paid",
  "in-progress": "Start the painting",
  declined: "Decline",
};
