import { SITE } from "~/ui/site";

/**
 * The web app manifest of the artist's admin: "Add to Home Screen" on the dashboard gives her an icon
 * that opens the dashboard full screen, in the site's colours. Linked from the admin's own pages only
 * (app/admin/app-links.ts), so visitors are never offered an app that opens a sign-in form.
 */
export function loader() {
  const manifest = {
    id: "/dashboard",
    name: `${SITE.brand}: Admin`,
    short_name: `${SITE.artistName.split(" ")[0]}'s shop`,
    description: "Artworks, messages, events and testimonials, from the dashboard.",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#faf7f2",
    theme_color: "#faf7f2",
    icons: [
      { src: "/icons/admin-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/admin-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      // The mark sits in the middle 60 %, inside the part every mask keeps.
      { src: "/icons/admin-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  // Cached like a public page (app/public-cache): it holds nothing private.
  return new Response(JSON.stringify(manifest), { headers: { "Content-Type": "application/manifest+json" } });
}
