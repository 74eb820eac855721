import { Form, Link, useActionData, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import {
  ArrowUpDown,
  CalendarPlus,
  ChartColumn,
  CloudDownload,
  Download,
  Fingerprint,
  HardDrive,
  Inbox,
  ImagePlus,
  LogOut,
  MonitorSmartphone,
  RefreshCw,
  Search,
  Trash2,
} from "lucide-react";
import { EventCard } from "~/events/EventCard";
import { ArtworkRow } from "~/admin/ArtworkRow";
import { DashboardSummary } from "~/admin/DashboardSummary";
import type { DashboardData } from "~/admin/dashboard.server";
import { usePendingLocation } from "~/ui/use-pending-location";
import { formatDateTime } from "~/ui/dates";
import { CheckboxField } from "~/forms/CheckboxField";
import { ConfirmButton } from "~/ui/ConfirmButton";
import { Icon } from "~/ui/Icon";
import { hrefWith } from "~/ui/href-with";
import { DeleteAllButton } from "~/ui/DeleteAllButton";
import { Pager } from "~/ui/Pager";
import { Tabs } from "~/ui/Tabs";

export function AdminDashboard({ data }: { data: DashboardData }) {
  // Without JavaScript the Inbox and testimonial buttons post the whole page: a refusal (e.g. a message
  // deleted meanwhile) comes back as action data and would otherwise be a 4xx page that says nothing.
  const result = useActionData<{ ok: boolean; formError?: string }>();
  const failed = result && !result.ok ? result.formError : undefined;
  return (
    <div className="dashboard">
      <header className="section dashboard__header">
        <h1>Admin Dashboard</h1>
        <Form method="post">
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button button--ghost">
            <LogOut size={18} aria-hidden="true" /> Logout
          </button>
        </Form>
      </header>

      <div role="status" className="section dashboard__notice-area">
        {failed ? (
          <p className="form-error form-error--panel">{failed}</p>
        ) : data.notice ? (
          <p className={data.notice.failed ? "form-error form-error--panel" : "form-success"}>{data.notice.text}</p>
        ) : null}
      </div>

      <DashboardSummary data={data} />

      <nav className="section dashboard__actions" aria-label="Quick actions">
        <Link to="/createPost" className="button button--primary">
          <ImagePlus size={18} aria-hidden="true" /> Create Artwork
        </Link>
        <Link to="/create-event" className="button button--secondary">
          <CalendarPlus size={18} aria-hidden="true" /> Create Event
        </Link>
        <Link to="/inbox" className="button button--secondary">
          <Inbox size={18} aria-hidden="true" /> Inbox
          {` (${data.newMessages} new)`}
          {data.heldMessages > 0 ? ` (${data.heldMessages} held)` : ""}
        </Link>
        <Link to="/shop-order" className="button button--secondary">
          <ArrowUpDown size={18} aria-hidden="true" /> Shop Order
        </Link>
        <Link to="/device-passkeys" className="button button--ghost">
          <Fingerprint size={18} aria-hidden="true" /> Device passkeys
        </Link>
        <Link to="/analytics" className="button button--ghost">
          <ChartColumn size={18} aria-hidden="true" /> Analytics
        </Link>
        <Link to="/storage-test" className="button button--ghost">
          <HardDrive size={18} aria-hidden="true" /> Storage Test
        </Link>
        <Link to="/migration-tool" className="button button--ghost">
          <CloudDownload size={18} aria-hidden="true" /> Migration Tool
        </Link>
        {/* A file, not a page: its Content-Disposition makes the browser save it and the dashboard stays. No
            `download` attribute: with the session gone, the sign-in page must open rather than be saved. */}
        <a href="/dashboard/backup" className="button button--ghost">
          <Download size={18} aria-hidden="true" /> Download a backup
        </a>
        <RefreshPublicPages />
      </nav>

      <ArtworkCollection data={data} />
      <EventsPanel data={data} />
      <TestimonialsPanel data={data} />
      <DevicesPanel devices={data.devices} count={data.deviceCount} devicePasskeyCount={data.devicePasskeyCount} />
    </div>
  );
}

/**
 * The browsers where the admin has signed in. A known one can sign in while strangers have paused
 * sign-in; Remove ends one (a lost phone), Sign Out Everywhere ends them all, and the device passkeys
 * too when its box is ticked.
 */
function DevicesPanel({
  devices,
  count,
  devicePasskeyCount,
}: {
  devices: DashboardData["devices"];
  count: number;
  devicePasskeyCount: number;
}) {
  const ending = useNavigation().formData?.get("intent") === "sign-out-everywhere";
  const passkeys = devicePasskeyCount === 1 ? "the device passkey" : `all ${devicePasskeyCount} device passkeys`;
  return (
    <section className="section" aria-labelledby="devices-title">
      <div className="section__head">
        <h2 id="devices-title">
          <MonitorSmartphone size={22} aria-hidden="true" /> Signed-in Devices
        </h2>
        <p className="dashboard__count">
          {count === 1 ? "1 device" : `${count} devices`}
          {count > devices.length ? `, the ${devices.length} seen last shown` : ""}
        </p>
      </div>
      <p className="devices__lead">
        These browsers can sign in with the passkey even while sign-in is paused for everyone else.
      </p>
      <ul className="devices">
        {devices.map((device) => (
          <li key={device.id} className="devices__item">
            <span className="devices__name">
              {device.name}
              {device.current ? <span className="badge badge--upcoming">This device</span> : null}
              {device.signedIn ? null : <span className="badge badge--past">Signed out</span>}
            </span>
            <span className="devices__when">
              First signed in <time dateTime={device.firstSignedInAt}>{formatDateTime(device.firstSignedInAt)}</time>,
              last seen <time dateTime={device.lastSeenAt}>{formatDateTime(device.lastSeenAt)}</time>
            </span>
            {/* Removing this browser signs it out: a full page load, as for Sign Out Everywhere. */}
            <Form method="post" reloadDocument={device.current} className="devices__remove">
              <input type="hidden" name="device" value={device.id} />
              <ConfirmButton
                confirmText={
                  device.current
                    ? "Remove this device? It is signed out and must sign in again like any other browser."
                    : `Remove ${device.name}? It is signed out and must sign in again like any other browser.`
                }
                name="intent"
                value="remove-device"
                className="button button--ghost"
                aria-label={`Remove ${device.name}${device.current ? " (this device)" : ""}`}
              >
                <Trash2 size={16} aria-hidden="true" /> Remove
              </ConfirmButton>
            </Form>
          </li>
        ))}
      </ul>
      {/* A full page load, so the sign-in page that follows opens at its top, with the outcome in view. */}
      <Form method="post" reloadDocument className="devices__everywhere" aria-labelledby="everywhere-title">
        <h3 id="everywhere-title">Sign Out Everywhere</h3>
        <p className="devices__lead">
          Ends every session and forgets every browser, this one too: each must sign in again like a stranger.
          {devicePasskeyCount > 0 ? " Device passkeys stay and still sign in, unless you tick the box." : ""}
        </p>
        {devicePasskeyCount > 0 ? (
          <CheckboxField
            name="removeDevicePasskeys"
            defaultChecked={false}
            label={`Also remove ${passkeys}`}
            note={
              devicePasskeyCount === 1
                ? "It signs in no more until you add it again."
                : "None of them signs in again until you add it again."
            }
          />
        ) : null}
        <ConfirmButton
          confirmText={(form) =>
            (form?.elements.namedItem("removeDevicePasskeys") as HTMLInputElement | null)?.checked
              ? `Sign out on every device, this one too, and remove ${passkeys}? Every browser must sign in again with the shared passkey, and no device passkey signs in until you add one again.`
              : `Sign out on every device, this one too? Every browser must sign in again like a stranger.${devicePasskeyCount > 0 ? " Device passkeys stay, and still sign in." : ""}`
          }
          name="intent"
          value="sign-out-everywhere"
          className="button button--secondary"
          aria-disabled={ending || undefined}
        >
          <LogOut size={18} aria-hidden="true" /> {ending ? "Signing out..." : "Sign Out Everywhere"}
        </ConfirmButton>
      </Form>
    </section>
  );
}

/** Every save refreshes the pages it changes; this is for changes made outside the site. */
function RefreshPublicPages() {
  const refreshing = useNavigation().formData?.get("intent") === "refresh-public-pages";
  return (
    <Form method="post">
      <button
        type="submit"
        name="intent"
        value="refresh-public-pages"
        className="button button--ghost"
        aria-disabled={refreshing || undefined}
      >
        <RefreshCw size={18} aria-hidden="true" /> {refreshing ? "Refreshing..." : "Refresh Public Pages"}
      </button>
    </Form>
  );
}

function ArtworkCollection({ data }: { data: DashboardData }) {
  const searching = usePendingLocation("/dashboard") !== null;
  return (
    <section className="section" aria-labelledby="collection-title">
      <div className="section__head">
        <h2 id="collection-title">Artwork Collection</h2>
        <p className="dashboard__count">{`${data.total} ${data.total === 1 ? "piece" : "pieces"}`}</p>
      </div>
      {data.total === 0 ? (
        <div className="empty-state">
          <h3>No Artwork Yet</h3>
          <p>
            <Link to="/createPost">Create your first artwork</Link> to start the collection.
          </p>
        </div>
      ) : (
        <>
          <Form method="get" role="search" className="dashboard__search" aria-busy={searching}>
            <label htmlFor="dashboard-search" className="visually-hidden">
              Search by title, medium or category
            </label>
            <Search size={18} aria-hidden="true" />
            <input
              id="dashboard-search"
              type="search"
              name="q"
              defaultValue={data.query}
              placeholder="Search by title, medium or category"
              className="field__control"
            />
            <button type="submit" className="button button--secondary">
              Search
            </button>
          </Form>
          {data.artworks.length === 0 ? (
            <p className="empty-state">No artworks match &ldquo;{data.query}&rdquo;.</p>
          ) : (
            <ul className="admin-grid">
              {data.artworks.map((artwork, index) => (
                <ArtworkRow key={artwork.id} artwork={artwork} eager={index < 3} />
              ))}
            </ul>
          )}
          <Pager param="artworks" paging={data.artworkPaging} label="Artwork pages" />
        </>
      )}
    </section>
  );
}

function EventsPanel({ data }: { data: DashboardData }) {
  return (
    <section className="section" aria-labelledby="dashboard-events-title">
      <div className="section__head">
        <h2 id="dashboard-events-title">Events</h2>
        {data.eventPaging.total > 0 ? (
          <p className="dashboard__count">
            {data.eventPaging.total === 1 ? "1 event" : `${data.eventPaging.total} events`}
          </p>
        ) : null}
      </div>
      {data.events.length === 0 ? (
        <div className="empty-state">
          <h3>No Events Scheduled</h3>
          <p>
            <Link to="/create-event">Create an event</Link> to show it on the site.
          </p>
        </div>
      ) : (
        <div className="event-grid">
          {data.events.map((event) => (
            <EventCard key={event.id} event={event} today={data.today} editable />
          ))}
        </div>
      )}
      <Pager param="events" paging={data.eventPaging} label="Events pages" />
    </section>
  );
}

function TestimonialsPanel({ data }: { data: DashboardData }) {
  const location = useLocation();
  const pending = data.pendingTestimonials;
  const held = data.heldTestimonials;
  const heldView = data.testimonialView === "held";
  // Switching lists starts at its first page, and keeps the rest of the dashboard as it is.
  const listHref = (list: string) =>
    `${hrefWith(location, { "testimonial-list": list, testimonials: "1" })}#dashboard-testimonials-title`;
  return (
    <section className="section" aria-labelledby="dashboard-testimonials-title">
      <div className="section__head">
        <h2 id="dashboard-testimonials-title">Testimonials</h2>
        <p className="dashboard__count">{`${data.receivedTestimonials} in all, ${pending} pending`}</p>
      </div>
      {held > 0 || heldView ? (
        <Tabs
          label="Testimonial lists"
          tabs={[
            { key: "received", to: listHref("received"), text: "Received", selected: !heldView },
            { key: "held", to: listHref("held"), text: `Held (${held})`, selected: heldView },
          ]}
        />
      ) : null}
      {heldView ? (
        <p>These arrived past the hourly limit on testimonials, during a flood. Release one to add it to the queue.</p>
      ) : null}
      {heldView && held > 0 ? (
        <DeleteAllButton
          intent="delete-held-testimonials"
          count={held}
          noun={["held testimonial", "held testimonials"]}
          label="Delete All Held"
          stays="The others stay."
        />
      ) : null}
      {!heldView && pending > 0 ? (
        <DeleteAllButton
          intent="delete-pending-testimonials"
          count={pending}
          noun={["pending testimonial", "pending testimonials"]}
          label="Delete All Pending"
          stays="Approved ones stay."
        />
      ) : null}
      {data.testimonials.length === 0 ? (
        <div className="empty-state">
          <h3>{heldView ? "No Held Testimonials" : "No Testimonials Yet"}</h3>
        </div>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Author</th>
                <th scope="col">Message</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {data.testimonials.map((testimonial) => (
                <TestimonialRow key={testimonial.id} testimonial={testimonial} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager param="testimonials" paging={data.testimonialPaging} label="Testimonials pages" />
    </section>
  );
}

function TestimonialRow({ testimonial }: { testimonial: DashboardData["testimonials"][number] }) {
  const fetcher = useFetcher();
  const location = useLocation();
  // Show the new state at once; the loader revalidates after the action.
  const pending = fetcher.formData?.get("intent");
  if (pending === "delete-testimonial") return null;
  if (pending === "release-testimonial") return null;
  const approved = pending ? pending === "approve" : testimonial.approved;
  return (
    <tr>
      <td data-label="Author">{testimonial.author}</td>
      <td data-label="Message" className="admin-table__message" id={`testimonial-${testimonial.id}`}>
        {/* One cell item on phones (a grid beside its label), the link following the text. */}
        <span>
          {testimonial.message}
          {testimonial.whole ? null : (
            <>
              {" "}
              <Link
                to={hrefWith(location, { read: testimonial.id }, `#testimonial-${testimonial.id}`)}
                preventScrollReset
                aria-label={`Read all of the testimonial by ${testimonial.author}`}
              >
                Read all
              </Link>
            </>
          )}
        </span>
      </td>
      <td data-label="Status">
        <span className={`badge ${approved ? "badge--upcoming" : "badge--past"}`}>
          {testimonial.held ? "Held" : approved ? "Approved" : "Pending"}
        </span>
      </td>
      <td data-label="Actions">
        <fetcher.Form method="post" className="admin-table__actions">
          <input type="hidden" name="id" value={testimonial.id} />
          {testimonial.held ? (
            <button
              type="submit"
              name="intent"
              value="release-testimonial"
              className="button button--ghost"
              aria-label={`Release testimonial by ${testimonial.author}`}
            >
              Release
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value={approved ? "disapprove" : "approve"}
            className="button button--ghost"
            aria-label={`${approved ? "Disapprove" : "Approve"} testimonial by ${testimonial.author}`}
          >
            {approved ? "Disapprove" : "Approve"}
          </button>
          <ConfirmButton
            confirmText={`Delete the testimonial by ${testimonial.author}?`}
            name="intent"
            value="delete-testimonial"
            className="button button--ghost"
            aria-label={`Delete testimonial by ${testimonial.author}`}
          >
            <Icon name="trash" /> Delete
          </ConfirmButton>
        </fetcher.Form>
      </td>
    </tr>
  );
}
