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
} from "~/artworks.server";
import { AdminFormPage } from "~/components/AdminFormPage";
import { DeleteButton } from "~/components/DeleteButton";
import { isAdmin } from "~/auth.server";
import { PostForm } from "~/components/PostForm";
import { db } from "~/db/client.server";
import { formFailure, parseForm } from "~/lib/forms.server";
import { thumbnailOf, imageSrc } from "~/lib/images";
import { dashboardWith } from "~/lib/notices";
import { EDIT_POST_REQUIRED, postSchema } from "~/lib/schemas";
import { pageTitle } from "~/lib/seo";
import { revalidateAfterConflict } from "~/lib/revalidate";
import { eventNamesByIds } from "~/models/events.server";
import { getPost } from "~/models/posts.server";
import styles from "~/styles/post-form.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Artwork") }, { name: "robots", content: "noindex" }];

export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const database = db(context.cloudflare.env);
  let post, names;
  try {
    post = await getPost(database, params.id ?? "");
    // A post lists events by id (older posts by name); show each by its name.
    names = post ? await eventNamesByIds(database, post.events) : undefined;
  } catch (error) {
    console.error("Reading a post for editing failed:", error);
    throw redirect(dashboardWith("post-fetch-failed"));
  }
  if (!post || !names) throw redirect(dashboardWith("post-not-found"));
  return {
    signedIn: await isAdmin(request, context),
    post: {
      id: post.id,
      title: post.title,
      description: post.description,
      medium: post.medium,
      size: post.size,
      price: post.price,
      available: post.available,
      categories: post.categories.length > 0 ? post.categories : [post.category],
    },
    images: post.imageUrls.map((stored) => ({ stored, src: imageSrc(thumbnailOf(stored, post.imageVariants)) })),
    events: post.events.map((value) => ({ value, name: names.get(value) ?? value })),
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

  const parsed = parseForm(received.form, postSchema(EDIT_POST_REQUIRED), { lists: ["categories"] });
  const post = await getPost(database, id).catch(() => undefined);
  const changes = {
    removeImages: texts(received.form, "removeImage"),
    removeEvents: texts(received.form, "removeEvent"),
  };
  const imageProblem =
    post && imageCountProblem(imageCountAfterEdit(post, changes.removeImages, received.images.length));
  if (!post || !parsed.ok || imageProblem) {
    await received.discard();
    if (!post) return redirect(dashboardWith("post-not-found"), { headers });
    return data(formFailure(parsed, { images: imageProblem }), { status: 400, headers });
  }

  let outcome;
  try {
    outcome = await updateArtwork(database, env.IMAGES, post, parsed.data, changes, received);
  } catch (error) {
    console.error("Updating a post failed:", error);
    return data(formFailure(parsed, {}, "There was an error updating your post."), { status: 503, headers });
  }
  if (outcome === "missing") return redirect(dashboardWith("post-not-found"), { headers });
  if (outcome === "changed") return data(formFailure(parsed, {}, EDITED_ELSEWHERE), { status: 409, headers });
  return data({ ok: true as const, notice: "Post updated successfully!" }, { headers });
}

export default function EditPost() {
  const { post, images, events, signedIn } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Edit Artwork">
      <PostForm
        post={post}
        existingImages={images}
        linkedEvents={events}
        askPasskey={!signedIn}
        submitLabel="Update Post"
        busyLabel="Updating..."
      >
        <DeleteButton label="Delete Post" confirmText="Delete this post?" />
      </PostForm>
    </AdminFormPage>
  );
}
