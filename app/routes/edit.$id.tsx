import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import {
  deleteArtwork,
  EDITED_ELSEWHERE,
  imageCountAfterEdit,
  imageCountProblem,
  receiveArtworkForm,
  updateArtwork,
} from "~/artworks/save.server";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { DeleteButton } from "~/admin/DeleteButton";
import { isAdmin } from "~/admin/session.server";
import { ArtworkForm } from "~/artworks/ArtworkForm";
import { db } from "~/platform/db.server";
import { formFailure, parseForm } from "~/forms/parse.server";
import { thumbnailOf, imageSrc } from "~/images/references";
import { dashboardWith } from "~/admin/notices";
import { EDIT_ARTWORK_REQUIRED, artworkSchema } from "~/artworks/form";
import { pageTitle } from "~/site/seo";
import { revalidateAfterConflict } from "~/forms/revalidate";
import { eventNamesByIds } from "~/events/queries.server";
import { getArtwork } from "~/artworks/queries.server";
import styles from "~/styles/post-form.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Artwork") }, { name: "robots", content: "noindex" }];

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const database = db(context.cloudflare.env);
  let artwork, names;
  try {
    artwork = await getArtwork(database, params.id ?? "");
    // A post lists events by id (older posts by name); show each by its name.
    names = artwork ? await eventNamesByIds(database, artwork.events) : undefined;
  } catch (error) {
    console.error("Reading a post for editing failed:", error);
    throw redirect(dashboardWith("post-fetch-failed"));
  }
  if (!artwork || !names) throw redirect(dashboardWith("post-not-found"));
  return {
    signedIn: await isAdmin(request, context),
    artwork: {
      id: artwork.id,
      title: artwork.title,
      description: artwork.description,
      medium: artwork.medium,
      size: artwork.size,
      price: artwork.price,
      available: artwork.available,
      categories: artwork.categories.length > 0 ? artwork.categories : [artwork.category],
    },
    images: artwork.imageUrls.map((stored) => ({ stored, src: imageSrc(thumbnailOf(stored, artwork.imageVariants)) })),
    events: artwork.events.map((value) => ({ value, name: names.get(value) ?? value })),
  };
}

const texts = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

export async function action({ request, params, context }: ActionFunctionArgs) {
  const upload = await receiveArtworkForm(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to edit this post.",
    storageFailure: "There was an error uploading new images.",
  });
  if (!upload.ok) return upload.response;
  const { received, headers } = upload;
  const env = context.cloudflare.env;
  const database = db(env);
  const id = params.id ?? "";

  if (received.form.get("intent") === "delete") {
    await received.discard();
    let deleted: boolean;
    try {
      deleted = await deleteArtwork(database, env.IMAGES, id);
    } catch (error) {
      console.error("Deleting a post failed:", error);
      const formError = "There was an error deleting the post.";
      return data({ ok: false as const, errors: {}, values: {}, formError }, { status: 503, headers });
    }
    if (!deleted) return redirect(dashboardWith("post-not-found"), { headers });
    return redirect(dashboardWith("post-deleted"), { headers });
  }

  const parsed = parseForm(received.form, artworkSchema(EDIT_ARTWORK_REQUIRED), { lists: ["categories"] });
  const artwork = await getArtwork(database, id).catch(() => undefined);
  const changes = {
    removeImages: texts(received.form, "removeImage"),
    removeEvents: texts(received.form, "removeEvent"),
  };
  const imageProblem =
    artwork && imageCountProblem(imageCountAfterEdit(artwork, changes.removeImages, received.images.length));
  if (!artwork || !parsed.ok || imageProblem) {
    await received.discard();
    if (!artwork) return redirect(dashboardWith("post-not-found"), { headers });
    return data(formFailure(parsed, { images: imageProblem }), { status: 400, headers });
  }

  let outcome;
  try {
    outcome = await updateArtwork(database, env.IMAGES, artwork, parsed.data, changes, received);
  } catch (error) {
    console.error("Updating a post failed:", error);
    return data(formFailure(parsed, {}, "There was an error updating your post."), { status: 503, headers });
  }
  if (outcome === "missing") return redirect(dashboardWith("post-not-found"), { headers });
  if (outcome === "changed") return data(formFailure(parsed, {}, EDITED_ELSEWHERE), { status: 409, headers });
  return data({ ok: true as const, notice: "Post updated successfully!" }, { headers });
}

export default function EditArtwork() {
  const { artwork, images, events, signedIn } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Edit Artwork">
      <ArtworkForm
        artwork={artwork}
        existingImages={images}
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
