import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { authorizeAdminForm, isAdmin, sessionHeaders } from "~/admin/session.server";
import { EventForm } from "~/events/EventForm";
import { db } from "~/platform/db.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { eventSchema } from "~/events/form";
import { dashboardWith } from "~/admin/notices";
import { pageTitle } from "~/site/seo";
import { createEvent } from "~/events/queries.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Create Event") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: await isAdmin(request, context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const auth = await authorizeAdminForm(
    request,
    context,
    form.get("passkey"),
    "Invalid passkey. You are not authorized to create an event.",
  );
  if (!auth.ok) return auth.refusal;
  const headers = sessionHeaders(auth.setCookie);
  const parsed = parseForm(form, eventSchema);
  if (!parsed.ok) return data(parsed, { status: 400, headers });
  try {
    await createEvent(db(context.cloudflare.env), parsed.data);
  } catch (error) {
    console.error("Creating an event failed:", error);
    return data(
      { ...parsed, ok: false as const, errors: {}, formError: "There was an error creating the event." },
      { status: 503, headers },
    );
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
