import { data, type MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/ui/NotFound";

// Any path no other route matches: the 404 page with an HTTP 404 status.
export function loader() {
  return data(null, { status: 404 });
}

// A POST to an unknown path is also a 404, not a 405.
export function action() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function CatchAll() {
  return <NotFound />;
}
