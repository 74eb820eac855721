import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useId, type ReactNode } from "react";

/** The frame of an admin form page: a way back to the dashboard, the heading, the form on a card. */
export function AdminFormPage({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="section page admin-form" aria-labelledby={headingId}>
      <Link to="/dashboard" className="text-link">
        <ArrowLeft size={16} aria-hidden="true" /> Dashboard
      </Link>
      <h1 id={headingId}>{title}</h1>
      <div className="card-panel">{children}</div>
    </section>
  );
}
