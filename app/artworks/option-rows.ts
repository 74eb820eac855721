// An artwork form's option rows as typed: the form fields each row sends (their buttons: app/forms/row-changes.ts).
import type { ArtworkOption } from "~/artworks/options";
import type { Row } from "~/forms/row-changes";
import { poundsText } from "~/ui/money";
import { shareText } from "~/charities/share";

/** Each row's key and the form field that carries it (repeated, one per row, in row order). */
export const OPTION_FIELDS = {
  id: "optionId",
  label: "optionLabel",
  size: "optionSize",
  price: "optionPrice",
  edition: "optionEdition",
  sold: "optionSold",
  share: "optionShare",
} as const;

export type OptionRow = Row<typeof OPTION_FIELDS>;

/** A stored option as its form row shows it. */
export function optionRow(option: ArtworkOption): OptionRow {
  return {
    id: option.id,
    label: option.label,
    size: option.size,
    price: poundsText(option.pricePence),
    edition: option.edition === null ? "" : String(option.edition),
    sold: String(option.sold),
    share: option.share ? shareText(option.share) : "",
  };
}
