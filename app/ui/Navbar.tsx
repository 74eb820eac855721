import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Icon, type IconName } from "~/ui/Icon";
import { Logo } from "~/ui/Logo";
import { NAV_ITEMS, NAVBAR_SCROLL_THRESHOLD, isActivePath, type NavPath } from "~/ui/nav";
import { useScrolledPast } from "~/ui/use-scrolled-past";

const ICONS: Record<NavPath, IconName> = {
  "/gallery": "shopping-bag",
  "/events": "calendar-days",
  "/about": "user",
  "/contact": "mail",
  "/testimonials": "message-square-quote",
};

export function Navbar() {
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD);
  // The phone menu is open on the page where it was opened: any navigation (back/forward too) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpenOn(null);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const links = NAV_ITEMS.map(({ to, label }) => {
    const active = isActivePath(to, pathname);
    return (
      <li key={to}>
        <NavLink
          to={to}
          prefetch="intent"
          className={`nav__link${active ? " is-active" : ""}`}
          aria-current={active ? "page" : undefined}
          onClick={() => setMenuOpen(false)}
        >
          <Icon name={ICONS[to]} size={18} />
          <span>{label}</span>
        </NavLink>
      </li>
    );
  });

  return (
    <header className={`navbar${scrolled ? " navbar--scrolled" : ""}${menuOpen ? " navbar--open" : ""}`}>
      <nav className="navbar__inner" aria-label="Main">
        <Link to="/" className="navbar__brand">
          <Logo />
        </Link>
        <ul className="nav__list nav__list--desktop">{links}</ul>
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <Icon name={menuOpen ? "x" : "menu"} size={22} />
        </button>
      </nav>
      {menuOpen ? (
        <>
          <div
            className="mobile-menu__overlay"
            data-testid="menu-overlay"
            aria-hidden="true"
            onClick={() => setMenuOpen(false)}
          />
          <div id="mobile-menu" className="mobile-menu" role="dialog" aria-modal="false" aria-label="Menu">
            <ul className="nav__list nav__list--mobile">{links}</ul>
          </div>
        </>
      ) : null}
      {/* Without JavaScript the toggle cannot open the menu, so the links are laid out inline instead. */}
      <noscript>
        <ul className="nav__list nav__list--noscript">
          {NAV_ITEMS.map(({ to, label }) => (
            <li key={to}>
              <a href={to} className="nav__link">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </noscript>
    </header>
  );
}
