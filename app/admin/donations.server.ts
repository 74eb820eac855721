// A donation she records on the Charities screen: stored (once per form sent), then compared with what
// sales have pledged to that charity, so a gift beyond the pledges is recorded and said (it may be her
// own money, or a pledge not yet recorded), never refused.
import { sql } from "drizzle-orm";
import type { Database } from "~/platform/db.server";
import type { PublicCache } from "~/public-cache/purge.server";
import type { DonationInput } from "~/charities/form";
import { charities } from "~/charities/schema";
import { givenTo, recordDonation } from "~/charities/queries.server";
import { pledgedTo } from "~/sales/pledges.server";
import { formatPence } from "~/ui/money";

export type DonationOutcome = { recorded: false } | { recorded: true; notice: string };

export async function giveDonation(
  deps: { database: Database; publicCache: PublicCache },
  id: string,
  input: DonationInput,
): Promise<DonationOutcome> {
  if ((await recordDonation(deps.database, deps.publicCache, id, input)) === "missing") return { recorded: false };
  const [totals] = await deps.database.all<{ given: number; pledged: number; name: string }>(sql`select
    ${givenTo(input.charity)} as given, ${pledgedTo(input.charity)} as pledged,
    (select ${charities.name} from ${charities} where ${charities.id} = ${input.charity}) as name`);
  const over = Number(totals?.given ?? 0) - Number(totals?.pledged ?? 0);
  const recorded = `Donation of ${formatPence(input.amount)} recorded.`;
  return {
    recorded: true,
    notice:
      over > 0
        ? `${recorded} Given to ${totals?.name ?? "this charity"} in all is ${formatPence(over)} more than sales have pledged to it.`
        : recorded,
  };
}
