import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireAdmin } from "~/admin/guard.server";
import { ADMIN_APP_LINKS } from "~/admin/app-links";
import { signedOut } from "~/admin/sign-in.server";
import { CharitiesPage } from "~/admin/CharitiesPage";
import { formFailure, formRefused, formSuccess } from "~/forms/result.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { charitySchema, donationSchema } from "~/charities/form";
import { giveDonation } from "~/admin/donations.server";
import { submissionIdOf } from "~/forms/submission.server";
import { newId } from "~/platform/id";
import { todayIn } from "~/ui/dates";
import { CHARITY_REFUSALS } from "~/charities/refusals";
import { deleteCharity, deleteDonation, listCharities, listDonations, saveCharity } from "~/charities/queries.server";
import charitiesStyles from "~/charities/charities.css?url";

export const links: LinksFunction = () => [...ADMIN_APP_LINKS, { rel: "stylesheet", href: charitiesStyles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Charities") },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const database = db(context.cloudflare.env);
  const [charities, donations] = await Promise.all([listCharities(database), listDonations(database)]);
  // A new submission id each time the page is drawn: a donation form sent twice records one donation.
  return { signedIn: true as const, charities, donations, submission: newId(), today: todayIn() };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save") }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("donate") }),
  z.object({ intent: z.literal("delete-donation"), id: z.string().min(1).max(100) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const form = await readForm(request);
  const parsed = intentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return formFailure(400, { formError: "That request was not understood." });
  const database = db(context.cloudflare.env);
  if (parsed.data.intent === "delete") {
    const deleted = await deleteCharity(database, context.publicCache, parsed.data.id);
    if (deleted !== "deleted") return formRefused(CHARITY_REFUSALS[deleted], { values: {} });
    return formSuccess("Charity deleted.");
  }
  if (parsed.data.intent === "delete-donation") {
    if (!(await deleteDonation(database, context.publicCache, parsed.data.id)))
      return formFailure(404, { formError: "That donation was deleted already." });
    return formSuccess("Donation deleted.");
  }
  if (parsed.data.intent === "donate") {
    const donation = parseForm(form, donationSchema);
    const kept = { ...donation, values: { ...donation.values, intent: "donate" } };
    if (!donation.ok) return formFailure(400, { kept });
    const given = await giveDonation(
      { database, publicCache: context.publicCache },
      submissionIdOf(form),
      donation.data,
    );
    if (!given.recorded) return formRefused(CHARITY_REFUSALS.missing, kept);
    return formSuccess(given.notice);
  }
  const charity = parseForm(form, charitySchema);
  // The intent comes back with what was typed, so the page knows the add form was refused.
  const kept = { ...charity, values: { ...charity.values, intent: "save" } };
  if (!charity.ok) return formFailure(400, { kept });
  const saved = await saveCharity(database, context.publicCache, null, charity.data);
  if (!saved.saved) return formRefused(CHARITY_REFUSALS[saved.refusal], kept);
  return formSuccess(`Added ${charity.data.name}.`);
}

export default function Charities() {
  return <CharitiesPage data={useLoaderData<typeof loader>()} />;
}
