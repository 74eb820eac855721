// The share of a sale an artwork gives a charity: a percentage of the price paid, or a fixed amount in
// pence (never more than was paid). A sale fixes the share it was made under (app/sales/record.server.ts).
import { formatPence, penceOf } from "~/ui/money";

/** How much of a sale goes to the charity: a whole percentage, or an amount in pence. */
export type Share = { percent: number } | { pence: number };

/** A share named for one charity, as an artwork (or a sale) keeps it. */
export type CharityShare = Share & { charityId: string };

export const SHARE_MESSAGE = "Give the share as a whole percentage, like 25%, or in pounds, like £50.";

/** The share typed in the form ("25%", "£50", "£12.50"), or null when it is neither. */
export function shareOf(typed: string): Share | null {
  const text = typed.trim();
  const percent = /^(\d{1,3})\s*%$/.exec(text);
  if (percent) {
    const value = Number(percent[1]);
    return value >= 1 && value <= 100 ? { percent: value } : null;
  }
  if (!text.startsWith("£")) return null;
  const pence = penceOf(text);
  return pence ? { pence } : null;
}

/** A share as the form shows it back, and as the site writes it: "25%", "£50". */
export function shareText(share: Share): string {
  return "percent" in share ? `${share.percent}%` : formatPence(share.pence);
}

/** What a sale at `pricePence` pledges under `share`, in whole pence (a fixed amount is never more than the price). */
export function pledgeOf(share: Share, pricePence: number): number {
  return "percent" in share ? Math.round((pricePence * share.percent) / 100) : Math.min(share.pence, pricePence);
}

/** The line under an artwork's price: "25% of this sale supports Candlelighters, registered charity 1012345". */
export function shareLine(share: Share, charity: { name: string; number: string }): string {
  return `${shareText(share)} of this sale supports ${charity.name}, registered charity ${charity.number}`;
}

/** The share alone, without the charity it names. */
export function shareOnly(share: Share): Share {
  return "percent" in share ? { percent: share.percent } : { pence: share.pence };
}

/** The share a sale gives: an option's own (for the artwork's charity), else the artwork's; none without a charity. */
export function saleShare(artworkShare: CharityShare | null, optionShare: Share | undefined): CharityShare | null {
  if (!artworkShare) return null;
  return optionShare ? { ...shareOnly(optionShare), charityId: artworkShare.charityId } : artworkShare;
}

/** The line under the price when options give different shares: each option then says its own. */
export function supportLine(charity: { name: string; number: string }): string {
  return `Each sale supports ${charity.name}, registered charity ${charity.number}`;
}
