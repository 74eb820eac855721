import { vitePlugin as remix, cloudflareDevProxyVitePlugin as remixCloudflareDevProxy } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./load-context";
import { chunksThatLoadTogether } from "./vite-chunks";
import { legalCommentsToFile } from "./vite-legal-comments";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remixCloudflareDevProxy({ getLoadContext }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off: the whole route manifest comes with the page (one immutable file, 2 KB gzip), so no
        // navigation or form needs a request for it first. On a weak signal such a request failing
        // put the error page in place of a kept form (ADR 0051).
        v3_lazyRouteDiscovery: false,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
    legalCommentsToFile(),
    chunksThatLoadTogether(),
  ],
  build: {
    // Small inlined assets would need a CSP exception; keep every asset a file.
    assetsInlineLimit: 0,
    rollupOptions: {
      treeshake: {
        // react-image-gallery is built by webpack, so Rollup cannot tell that loading it has no side
        // effects, and kept it in the artwork page's first chunk although the browser fetches it only
        // on demand (ArtworkGalleryOnDemand). It has none: its stylesheet is linked by the route.
        moduleSideEffects: (id) => !id.includes("/node_modules/react-image-gallery/"),
      },
    },
  },
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
});
