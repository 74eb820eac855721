import { Link, useLocation } from "@remix-run/react";
import { IMPACT_PATH } from "~/charities/path";
import { COMMISSIONS_PATH } from "~/commissions/path";
import { Logo } from "~/ui/Logo";
import { SocialLinks } from "~/ui/SocialLinks";
import { CATEGORIES, CATEGORY_TITLES, galleryHref } from "~/artworks/categories";
import { SITE } from "~/ui/site";
import { Icon } from "~/ui/Icon";
import { SubscribeForm } from "~/mailing-list/SubscribeForm";
import { isSharedPage } from "~/public-cache/shared-pages";
import { MAILING_LIST_PATH } from "~/mailing-list/path";

const EXPLORE = [
  { to: "/gallery", label: "Shop" },
  { to: "/about", label: "About Me" },
  { to: IMPACT_PATH, label: "What My Art Raises" },
  { to: COMMISSIONS_PATH, label: "Commissions" },
  { to: "/events", label: "Events" },
  { to: "/contact", label: "Contact" },
  { to: "/dashboard", label: "Dashboard" },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  // The mailing list's form is for visitors: on the public pages (those the cache shares) but the list's own,
  // not on the artist's screens, a 404 or a subscriber's confirm and preferences pages.
  const { pathname } = useLocation();
  const forVisitors = pathname !== MAILING_LIST_PATH && isSharedPage(pathname);
  return (
    <footer className="footer">
      <div className="footer__inner">
        <section className="footer__brand" aria-label="About the artist">
          <Logo tone="light" />
          <p className="footer__tagline">{SITE.footerTagline}</p>
          <SocialLinks className="social-links social-links--light" />
        </section>
        <nav className="footer__col" aria-labelledby="footer-explore">
          <h2 id="footer-explore">Explore</h2>
          <ul>
            {EXPLORE.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer__col" aria-labelledby="footer-categories">
          <h2 id="footer-categories">Art Categories</h2>
          <ul>
            {CATEGORIES.map((category) => (
              <li key={category}>
                <Link to={galleryHref(category)}>{CATEGORY_TITLES[category]}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {forVisitors ? (
          <div className="footer__subscribe">
            <SubscribeForm
              source="footer"
              tone="dark"
              title="Hear about new work and events"
              note="An occasional e-mail, nothing else. Leave with one click."
            />
          </div>
        ) : null}
      </div>
      <div className="footer__bottom">
        <p>
          © {year} {SITE.artistName}. All rights reserved.
        </p>
        <p className="footer__credit">
          Crafted with love &amp; creativity <Icon name="heart" size={14} className="footer__heart" />
        </p>
      </div>
    </footer>
  );
}
