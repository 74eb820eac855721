import { Link } from "@remix-run/react";
import { artworkPath } from "~/artworks/path";
import { imageSrc } from "~/images/references";
import { formatPence } from "~/ui/money";
import type { ImpactFigures } from "~/site/impact.server";

/**
 * "What her art raises" (/impact): what she has given to the children's charities she supports, then
 * per charity and per year, each beside what recorded sales have pledged (never added together), and the
 * works whose sales raised it.
 */
export function ImpactPage({ figures }: { figures: ImpactFigures }) {
  return (
    <section className="section page impact" aria-labelledby="impact-title">
      <h1 id="impact-title" className="page__title">
        What My Art Raises
      </h1>
      <p className="page__subtitle">For the children&rsquo;s charities I support</p>
      <dl className="impact__totals">
        <div className="impact__total">
          <dt>{figures.since ? `Given since ${figures.since}` : "Given"}</dt>
          <dd>{formatPence(figures.given)}</dd>
        </div>
        <div className="impact__total">
          <dt>Pledged by sales</dt>
          <dd>{formatPence(figures.pledged)}</dd>
        </div>
      </dl>
      <p className="impact__note">
        A share of each sale is pledged to a charity when the work is sold; what has been given is what I have paid to
        the charities so far.
      </p>

      {figures.charities.length > 0 ? (
        <>
          <h2 className="impact__heading">The charities</h2>
          <ul className="impact__charities">
            {figures.charities.map((charity) => (
              <li key={charity.id} className="card-panel impact__charity">
                <h3 className="impact__name">
                  {charity.website ? (
                    <a href={charity.website} rel="noopener noreferrer">
                      {charity.name}
                    </a>
                  ) : (
                    charity.name
                  )}
                </h3>
                <p className="impact__number">{`Registered charity ${charity.number}`}</p>
                {charity.about ? <p>{charity.about}</p> : null}
                <p className="impact__figures">
                  {`${formatPence(charity.given)} given · ${formatPence(charity.pledged)} pledged by sales`}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>The charities this page will tell of are on their way.</p>
      )}

      {figures.years.length > 0 ? (
        <>
          <h2 className="impact__heading">Year by year</h2>
          <table className="impact__years">
            <thead>
              <tr>
                <th scope="col">Year</th>
                <th scope="col">Given</th>
                <th scope="col">Pledged by sales</th>
              </tr>
            </thead>
            <tbody>
              {figures.years.map((row) => (
                <tr key={row.year}>
                  <th scope="row">{row.year}</th>
                  <td>{formatPence(row.given)}</td>
                  <td>{formatPence(row.pledged)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}

      {figures.works.length > 0 ? (
        <>
          <h2 className="impact__heading">The works that raised it</h2>
          <ul className="impact__works">
            {figures.works.map((work) => {
              const card = (
                <>
                  <span className="impact__frame">
                    {work.image ? (
                      <img src={imageSrc(work.image)} alt="" width={400} height={300} loading="lazy" decoding="async" />
                    ) : null}
                    <span className="badge badge--sold impact__badge">SOLD</span>
                  </span>
                  <span className="impact__work-title">{work.title}</span>
                  <span className="impact__work-pledge">{`${formatPence(work.pledged)} pledged`}</span>
                </>
              );
              return (
                <li key={work.artworkId}>
                  {work.published ? (
                    <Link to={artworkPath(work.artworkId)} className="impact__work">
                      {card}
                    </Link>
                  ) : (
                    <span className="impact__work">{card}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
