import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { DeleteButton } from "~/admin/DeleteButton";
import { authorizeAdminForm, isAdmin, sessionHeaders } from "~/admin/session.server";
import { EventForm } from "~/events/EventForm";
import { db } from "~/platform/db.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { eventSchema } from "~/events/form";
import { dashboardWith } from "~/admin/notices";
import { pageTitle } from "~/site/seo";
import { deleteEvent, getEvent, updateEvent } from "~/events/queries.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Event") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const event = await getEvent(db(context.cloudflare.env), params.id ?? "");
  if (!event) throw data(null, { status: 404 });
  return { event, signedIn: await isAdmin(request, context) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const deleting = form.get("intent") === "delete";
  const auth = await authorizeAdminForm(
    request,
    context,
    form.get("passkey"),
    deleting
      ? "Invalid passkey. You are not authorized to delete this event."
      : "Invalid passkey. You are not authorized to edit this event.",
  );
  if (!auth.ok) return auth.refusal;
  const headers = sessionHeaders(auth.setCookie);
  const database = db(context.cloudflare.env);
  const id = params.id ?? "";

  if (deleting) {
    let deleted: boolean;
    try {
      deleted = await deleteEvent(database, id);
    } catch (error) {
      console.error("Deleting an event failed:", error);
      const failure = {
        ok: false as const,
        errors: {},
        values: {},
        formError: "There was an error deleting the event.",
      };
      return data(failure, { status: 503, headers });
    }
    if (!deleted) throw data(null, { status: 404 });
    return redirect(dashboardWith("event-deleted"), { headers });
  }

  const parsed = parseForm(form, eventSchema);
  if (!parsed.ok) return data(parsed, { status: 400, headers });
  let updated: boolean;
  try {
    updated = await updateEvent(database, id, parsed.data);
  } catch (error) {
    console.error("Updating an event failed:", error);
    const failure = { ...parsed, ok: false as const, errors: {}, formError: "There was an error updating the event." };
    return data(failure, { status: 503, headers });
  }
  if (!updated) throw data(null, { status: 404 });
  return data({ ok: true as const, notice: "Event updated successfully!" }, { headers });
}

export default function EditEvent() {
  const { event, signedIn } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Edit Event">
      <EventForm event={event} askPasskey={!signedIn} submitLabel="Update Event" busyLabel="Updating...">
        <DeleteButton label="Delete Event" confirmText="Delete this event?" />
      </EventForm>
    </AdminFormPage>
  );
}
