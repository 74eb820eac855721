import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeft, Trash2 } from "lucide-react";
import { deleteArtwork, imageCountAfterEdit, receiveArtworkForm, updateArtwork } from "~/artworks.server";
import { isAdmin } from "~/auth.server";
import { PostForm } from "~/components/PostForm";
import { db } from "~/db/client.server";
import { parseForm } from "~/lib/forms.server";
import { thumbnailOf, imageSrc } from "~/lib/images";
import { IMAGES_PER_POST_MAX } from "~/lib/limits";
import { dashboardWith } from "~/lib/notices";
import { EDIT_POST_REQUIRED, postSchema } from "~/lib/schemas";
import { pageTitle } from "~/lib/seo";
import { listEvents } from "~/models/events.server";
import { getPost } from "~/models/posts.server";
import styles from "~/styles/post-form.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Artwork") }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const database = db(context.cloudflare.env);
  let found;
  try {
    found = await Promise.all([getPost(database, params.id ?? ""), listEvents(database)]);
  } catch (error) {
    console.error("Reading a post for editing failed:", error);
    throw redirect(dashboardWith("post-fetch-failed"));
  }
  const [post, events] = found;
  if (!post) throw redirect(dashboardWith("post-not-found"));
  // A post lists events by id (older posts by name); show each by its name.
  const names = new Map(events.map((event) => [event.id, event.name]));
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
  const imageCount = post ? imageCountAfterEdit(post, changes.removeImages, received.images.length) : 0;
  const imageError =
    imageCount === 0
      ? "Please upload at least one image."
      : imageCount > IMAGES_PER_POST_MAX
        ? `A post can hold at most ${IMAGES_PER_POST_MAX} images.`
        : undefined;
  if (!post || !parsed.ok || imageError) {
    await received.discard();
    if (!post) return redirect(dashboardWith("post-not-found"), { headers });
    const failure = parsed.ok ? { ok: false as const, errors: {}, values: parsed.values, lists: parsed.lists } : parsed;
    const errors: Record<string, string> = { ...failure.errors };
    if (imageError) errors.images = imageError;
    return data({ ...failure, errors }, { status: 400, headers });
  }

  let updated: boolean;
  try {
    updated = await updateArtwork(database, env.IMAGES, post, parsed.data, changes, received);
  } catch (error) {
    console.error("Updating a post failed:", error);
    const { values, lists } = parsed;
    const formError = "There was an error updating your post.";
    return data({ ok: false as const, errors: {}, values, lists, formError }, { status: 503, headers });
  }
  if (!updated) return redirect(dashboardWith("post-not-found"), { headers });
  return data({ ok: true as const, notice: "Post updated successfully!" }, { headers });
}

export default function EditPost() {
  const { post, images, events, signedIn } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <section className="section page admin-form" aria-labelledby="edit-post-title">
      <Link to="/dashboard" className="text-link">
        <ArrowLeft size={16} aria-hidden="true" /> Dashboard
      </Link>
      <h1 id="edit-post-title">Edit Artwork</h1>
      <div className="card-panel">
        <PostForm
          post={post}
          existingImages={images}
          linkedEvents={events}
          askPasskey={!signedIn}
          submitLabel="Update Post"
          busyLabel="Updating..."
        >
          <button
            type="submit"
            name="intent"
            value="delete"
            formNoValidate
            // Deleting sends no files: a plain form body, so chosen images are not uploaded first.
            formEncType="application/x-www-form-urlencoded"
            className="button button--ghost admin-form__delete"
            disabled={deleting}
            onClick={(e) => {
              if (!confirm("Delete this post?")) e.preventDefault();
            }}
          >
            <Trash2 size={16} aria-hidden="true" /> {deleting ? "Deleting..." : "Delete Post"}
          </button>
        </PostForm>
      </div>
    </section>
  );
}
