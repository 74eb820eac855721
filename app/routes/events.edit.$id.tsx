import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { DeleteButton } from "~/admin/DeleteButton";
import { requireAdmin } from "~/admin/guard.server";
import { dashboardWith } from "~/admin/notices";
import { EventForm } from "~/events/EventForm";
import { getEvent } from "~/events/queries.server";
import { editEventFromForm } from "~/events/save.server";
import { formSuccess } from "~/forms/result.server";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { sendImageForm } from "~/images/send-image-form";
import { imageSrc } from "~/images/references";
import imagePickerStyles from "~/images/image-picker.css?url";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: imagePickerStyles }];

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Event") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const event = await getEvent(db(context.cloudflare.env), params.id ?? "");
  if (!event) throw data(null, { status: 404 });
  const { image, imageCopies, ...fields } = event;
  // The form shows the current image small: its thumbnail when one was made.
  const current = image ? { stored: image, src: imageSrc(imageCopies?.thumbnail?.key ?? image) } : null;
  return { event: fields, image: current, signedIn: admin.signedIn };
}

/** An image may arrive in this form: Cloudflare's own request limit. */
export const bodyCap = UPLOAD_MAX_BYTES;

/** With JavaScript a save with images goes by XMLHttpRequest, to show its progress and offer Cancel. */
export const clientAction = sendImageForm;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, {
    wrongPasskey: (fields) =>
      fields.get("intent") === "delete"
        ? "Invalid passkey. You are not authorized to delete this event."
        : "Invalid passkey. You are not authorized to edit this event.",
  });
  if (!admin.signedIn) return admin.refusal;
  const edited = await editEventFromForm(
    request,
    context.cloudflare.env,
    context.publicCache,
    params.id ?? "",
    admin.headers,
  );
  if ("refusal" in edited) return edited.refusal;
  if (edited.outcome === "missing") throw new Response(null, { status: 404 });
  if (edited.outcome === "deleted") return redirect(dashboardWith("event-deleted"), { headers: admin.headers });
  return formSuccess("Event updated successfully!", admin.headers);
}

export default function EditEvent() {
  const { event, image, signedIn } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Edit Event">
      <EventForm event={event} image={image} askPasskey={!signedIn} submitLabel="Update Event" busyLabel="Updating...">
        <DeleteButton label="Delete Event" confirmText="Delete this event?" />
      </EventForm>
    </AdminFormPage>
  );
}
