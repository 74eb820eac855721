import { AdminDashboard } from "~/admin/AdminDashboard";
import { SignInForm, type SignedOut } from "~/admin/SignInForm";
import type { DashboardData } from "~/admin/dashboard.server";
import type { Notice } from "~/admin/notices";

/** Signed out, the dashboard is the sign-in form, with the notice a sign-out left. */
export type DashboardPageData = (SignedOut & { notice: Notice | null }) | ({ signedIn: true } & DashboardData);

export function DashboardPage({ data }: { data: DashboardPageData }) {
  if (!data.signedIn) return <SignInForm notice={data.notice?.text} sharedPasskeyOff={data.sharedPasskeyOff} />;
  return <AdminDashboard data={data} />;
}
