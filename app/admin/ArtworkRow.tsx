import { Link, useFetcher } from "@remix-run/react";
import { CATEGORY_LABELS, type Category } from "~/artworks/categories";
import { artworkPath } from "~/artworks/path";
import type { DashboardData } from "~/admin/dashboard.server";
import { imageSrc } from "~/images/references";
import { Icon } from "~/ui/Icon";
import { isSoldOut, stockText, type ArtworkOption } from "~/artworks/options";

type Row = DashboardData["artworks"][number];

/**
 * One artwork on the dashboard: a compact row on a phone (a small thumbnail beside its facts), a card
 * on wider screens. **Mark sold** / **Mark available** is one tap: without JavaScript it posts the
 * dashboard; with it the row changes at once, and the dashboard is read again once the save answers.
 * A print with options lists them instead, each with its count and **One more sold**.
 */
export function ArtworkRow({ artwork, eager }: { artwork: Row; eager: boolean }) {
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  const pending = fetcher.formData?.get("intent");
  const sold = pending ? pending === "mark-sold" : artwork.available === "no";
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  const category = artwork.categories[0] ? CATEGORY_LABELS[artwork.categories[0] as Category] : "—";
  return (
    <li className="admin-card">
      <div className="admin-card__frame">
        {artwork.image ? (
          <img src={imageSrc(artwork.image)} alt="" width={400} height={300} loading={eager ? "eager" : "lazy"} />
        ) : null}
        {sold ? <span className="badge badge--sold badge--corner">SOLD</span> : null}
      </div>
      <div className="admin-card__body">
        <h3>{artwork.title}</h3>
        <p className="admin-card__facts">{`${category} · ${artwork.medium} · ${artwork.size}`}</p>
        <p className="admin-card__marks">
          <span className="admin-card__price">{artwork.price}</span>
          {sold ? null : <span className="badge badge--upcoming">Available</span>}
          {artwork.draft ? <span className="badge badge--draft">Draft</span> : null}
          {artwork.featured ? <span className="badge badge--featured">Featured</span> : null}
        </p>
        <ul className="admin-card__tags" aria-label="Categories">
          {artwork.categories.map((value) => (
            <li key={value}>{CATEGORY_LABELS[value as Category]}</li>
          ))}
        </ul>
        {failed ? (
          <p className="field__error" role="alert">
            {failed}
          </p>
        ) : null}
      </div>
      <div className="admin-card__buttons">
        <Link
          to={artworkPath(artwork.id)}
          className="button button--ghost"
          aria-label={artwork.draft ? `Preview ${artwork.title}` : `View ${artwork.title}`}
        >
          <Icon name="eye" /> {artwork.draft ? "Preview" : "View"}
        </Link>
        <Link
          to={`/edit/${encodeURIComponent(artwork.id)}`}
          className="button button--secondary"
          aria-label={`Edit ${artwork.title}`}
        >
          <Icon name="pencil" /> Edit
        </Link>
        {artwork.options.length > 0 ? null : (
          <fetcher.Form method="post">
            <input type="hidden" name="id" value={artwork.id} />
            <button
              type="submit"
              name="intent"
              value={sold ? "mark-available" : "mark-sold"}
              className="button button--ghost"
              aria-label={sold ? `Mark available: ${artwork.title}` : `Mark sold: ${artwork.title}`}
            >
              {sold ? "Mark available" : "Mark sold"}
            </button>
            {/* Present from the start, so a screen reader is listening when the save answers. */}
            <p role="status" className="visually-hidden">
              {saved ? `${artwork.title} marked ${sold ? "sold" : "available"}.` : ""}
            </p>
          </fetcher.Form>
        )}
      </div>
      {artwork.options.length > 0 ? (
        <ul className="admin-card__options" aria-label={`Options of ${artwork.title}`}>
          {artwork.options.map((option) => (
            <OptionSold key={option.id} artworkId={artwork.id} title={artwork.title} option={option} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * An option of a print with its count, and "One more sold" (one tap, as Mark sold): the count changes at
 * once and the dashboard is read again once the save answers.
 */
function OptionSold({ artworkId, title, option }: { artworkId: string; title: string; option: ArtworkOption }) {
  const fetcher = useFetcher<{ ok: boolean; formError?: string }>();
  const shown = fetcher.formData ? { ...option, sold: option.sold + 1 } : option;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.formError : undefined;
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  const soldOut = isSoldOut(shown);
  return (
    <li className="admin-card__option">
      <p className="admin-card__option-facts">
        <span className="admin-card__option-label">{shown.label}</span> {`${shown.sold} sold · ${stockText(shown)}`}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={artworkId} />
        <input type="hidden" name="option" value={option.id} />
        <button
          type="submit"
          name="intent"
          value="one-more-sold"
          className="button button--ghost"
          disabled={soldOut}
          aria-label={`${soldOut ? "Sold out" : "One more sold"}: ${shown.label}, ${title}`}
        >
          {soldOut ? "Sold out" : "One more sold"}
        </button>
        <p role="status" className="visually-hidden">
          {saved ? `${shown.label}: ${shown.sold} sold.` : ""}
        </p>
      </fetcher.Form>
      {failed ? (
        <p className="field__error" role="alert">
          {failed}
        </p>
      ) : null}
    </li>
  );
}
