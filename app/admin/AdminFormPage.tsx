import type { ReactNode } from "react";
import { AdminPage } from "~/admin/AdminPage";

/** The frame of an admin form page: the admin page's heading, then the form on a card. */
export function AdminFormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminPage title={title} className="admin-form">
      <div className="card-panel">{children}</div>
    </AdminPage>
  );
}
