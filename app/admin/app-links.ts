// The admin's own pages offer her an app: the manifest (app/routes/admin[.]webmanifest.tsx) and the
// icon iPhones use for "Add to Home Screen". Public pages never link them.
export const ADMIN_APP_LINKS = [
  { rel: "manifest", href: "/admin.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];
