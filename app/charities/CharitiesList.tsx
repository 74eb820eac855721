import { Link } from "@remix-run/react";
import { RowAction } from "~/ui/RowAction";
import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { charityPath } from "~/charities/path";
import { shareText } from "~/charities/share";
import type { Charity } from "~/charities/schema";

/** The charities she supports, the default first: each with its details, a way to change it, and Delete. */
export function CharitiesList({ charities }: { charities: Charity[] }) {
  if (charities.length === 0) return <p>No charities yet: add the first below.</p>;
  return (
    <ul className="charities__list">
      {charities.map((charity) => {
        return (
          <li key={charity.id} className="card-panel charities__item">
            <h3 className="charities__name">
              {charity.name}
              {charity.isDefault ? <span className="badge badge--featured">Default</span> : null}
            </h3>
            <p>{`Registered charity ${charity.number}`}</p>
            {charity.about ? <p>{charity.about}</p> : null}
            {charity.usualShare ? <p>{`Usual share: ${shareText(charity.usualShare)}`}</p> : null}
            {charity.website ? (
              <p className="charities__website">
                <a href={charity.website} rel="noopener noreferrer" target="_blank">
                  {charity.website.replace(/^https?:\/\//, "")}
                  <ExternalLink size={14} aria-hidden="true" />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            ) : null}
            <div className="charities__actions">
              <Link
                to={charityPath(charity.id)}
                className="button button--secondary"
                aria-label={`Edit ${charity.name}`}
              >
                <Pencil size={16} aria-hidden="true" /> Edit
              </Link>
              <RowAction
                intent="delete"
                fields={{ id: charity.id }}
                label="Delete"
                busyLabel="Deleting..."
                ariaLabel={`Delete ${charity.name}`}
                icon={<Trash2 size={16} aria-hidden="true" />}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
