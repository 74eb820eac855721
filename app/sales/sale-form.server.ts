// What the "Record a sale" form starts from: the artwork and its options with each one's next print
// number, the enquiry's buyer and option when it comes from one, today, and the form's submission id.
import { data } from "@remix-run/cloudflare";
import { amountsOf } from "~/artworks/price";
import { poundsText } from "~/ui/money";
import { getArtwork } from "~/artworks/queries.server";
import { isSoldOut, optionName, stockText } from "~/artworks/options";
import { getMessage } from "~/messages/queries.server";
import type { Database } from "~/platform/db.server";
import { newId } from "~/platform/id";
import { addDays, todayIn } from "~/ui/dates";
import { RESERVE_DAYS } from "~/sales/form";
import { standingSaleOf, usedEditionNumbers } from "~/sales/queries.server";
import { nextEditionNumber } from "~/sales/editions";

export type SaleFormStart = NonNullable<Awaited<ReturnType<typeof saleFormStart>>>;

/** Undefined when there is no such artwork. */
export async function saleFormStart(
  database: Database,
  artworkId: string,
  { enquiryId, optionId }: { enquiryId: string | null; optionId: string | null },
) {
  const [artwork, enquiry] = await Promise.all([
    getArtwork(database, artworkId),
    enquiryId ? getMessage(database, enquiryId) : undefined,
  ]);
  if (!artwork) return undefined;
  const options = await Promise.all(
    artwork.options.map(async (option) => ({
      id: option.id,
      name: optionName(option),
      stock: stockText(option),
      soldOut: isSoldOut(option),
      pricePence: option.pricePence,
      edition: option.edition,
      next:
        option.edition === null
          ? null
          : nextEditionNumber(option, await usedEditionNumbers(database, artwork.id, option.id)),
    })),
  );
  // The option the enquiry asked about (by its name then), or the one the link names.
  const chosen =
    options.find((option) => option.id === optionId) ??
    options.find((option) => enquiry?.artworkOption && option.name === enquiry.artworkOption) ??
    options.find((option) => !option.soldOut);
  const listed = amountsOf(artwork.price);
  const pricePence = chosen ? chosen.pricePence : listed && listed[0] === listed[1] ? listed[0] : null;
  return {
    submission: newId(),
    artwork: { id: artwork.id, title: artwork.title, price: artwork.price },
    // An original sold already (and not undone) cannot be sold again.
    soldAlready: artwork.options.length === 0 && Boolean(await standingSaleOf(database, artwork.id)),
    options,
    start: {
      option: chosen?.id ?? "",
      editionNumber: chosen?.next ? String(chosen.next) : "",
      price: pricePence === null ? "" : poundsText(pricePence),
      soldOn: todayIn(),
      // A reservation's last day, a week ahead unless she says otherwise.
      until: addDays(todayIn(), RESERVE_DAYS),
      // From an enquiry the work usually travels; without one, it was most likely a sale in person.
      payment: enquiry ? "bank-transfer" : "card",
      shipping: enquiry ? "courier" : "collected",
      note: "",
      name: enquiry?.name ?? "",
      email: enquiry?.email ?? "",
      address: enquiry?.address ?? "",
      enquiry: enquiry?.id ?? "",
    },
    enquiryFrom: enquiry ? enquiry.name : null,
  };
}

/** The start of the sales desk's forms from their address (?artwork=…&enquiry=…&option=…); 404 without the artwork. */
export async function saleFormStartAt(database: Database, url: URL): Promise<SaleFormStart> {
  const params = url.searchParams;
  const start = await saleFormStart(database, params.get("artwork") ?? "", {
    enquiryId: params.get("enquiry"),
    optionId: params.get("option"),
  });
  if (!start) throw data(null, { status: 404 });
  return start;
}
