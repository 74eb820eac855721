import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { createArtwork, receiveArtworkForm } from "~/artworks.server";
import { isAdmin } from "~/auth.server";
import { PostForm } from "~/components/PostForm";
import { db } from "~/db/client.server";
import { parseForm } from "~/lib/forms.server";
import { dashboardWith } from "~/lib/notices";
import { CREATE_POST_REQUIRED, postSchema } from "~/lib/schemas";
import { pageTitle } from "~/lib/seo";
import styles from "~/styles/post-form.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Create Artwork") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: await isAdmin(request, context) };
}

const NO_IMAGE = "Please upload at least one image.";

export async function action({ request, context }: ActionFunctionArgs) {
  const upload = await receiveArtworkForm(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to create posts.",
    storageFailure: "There was an error uploading images.",
  });
  if (!upload.ok) return upload.response;
  const { received, headers } = upload;

  const parsed = parseForm(received.form, postSchema(CREATE_POST_REQUIRED), { lists: ["categories"] });
  if (!parsed.ok || received.images.length === 0) {
    await received.discard();
    const failure = parsed.ok ? { ok: false as const, errors: {}, values: parsed.values, lists: parsed.lists } : parsed;
    const errors: Record<string, string> = { ...failure.errors };
    if (received.images.length === 0) errors.images = NO_IMAGE;
    return data({ ...failure, errors }, { status: 400, headers });
  }
  try {
    await createArtwork(db(context.cloudflare.env), parsed.data, received);
  } catch (error) {
    console.error("Creating a post failed:", error);
    const { values, lists } = parsed;
    const formError = "There was an error creating your post.";
    return data({ ok: false as const, errors: {}, values, lists, formError }, { status: 503, headers });
  }
  return redirect(dashboardWith("post-created"), { headers });
}

export default function CreatePost() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <section className="section page admin-form" aria-labelledby="create-post-title">
      <Link to="/dashboard" className="text-link">
        <ArrowLeft size={16} aria-hidden="true" /> Dashboard
      </Link>
      <h1 id="create-post-title">Create Artwork</h1>
      <div className="card-panel">
        <PostForm askPasskey={!signedIn} submitLabel="Create Post" busyLabel="Uploading..." imagesRequired />
      </div>
    </section>
  );
}
