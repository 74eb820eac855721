import { Link } from "@remix-run/react";

export type Tab = { key: string; to: string; text: string; selected: boolean };

/** Links that switch what a page lists; the selected one is the current page for assistive technology. */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav aria-label={label}>
      <ul className="tabs">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              className={`tab${tab.selected ? " is-selected" : ""}`}
              aria-current={tab.selected ? "page" : undefined}
              preventScrollReset
            >
              {tab.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
