import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { createArtwork, imageCountProblem, receiveArtworkForm } from "~/artworks/save.server";
import { AdminFormPage } from "~/admin/AdminFormPage";
import { isAdmin } from "~/admin/session.server";
import { ArtworkForm } from "~/artworks/ArtworkForm";
import { db } from "~/platform/db.server";
import { formFailure, parseForm } from "~/forms/parse.server";
import { dashboardWith } from "~/admin/notices";
import { CREATE_ARTWORK_REQUIRED, artworkSchema } from "~/artworks/form";
import { pageTitle } from "~/site/seo";
import styles from "~/styles/post-form.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [
  { title: pageTitle("Create Artwork") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { signedIn: await isAdmin(request, context) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const upload = await receiveArtworkForm(request, context, {
    wrongPasskey: "Invalid passkey. You are not authorized to create posts.",
    storageFailure: "There was an error uploading images.",
  });
  if (!upload.ok) return upload.response;
  const { received, headers } = upload;

  const parsed = parseForm(received.form, artworkSchema(CREATE_ARTWORK_REQUIRED), { lists: ["categories"] });
  const imageProblem = imageCountProblem(received.images.length);
  if (!parsed.ok || imageProblem) {
    await received.discard();
    return data(formFailure(parsed, { images: imageProblem }), { status: 400, headers });
  }
  try {
    await createArtwork(db(context.cloudflare.env), parsed.data, received);
  } catch (error) {
    console.error("Creating a post failed:", error);
    return data(formFailure(parsed, {}, "There was an error creating your post."), { status: 503, headers });
  }
  return redirect(dashboardWith("post-created"), { headers });
}

export default function CreateArtwork() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <AdminFormPage title="Create Artwork">
      <ArtworkForm askPasskey={!signedIn} submitLabel="Create Post" busyLabel="Uploading..." imagesRequired />
    </AdminFormPage>
  );
}
