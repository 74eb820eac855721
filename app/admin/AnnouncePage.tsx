import { Link, useLocation } from "@remix-run/react";
import { AdminPage } from "~/admin/AdminPage";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import { FormMessages } from "~/forms/FormMessages";
import type { AnnouncePageData } from "~/mailing-list/announce.server";
import { AnnounceForm, type AnnounceSelection } from "~/mailing-list/AnnounceForm";
import { AnnouncementsSent } from "~/mailing-list/AnnouncementsSent";
import { SUBSCRIBERS_PATH } from "~/mailing-list/path";

export type AnnouncePageView =
  | SignedOut
  | ({
      signedIn: true;
      selection: AnnounceSelection;
      /** The e-mail's HTML for what is ticked, as one who hears about everything reads it. */
      preview: string | null;
      testAddress: string;
      notice: string | null;
    } & AnnouncePageData);

/** "Announce" (/announce): pick, write, preview, test, send; and how far each announcement has gone. */
export function AnnouncePage({ data }: { data: AnnouncePageView }) {
  const { pathname, search } = useLocation();
  if (!data.signedIn) return <SignInForm next={pathname + search} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return (
    <AdminPage title="Announce" className="sales announce">
      <p className="sales__links">
        <Link to={SUBSCRIBERS_PATH}>Mailing list</Link>
      </p>
      <FormMessages success={data.notice ?? undefined} />
      <div className="announce__columns">
        <div>
          <AnnounceForm
            artworks={data.artworks}
            events={data.events}
            selection={data.selection}
            since={data.since}
            confirmed={data.confirmed}
            testAddress={data.testAddress}
          />
        </div>
        {data.artworks.length + data.events.length > 0 ? (
          <section className="announce__preview" aria-labelledby="announce-preview-title">
            <h2 id="announce-preview-title">Preview</h2>
            {data.preview ? (
              <>
                <p className="field__note">As a phone shows it to someone who hears about everything.</p>
                {/* The e-mail's own HTML, sandboxed: of no origin, it cannot reach the signed-in page around it,
                    submit a form or open a window, whatever an artwork's text holds. Scripts stay barred by this
                    page's policy, which the frame inherits; the sandbox lets them be, so the accessibility
                    checker (axe) can still read the e-mail inside. */}
                <iframe
                  title="The announcement e-mail"
                  srcDoc={data.preview}
                  sandbox="allow-scripts"
                  className="announce__frame"
                />
              </>
            ) : (
              <p className="field__note">Tick an artwork or an event and press Preview to see the e-mail here.</p>
            )}
          </section>
        ) : null}
      </div>
      <section aria-labelledby="announce-sent-title">
        <h2 id="announce-sent-title">Sent</h2>
        <AnnouncementsSent announcements={data.announcements} />
      </section>
    </AdminPage>
  );
}
