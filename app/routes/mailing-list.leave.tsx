import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PUBLIC_FORM_MAX_BYTES } from "~/forms/limits";
import { leaveByOneClick } from "~/mailing-list/manage.server";
import { PREFERENCES_PATH } from "~/mailing-list/path";

// The address every list e-mail's List-Unsubscribe names (RFC 8058): a mail app's POST leaves at once;
// opened in a browser, it shows the preferences page, where leaving is one press.

export const bodyCap = PUBLIC_FORM_MAX_BYTES;

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`${PREFERENCES_PATH}${new URL(request.url).search}`);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return leaveByOneClick(request, context);
}
