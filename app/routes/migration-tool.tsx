import {
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/admin/guard.server";
import { signedOut } from "~/admin/sign-in.server";
import { MigrationToolPage } from "~/admin/MigrationToolPage";
import { db } from "~/platform/db.server";
import { imageOrigin } from "~/images/origin";
import { imageSrc } from "~/images/references";
import { pageTitle } from "~/ui/seo";
import { revalidateAfterAnswer } from "~/forms/revalidate";
import {
  artworksWithLegacyImages,
  countMigrated,
  FETCH_FAILED,
  migrateFromForm,
  stepOf,
} from "~/legacy/migration.server";
import dashboardStyles from "~/admin/dashboard.css?url";
import imagePickerStyles from "~/images/image-picker.css?url";
import { UPLOAD_MAX_BYTES } from "~/images/limits";
import { sendImageForm } from "~/images/send-image-form";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dashboardStyles },
  { rel: "stylesheet", href: imagePickerStyles },
];

export const meta: MetaFunction = () => [
  { title: pageTitle("Migration Tool") },
  { name: "robots", content: "noindex, nofollow" },
];

export const shouldRevalidate = revalidateAfterAnswer;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return signedOut(context);
  const params = new URL(request.url).searchParams;
  const hosts = context.env.LEGACY_IMAGE_HOSTS;
  let pending;
  let migratedSoFar = 0;
  try {
    const database = db(context.cloudflare.env);
    [pending, migratedSoFar] = await Promise.all([artworksWithLegacyImages(database, hosts), countMigrated(database)]);
  } catch (error) {
    console.error("Reading posts for the migration tool failed:", error);
    return {
      signedIn: true as const,
      error: FETCH_FAILED,
      total: 0,
      step: 0,
      artwork: null,
      migrated: null,
      already: null,
      migratedSoFar: 0,
    };
  }
  const step = Math.min(stepOf(params.get("step")), pending.length);
  const current = pending[step];
  return {
    signedIn: true as const,
    error: null,
    total: pending.length,
    step,
    migratedSoFar,
    migrated: params.get("migrated"),
    already: params.get("already"),
    artwork: current
      ? {
          id: current.id,
          title: current.title,
          legacy: current.imageUrls.filter((stored) => imageOrigin(stored, hosts) === "legacy"),
          kept: current.imageUrls.filter((stored) => imageOrigin(stored, hosts) !== "legacy").map(imageSrc),
        }
      : null,
  };
}

/** Images arrive in this form: Cloudflare's own request limit. */
export const bodyCap = UPLOAD_MAX_BYTES;

export async function action({ request, context }: ActionFunctionArgs) {
  // The spec's own passkey gate for this tool is the admin session here.
  const admin = await requireAdmin(request, context);
  if (!admin.signedIn) return admin.refusal;
  const migrated = await migrateFromForm(
    request,
    context.cloudflare.env,
    context.publicCache,
    context.env.LEGACY_IMAGE_HOSTS,
  );
  if ("refusal" in migrated) return migrated.refusal;
  const done = migrated.already ? "already" : "migrated";
  return redirect(`/migration-tool?step=${migrated.step}&${done}=${encodeURIComponent(migrated.artworkId)}`);
}

export const clientAction = sendImageForm;

export default function MigrationTool() {
  return <MigrationToolPage data={useLoaderData<typeof loader>()} />;
}
