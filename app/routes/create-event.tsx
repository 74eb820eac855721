import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { requireAdmin } from "~/admin/guard.server";
import { dashboardWith } from "~/admin/notices";
import { EventForm } from "~/events/EventForm";
import { eventSchema } from "~/events/form";
import { createEvent } from "~/events/queries.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { formFailure } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";

export const meta: MetaFunction = () => [{ title: pageTitle("Create Event") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return { signedIn: admin.signedIn };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to create an event.",
  });
  if (!admin.signedIn) return admin.refusal;
  const { headers } = admin;
  const parsed = parseForm(await readForm(request), eventSchema);
  if (!parsed.ok) return formFailure(400, { kept: parsed, headers });
  try {
    await createEvent(db(context.cloudflare.env), context.publicCache, parsed.data);
  } catch (error) {
    console.error("Creating an event failed:", error);
    return formFailure(503, { kept: parsed, formError: "There was an error creating the event.", headers });
  }
  return redirect(dashboardWith("event-created"), { headers });
}

export default function CreateEvent() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Create Event">
      <EventForm askPasskey={!signedIn} submitLabel="Create Event" busyLabel="Submitting..." />
    </AdminFormPage>
  );
}
