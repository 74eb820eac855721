// A save whose images are sent by XMLHttpRequest, to show the upload's progress and offer Cancel
// (app/images/send-image-form.ts), goes to a resource route beside its page (`/edit/1/upload` beside
// `/edit/1`). That route runs the page's own action and answers it as plain JSON: a form's result as
// the action answered it, and a redirect as `{ redirect }`, since XMLHttpRequest would follow a redirect
// itself and fetch the next page for nothing.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { FormResult } from "~/forms/result";

/** What an upload's resource route answers: the page's form result, or where the page moves on to. */
export type UploadAnswer = FormResult | { redirect: string };

/** The resource route's action: the page's action, with a redirect turned into `{ redirect }`. */
export function uploadAction(pageAction: (args: ActionFunctionArgs) => Promise<Response>) {
  return async (args: ActionFunctionArgs): Promise<Response> => {
    const answer = await pageAction(args);
    const location = answer.headers.get("Location");
    if (answer.status < 300 || answer.status >= 400 || !location) return answer;
    const headers = new Headers(answer.headers);
    headers.delete("Location");
    const moved: UploadAnswer = { redirect: location };
    // Its other headers (a renewed session cookie) come along.
    return Response.json(moved, { headers });
  };
}
