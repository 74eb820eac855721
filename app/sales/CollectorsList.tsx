import { Link } from "@remix-run/react";
import { formatPence } from "~/ui/money";
import { formatEventDate } from "~/ui/dates";
import type { CollectorSummary } from "~/sales/collectors.server";
import { collectorPath } from "~/sales/path";

/** What a collector has bought, in one line: "2 purchases · £445 · last Sunday 2 November 2026". */
export function purchasesText(collector: Pick<CollectorSummary, "purchases" | "spentPence" | "lastSoldOn">): string {
  if (collector.purchases === 0) return "No purchases standing";
  const count = collector.purchases === 1 ? "1 purchase" : `${collector.purchases} purchases`;
  const last = collector.lastSoldOn ? ` · last ${formatEventDate(collector.lastSoldOn)}` : "";
  return `${count} · ${formatPence(collector.spentPence)}${last}`;
}

/** The collectors, the latest buyer first: each a link to their page, with what they have bought. */
export function CollectorsList({ collectors, searched }: { collectors: CollectorSummary[]; searched: boolean }) {
  if (collectors.length === 0) {
    return (
      <p className="sales__empty">
        {searched
          ? "No collector has that name or e-mail address."
          : "No collectors yet: a buyer becomes one when a sale is recorded with their name and e-mail address."}
      </p>
    );
  }
  return (
    <ul className="sales__list">
      {collectors.map((collector) => (
        <li key={collector.id} className="card-panel sales__sale">
          <h2 className="sales__title">
            <Link to={collectorPath(collector.id)}>{collector.name}</Link>
          </h2>
          <p className="sales__buyer">{collector.email}</p>
          <p>{purchasesText(collector)}</p>
        </li>
      ))}
    </ul>
  );
}
