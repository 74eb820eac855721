import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useId, type ReactNode } from "react";

/** The frame of every admin page but the dashboard: a way back to it, then the page's heading. */
export function AdminPage({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`section page ${className}`} aria-labelledby={headingId}>
      <Link to="/dashboard" className="text-link">
        <ArrowLeft size={16} aria-hidden="true" /> Dashboard
      </Link>
      <h1 id={headingId}>{title}</h1>
      {children}
    </section>
  );
}
