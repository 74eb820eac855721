import { Link, useNavigate } from "@remix-run/react";
import { Icon } from "~/ui/Icon";

const SUGGESTIONS = [
  { to: "/gallery", label: "Browse the shop" },
  { to: "/about", label: "Read about the artist" },
  { to: "/events", label: "See upcoming events" },
  { to: "/contact", label: "Get in touch" },
] as const;

/** The 404 page: shown for any unknown path, with status 404. */
export function NotFound() {
  const navigate = useNavigate();
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p className="lead">The page you are looking for has been moved, sold, or never existed.</p>
      <div className="button-row">
        <Link to="/" className="button button--primary">
          <Icon name="home" size={18} /> Home
        </Link>
        <Link to="/gallery" className="button button--secondary">
          <Icon name="shopping-bag" size={18} /> Gallery
        </Link>
        <button type="button" className="button button--ghost" onClick={() => navigate(-1)}>
          <Icon name="arrow-left" size={18} /> Go Back
        </button>
      </div>
      <nav className="not-found__suggestions" aria-labelledby="suggestions-title">
        <h2 id="suggestions-title">You might be looking for</h2>
        <ul>
          {SUGGESTIONS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
