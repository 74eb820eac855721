// How a commission's stage reads on the artist's screens, and its badge.
import type { CommissionStage } from "~/commissions/schema";

export const STAGE: Record<CommissionStage, { label: string; badge: string }> = {
  new: { label: "New", badge: "badge--today" },
  quoted: { label: "Quoted", badge: "badge--featured" },
  "deposit-paid": { label: "Deposit paid", badge: "badge--upcoming" },
  "in-progress": { label: "In progress", badge: "badge--upcoming" },
  delivered: { label: "Delivered", badge: "badge--past" },
  declined: { label: "Declined", badge: "badge--sold" },
};
