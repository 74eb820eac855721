import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// Flat file routes (app/routes/post.$id.tsx -> /post/:id), as in Remix v2's default convention.
export default flatRoutes() satisfies RouteConfig;
