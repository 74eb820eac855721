import { AdminDashboard } from "~/admin/AdminDashboard";
import { SignInForm } from "~/admin/SignInForm";
import type { DashboardData } from "~/admin/dashboard.server";
import type { Notice } from "~/admin/notices";

/** Signed out, the dashboard is the sign-in form, with the notice a sign-out left. */
export type DashboardPageData = { signedIn: false; notice: Notice | null } | ({ signedIn: true } & DashboardData);

export function DashboardPage({ data }: { data: DashboardPageData }) {
  if (!data.signedIn) return <SignInForm notice={data.notice?.text} />;
  return <AdminDashboard data={data} />;
}
