import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { requireAdmin } from "~/admin/guard.server";
import { newId } from "~/platform/id";
import { dashboardWith } from "~/admin/notices";
import { EventForm } from "~/events/EventForm";
import { createEventFromForm } from "~/events/save.server";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { sendImageForm } from "~/images/send-image-form";
import imagePickerStyles from "~/images/image-picker.css?url";
import { pageTitle } from "~/ui/seo";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: imagePickerStyles }];

export const meta: MetaFunction = () => [{ title: pageTitle("Create Event") }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  // The id the new row takes, so this form sent twice stores it once (app/forms/submission.server.ts).
  return { signedIn: admin.signedIn, submission: newId() };
}

/** An image may arrive in this form: Cloudflare's own request limit. */
export const bodyCap = UPLOAD_MAX_BYTES;

/** With JavaScript a save with images goes by XMLHttpRequest, to show its progress and offer Cancel. */
export const clientAction = sendImageForm;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to create an event.",
  });
  if (!admin.signedIn) return admin.refusal;
  const created = await createEventFromForm(request, context.cloudflare.env, context.publicCache, admin.headers);
  if ("refusal" in created) return created.refusal;
  return redirect(dashboardWith("event-created"), { headers: admin.headers });
}

export default function CreateEvent() {
  const { signedIn, submission } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Create Event">
      <EventForm submission={submission} askPasskey={!signedIn} submitLabel="Create Event" busyLabel="Submitting..." />
    </AdminFormPage>
  );
}
