import { Form } from "@remix-run/react";
import { Search } from "lucide-react";

/** A list's search (the Collectors and Mailing list screens): `?q=`, kept in the field after the search. */
export function SearchForm({ id, label, query }: { id: string; label: string; query: string }) {
  return (
    <Form method="get" role="search" className="sales__search">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="sales__search-row">
        <input id={id} type="search" name="q" defaultValue={query} maxLength={100} className="field__control" />
        <button type="submit" className="button button--secondary">
          <Search size={16} aria-hidden="true" /> Search
        </button>
      </div>
    </Form>
  );
}
