import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { createArtworkFromForm } from "~/artworks/save.server";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { requireAdmin } from "~/admin/guard.server";
import { newId } from "~/platform/id";
import { db } from "~/platform/db.server";
import { charityChoices } from "~/charities/queries.server";
import { ArtworkForm } from "~/artworks/ArtworkForm";
import { dashboardWith } from "~/admin/notices";
import { pageTitle } from "~/ui/seo";
import styles from "~/artworks/artwork-form.css?url";
import imagePickerStyles from "~/images/image-picker.css?url";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { sendImageForm } from "~/images/send-image-form";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: imagePickerStyles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Create Artwork") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const { choices, newShare } = await charityChoices(db(context.cloudflare.env));
  // The id the new row takes, so this form sent twice stores it once (app/forms/submission.server.ts).
  return { signedIn: admin.signedIn, submission: newId(), charities: choices, newShare };
}

/** Images arrive in this form: Cloudflare's own request limit. */
export const bodyCap = UPLOAD_MAX_BYTES;

/** With JavaScript a save with images goes by XMLHttpRequest, to show its progress and offer Cancel. */
export const clientAction = sendImageForm;

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to create posts.",
  });
  if (!admin.signedIn) return admin.refusal;
  const created = await createArtworkFromForm(request, context.cloudflare.env, context.publicCache, admin.headers);
  if ("refusal" in created) return created.refusal;
  return redirect(dashboardWith("artwork-created"), { headers: admin.headers });
}

export default function CreateArtwork() {
  const { signedIn, submission, charities, newShare } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Create Artwork">
      <ArtworkForm
        submission={submission}
        charities={charities}
        newShare={newShare}
        askPasskey={!signedIn}
        submitLabel="Create Post"
        busyLabel="Uploading..."
        imagesRequired
      />
    </AdminFormPage>
  );
}
