import { Link } from "@remix-run/react";
import { ArtworkCard } from "~/artworks/ArtworkCard";
import { Divider } from "~/ui/Divider";
import { EventCard } from "~/events/EventCard";
import { Logo } from "~/ui/Logo";
import { ScrollIndicator } from "~/ui/ScrollIndicator";
import { SocialLinks } from "~/ui/SocialLinks";
import { HIGH_PRIORITY } from "~/ui/high-priority";
import { SITE } from "~/ui/site";
import type { HomePageData } from "~/site/home.server";
import { artworkPath } from "~/artworks/path";
import { Icon } from "~/ui/Icon";

// The framed hero fills a phone's width less its padding and frame, and about half a laptop's.
const HERO_SIZES = "(min-width: 900px) 50vw, calc(100vw - 52px)";

export function HomePage({ latest, featured, events, today, admin }: HomePageData & { admin: boolean }) {
  return (
    <>
      <header className="hero">
        <div className="hero__text">
          <Logo />
          <p className="hero__tagline">{SITE.tagline}</p>
          <h1 className="hero__title">{SITE.artistName}</h1>
          <p className="hero__subtitle">{SITE.artistTitle}</p>
          <p className="hero__intro">
            Original paintings, prints and commissions. Every sale helps raise money for children&rsquo;s charities.
          </p>
          <div className="button-row">
            <Link to="/gallery" className="button button--primary" prefetch="intent">
              Visit the Shop <Icon name="arrow-right" size={18} />
            </Link>
            <Link to="/about" className="button button--secondary" prefetch="intent">
              About Me
            </Link>
          </div>
          <SocialLinks />
        </div>
        {featured ? (
          <Link to={artworkPath(featured.id)} className="hero__art" aria-label={`View ${featured.title}`}>
            <img
              src={featured.image.src}
              srcSet={featured.image.srcSet}
              sizes={featured.image.srcSet ? HERO_SIZES : undefined}
              alt={featured.title}
              width={1200}
              height={900}
              {...HIGH_PRIORITY}
            />
          </Link>
        ) : null}
        <ScrollIndicator target="#latest-works" />
      </header>

      <section id="latest-works" className="section" aria-labelledby="latest-works-title">
        <div className="section__head">
          <h2 id="latest-works-title">Latest Works</h2>
          <Link to="/gallery" className="text-link" prefetch="intent">
            View all in the shop <Icon name="arrow-right" size={16} />
          </Link>
        </div>
        {latest.length > 0 ? (
          <div className="artwork-grid">
            {/* Below the framed hero on every screen: their images load as they scroll into view, never
                competing with the hero for a phone's first second. */}
            {latest.map((artwork) => (
              <ArtworkCard key={artwork.id} artwork={artwork} />
            ))}
          </div>
        ) : (
          <p className="empty-state">No artworks available at the moment.</p>
        )}
      </section>

      <Divider />

      <section className="section" aria-labelledby="events-title">
        <div className="section__head section__head--with-subtitle">
          <h2 id="events-title">Events</h2>
          <Link to="/events" className="text-link" prefetch="intent">
            All events <Icon name="arrow-right" size={16} />
          </Link>
        </div>
        <p className="section__subtitle">Check out upcoming events below!</p>
        {events.length > 0 ? (
          <div className="event-grid">
            {events.map((event) => (
              <EventCard key={event.id} event={event} today={today} editable={admin} learnMore />
            ))}
          </div>
        ) : (
          <div className="empty-state">
            <h3>No Events Scheduled</h3>
            <p>Check back soon for upcoming art events and exhibitions!</p>
          </div>
        )}
      </section>

      <Divider />
    </>
  );
}
