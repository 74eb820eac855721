import { Link } from "@remix-run/react";
import { MAILING_LIST_PATH } from "~/mailing-list/path";

/** A link that cannot be used (expired, forged, or its address left): why, and the way back onto the list. */
export function SubscribeAgain({ message }: { message: string }) {
  return (
    <div role="alert" className="form-status">
      <p className="form-error">{message}</p>
      <p>
        <Link to={MAILING_LIST_PATH} className="text-link">
          Subscribe again
        </Link>
      </p>
    </div>
  );
}
