// An action sent outside Remix's own fetch (by XMLHttpRequest, whose upload reports its progress) and
// answered as Remix answers any action: the page's `.data` URL, and the turbo-stream body Remix's
// single fetch encodes (@remix-run/server-runtime's singleFetchAction). Read back here into what a
// clientAction returns, so the page goes on exactly as after Remix's own `serverAction()`.
import { redirect, redirectDocument } from "@remix-run/react";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "@remix-run/router";
import { decode } from "turbo-stream";

/** The URL Remix's single fetch posts a page's action to: `/edit/1` → `/edit/1.data`, `/` → `/_root.data`. */
export function singleFetchUrl(pageUrl: string): string {
  const url = new URL(pageUrl, window.location.origin);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.pathname + url.search;
}

type Redirect = { redirect: string; status: number; revalidate: boolean; reload: boolean; replace: boolean };
type ActionAnswer = Redirect | { data: unknown } | { error: unknown };

/**
 * What the action answered, as its clientAction returns it: its data with its status, or a redirect (a
 * Response Remix follows); its error is thrown, for the route's error boundary. Undefined when the body
 * is not Remix's at all (the Worker's own 413, a proxy's error page), for the caller to explain.
 */
export async function readActionAnswer(body: Blob, status: number): Promise<{ returns: unknown } | undefined> {
  let answer: ActionAnswer;
  try {
    // The plugins of Remix's own decodeViaTurboStream (@remix-run/react's single-fetch.js), so a thrown
    // 404 reaches the route's boundary as the not-found answer it is.
    const decoded = await decode(body.stream(), {
      plugins: [
        (type: string, ...rest: unknown[]) => {
          if (type === "SanitizedError") {
            const error = new Error(String(rest[1]));
            error.name = String(rest[0] ?? "Error");
            return { value: error };
          }
          if (type === "ErrorResponse") {
            const [data, errorStatus, statusText] = rest as [unknown, number, string | undefined];
            return { value: new ErrorResponse(errorStatus, statusText, data) };
          }
        },
        (type: string, value?: unknown) => {
          if (type === "SingleFetchFallback") return { value: undefined };
          if (type === "SingleFetchClassInstance") return { value };
        },
      ],
    });
    await decoded.done;
    answer = decoded.value as ActionAnswer;
  } catch {
    return undefined;
  }
  if (!answer || typeof answer !== "object") return undefined;
  if ("redirect" in answer) {
    const headers: Record<string, string> = {};
    if (answer.revalidate) headers["X-Remix-Revalidate"] = "yes";
    if (answer.replace) headers["X-Remix-Replace"] = "yes";
    return {
      returns: (answer.reload ? redirectDocument : redirect)(answer.redirect, { status: answer.status, headers }),
    };
  }
  if ("error" in answer) throw answer.error;
  // A Response, not Remix's data(): single fetch wraps a clientAction's data() in another, and the page
  // would get the wrapper (Remix 2.17); a Response's JSON and status reach the page as the server's would.
  if ("data" in answer) return { returns: Response.json(answer.data, { status }) };
  return undefined;
}
