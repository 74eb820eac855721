import { Link } from "@remix-run/react";
import { COMMISSIONS_PATH } from "~/commissions/path";
import { IMPACT_PATH } from "~/charities/path";
import { CATEGORIES, CATEGORY_TITLES, galleryHref, type Category } from "~/artworks/categories";
import { imageSrc } from "~/images/references";
import { SITE } from "~/ui/site";
import { Icon } from "~/ui/Icon";
import { formatPence } from "~/ui/money";

export function AboutPage({
  covers,
  hasPortrait,
  given,
}: {
  covers: Record<Category, string | null>;
  hasPortrait: boolean;
  /** What she has given to charity so far, in pence. */
  given: number;
}) {
  return (
    <>
      <section className="section page about" aria-labelledby="about-title">
        <h1 id="about-title" className="page__title">
          About Me
        </h1>
        <p className="page__subtitle">The Artist Behind the Canvas</p>
        <div className={hasPortrait ? "about__intro about__intro--portrait" : "about__intro"}>
          {hasPortrait ? (
            <figure className="about__portrait">
              <img
                src={imageSrc(SITE.portraitKey)}
                alt={`${SITE.artistName} at the easel in her studio`}
                width={900}
                height={1200}
              />
            </figure>
          ) : null}
          <div className="about__bio">
            <p>
              I live in Leeds, in the north of England, where I work as a paediatrician. Painting began as a way to
              unwind after long shifts on the children&rsquo;s ward, and over the years it has become the other half of
              my life. I am entirely self-taught: I learned by looking, by copying the painters I love and by filling a
              great many canvases.
            </p>
            <p>
              Most of my early pieces were commissions for family and friends: portraits, favourite places and
              much-loved pets. Word spread, and my work has since received accolades in regional art competitions, which
              still surprises me every time.
            </p>
            <p>
              Art and medicine meet in what matters most to me: children. A share of every sale goes to children&rsquo;s
              charities, and I regularly donate paintings to fundraising auctions. When you buy a piece, you help a
              child somewhere get a little more care.
            </p>
            <p className="about__raised">
              <Link to={IMPACT_PATH}>
                {given > 0
                  ? `${formatPence(given)} given to children's charities so far: see what my art raises`
                  : "See what my art raises for children's charities"}
              </Link>
            </p>
            <Link to="/contact" className="button button--primary">
              Commission a painting <Icon name="arrow-right" size={18} />
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="explore-title">
        <h2 id="explore-title" className="page__title">
          Explore My Art
        </h2>
        <ul className="explore-grid">
          {CATEGORIES.map((category) => {
            const cover = covers[category];
            return (
              <li key={category}>
                {/* Custom work is made to order: its card leads to the commissions page. */}
                <Link
                  to={category === "custom" ? COMMISSIONS_PATH : galleryHref(category)}
                  className="explore-card"
                  prefetch="intent"
                >
                  <span className="explore-card__frame">
                    {cover ? <img src={imageSrc(cover)} alt="" width={400} height={300} loading="lazy" /> : null}
                  </span>
                  <span className="explore-card__title">{CATEGORY_TITLES[category]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <figure className="section about__quote">
        <blockquote>
          <p>&ldquo;Every child is an artist. The problem is how to remain an artist once we grow up.&rdquo;</p>
        </blockquote>
        <figcaption>&mdash; Pablo Picasso</figcaption>
      </figure>
    </>
  );
}
