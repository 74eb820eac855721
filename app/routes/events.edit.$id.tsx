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
import { requireAdmin } from "~/admin/guard.server";
import { dashboardWith } from "~/admin/notices";
import { EventForm } from "~/events/EventForm";
import { eventSchema } from "~/events/form";
import { deleteEvent, getEvent, updateEvent } from "~/events/queries.server";
import { parseForm, readForm } from "~/forms/parse.server";
import { formFailure, formSuccess } from "~/forms/result.server";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Event") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const event = await getEvent(db(context.cloudflare.env), params.id ?? "");
  if (!event) throw data(null, { status: 404 });
  return { event, signedIn: admin.signedIn };
}

const isDelete = (form: FormData) => form.get("intent") === "delete";

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, {
    wrongPasskey: (fields) =>
      isDelete(fields)
        ? "Invalid passkey. You are not authorized to delete this event."
        : "Invalid passkey. You are not authorized to edit this event.",
  });
  if (!admin.signedIn) return admin.refusal;
  const { headers } = admin;
  const form = await readForm(request);
  const database = db(context.cloudflare.env);
  const id = params.id ?? "";

  if (isDelete(form)) {
    let deleted: boolean;
    try {
      deleted = await deleteEvent(database, context.publicCache, id);
    } catch (error) {
      console.error("Deleting an event failed:", error);
      return formFailure(503, { formError: "There was an error deleting the event.", headers });
    }
    if (!deleted) throw data(null, { status: 404 });
    return redirect(dashboardWith("event-deleted"), { headers });
  }

  const parsed = parseForm(form, eventSchema);
  if (!parsed.ok) return formFailure(400, { kept: parsed, headers });
  let updated: boolean;
  try {
    updated = await updateEvent(database, context.publicCache, id, parsed.data);
  } catch (error) {
    console.error("Updating an event failed:", error);
    return formFailure(503, { kept: parsed, formError: "There was an error updating the event.", headers });
  }
  if (!updated) throw data(null, { status: 404 });
  return formSuccess("Event updated successfully!", headers);
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
