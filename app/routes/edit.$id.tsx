import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData, useParams } from "@remix-run/react";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { DeleteButton } from "~/admin/DeleteButton";
import { requireAdmin } from "~/admin/guard.server";
import { dashboardWith } from "~/admin/notices";
import { ArtworkForm } from "~/artworks/ArtworkForm";
import { getArtwork } from "~/artworks/queries.server";
import { charityChoices } from "~/charities/queries.server";
import { artworkFormImages, artworkFormValues } from "~/artworks/view";
import { editArtworkFromForm } from "~/artworks/save.server";
import { eventNamesByIds } from "~/events/queries.server";
import { formSuccess } from "~/forms/result.server";
import { revalidateAfterAnswer } from "~/forms/revalidate";
import { db } from "~/platform/db.server";
import { pageTitle } from "~/ui/seo";
import { recordSalePath, reservePath } from "~/sales/path";
import styles from "~/artworks/artwork-form.css?url";
import imagePickerStyles from "~/images/image-picker.css?url";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { sendImageForm } from "~/images/send-image-form";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: imagePickerStyles },
];

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Artwork") }, { name: "robots", content: "noindex" }];

export const shouldRevalidate = revalidateAfterAnswer;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const database = db(context.cloudflare.env);
  let artwork, names, charities;
  try {
    [artwork, charities] = await Promise.all([getArtwork(database, params.id ?? ""), charityChoices(database)]);
    // An artwork lists events by id (older ones by name); show each by its name.
    names = artwork ? await eventNamesByIds(database, artwork.events) : undefined;
  } catch (error) {
    console.error("Reading an artwork for editing failed:", error);
    throw redirect(dashboardWith("artwork-fetch-failed"));
  }
  if (!artwork || !names) throw redirect(dashboardWith("artwork-not-found"));
  return {
    signedIn: admin.signedIn,
    charities: charities.choices,
    artwork: artworkFormValues(artwork),
    // The version this form is made from, so a save sent twice is refused the second time.
    version: artwork.updatedAt ?? "",
    images: artworkFormImages(artwork),
    events: artwork.events.map((value) => ({ value, name: names.get(value) ?? value })),
  };
}

/** Images arrive in this form: Cloudflare's own request limit. */
export const bodyCap = UPLOAD_MAX_BYTES;

/** With JavaScript a save with images goes by XMLHttpRequest, to show its progress and offer Cancel. */
export const clientAction = sendImageForm;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to edit this post.",
  });
  if (!admin.signedIn) return admin.refusal;
  const edited = await editArtworkFromForm(
    request,
    context.cloudflare.env,
    context.publicCache,
    params.id ?? "",
    admin.headers,
  );
  if ("refusal" in edited) return edited.refusal;
  if (edited.outcome === "saved") return formSuccess("Post updated successfully!", admin.headers);
  const notice = edited.outcome === "deleted" ? "artwork-deleted" : "artwork-not-found";
  return redirect(dashboardWith(notice), { headers: admin.headers });
}

export default function EditArtwork() {
  const params = useParams();
  const { artwork, version, images, events, signedIn, charities } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Edit Artwork">
      {signedIn ? (
        <p className="admin-form__lead">
          <Link to={reservePath(params.id ?? "")}>Reserve this work for a buyer</Link> ·{" "}
          <Link to={recordSalePath(params.id ?? "")}>Record a sale of this work</Link>
        </p>
      ) : null}
      <ArtworkForm
        artwork={artwork}
        version={version}
        existingImages={images}
        charities={charities}
        linkedEvents={events}
        askPasskey={!signedIn}
        submitLabel="Update Post"
        busyLabel="Updating..."
      >
        <DeleteButton label="Delete Post" confirmText="Delete this post?" />
      </ArtworkForm>
    </AdminFormPage>
  );
}
