import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { SalesPage } from "~/admin/SalesPage";
import { listSales } from "~/sales/queries.server";
import { undoSale } from "~/sales/record.server";
import { endReservation, listReservations } from "~/sales/reservations.server";
import { listPaymentLinks, markRefunded } from "~/sales/payment-links.server";
import { paymentInstructionsSchema } from "~/sales/form";
import { paymentInstructions, savePaymentInstructions } from "~/site/settings.server";
import salesStyles from "~/sales/sales.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: salesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Sales") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const params = new URL(request.url).searchParams;
  const database = db(context.cloudflare.env);
  const [sales, reservations, paymentLinks, instructions] = await Promise.all([
    listSales(database),
    listReservations(database),
    listPaymentLinks(database),
    paymentInstructions(database),
  ]);
  return {
    signedIn: true as const,
    sales,
    reservations,
    paymentLinks,
    stripe: Boolean(context.env.STRIPE_SECRET_KEY),
    instructions: instructions ?? "",
    recorded: params.get("recorded"),
    reserved: params.get("reserved"),
  };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("undo"), id: z.string().min(1).max(100) }),
  z.object({
    intent: z.literal("end-reservation"),
    artwork: z.string().min(1).max(100),
    reservation: z.string().min(1).max(100),
  }),
  z.object({ intent: z.literal("refunded"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("instructions") }),
]);

const UNDO_ANSWERS = {
  missing: [404, "That sale no longer exists."],
  "already-undone": [409, "That sale was undone already."],
  changed: [409, "The artwork changed while you were undoing this sale. Try again."],
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const form = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const input = parsed.data;
  const database = db(context.cloudflare.env);
  if (input.intent === "instructions") {
    const instructions = parseForm(form, paymentInstructionsSchema);
    if (!instructions.ok) return formFailure(400, { kept: instructions });
    await savePaymentInstructions(database, instructions.data.instructions);
    return formSuccess("Payment instructions saved.");
  }
  if (input.intent === "refunded") {
    if (!(await markRefunded(database, input.id)))
      return formFailure(404, { formError: "That payment is settled already." });
    return formSuccess("Marked refunded.");
  }
  if (input.intent === "end-reservation") {
    const ended = await endReservation(database, context.publicCache, input.artwork, input.reservation);
    if (ended === "missing") return formFailure(404, { formError: "That reservation has ended already." });
    if (ended === "changed") return formFailure(409, { formError: "The artwork changed meanwhile. Try again." });
    return formSuccess("Reservation ended: the work is available again.");
  }
  const outcome = await undoSale(database, context.publicCache, input.id);
  if (outcome !== "undone") {
    const [status, formError] = UNDO_ANSWERS[outcome];
    return formFailure(status, { formError });
  }
  return formSuccess("Sale undone: the work is available again.");
}

export default function Sales() {
  return <SalesPage data={useLoaderData<typeof loader>()} />;
}
