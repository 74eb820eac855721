import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Eye, Send, TestTube } from "lucide-react";
import { FormField } from "~/forms/FormField";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { imageSrc } from "~/images/references";
import { formatEventDate } from "~/ui/dates";
import { ANNOUNCE_LINE_MAX } from "~/mailing-list/form";
import { ANNOUNCE_PATH } from "~/mailing-list/path";
import type { Candidate } from "~/mailing-list/announce.server";
import { formatNumber } from "~/ui/numbers";

/** What the form shows ticked and typed: the new ones on arrival, or what was sent (a preview, a test, a refusal). */
export type AnnounceSelection = { id: string; line: string; artworks: string[]; events: string[] };

/** What the ticks on arrival mean. */
function tickedNote(since: string | null, anyNew: boolean): string {
  const last = since ? ` since your last announcement (${formatEventDate(since.slice(0, 10))})` : "";
  const ticked = anyNew
    ? `Ticked: what is new${last || " in the last 30 days"}.`
    : `Nothing new${last || " in the last 30 days"}: tick what to announce.`;
  return `${ticked} Each subscriber gets only what they asked for.`;
}

function CandidateList({
  legend,
  name,
  candidates,
  ticked,
  error,
}: {
  legend: string;
  name: "artworks" | "events";
  candidates: Candidate[];
  ticked: string[];
  error?: string;
}) {
  if (candidates.length === 0) return null;
  return (
    <fieldset className="field announce__choices" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      <ul className="announce__list">
        {candidates.map((candidate) => (
          <li key={candidate.id}>
            <label className="announce__choice">
              <input
                type="checkbox"
                name={name}
                value={candidate.id}
                defaultChecked={ticked.includes(candidate.id)}
                aria-invalid={error ? true : undefined}
              />
              {candidate.image ? (
                <img src={imageSrc(candidate.image)} alt="" width={56} height={56} loading="lazy" />
              ) : (
                <span className="announce__no-image" aria-hidden="true" />
              )}
              <span>
                <strong>{candidate.title}</strong>
                <span className="announce__detail">
                  {candidate.detail}
                  {candidate.isNew ? " · new" : ""}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${name}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Announce: tick what to announce, write a line, Preview (a GET: the e-mail below as a phone shows it), Send a
 * test to herself, Send. Works without JavaScript; what was typed comes back after each button.
 */
export function AnnounceForm({
  artworks,
  events,
  selection,
  since,
  confirmed,
  testAddress,
}: {
  artworks: Candidate[];
  events: Candidate[];
  selection: AnnounceSelection;
  since: string | null;
  confirmed: number;
  testAddress: string;
}) {
  const result = useActionData<FormResult>();
  const navigation = useNavigation();
  const failure = result && !result.ok ? result : undefined;
  const errors = failure?.errors ?? {};
  const line = failure?.values.line ?? selection.line;
  const ticked = {
    artworks: failure?.lists?.artworks ?? selection.artworks,
    events: failure?.lists?.events ?? selection.events,
  };
  const busy = navigation.state !== "idle" && navigation.formAction === ANNOUNCE_PATH;
  const intent = busy ? navigation.formData?.get("intent") : null;
  if (artworks.length === 0 && events.length === 0) {
    return (
      <p className="sales__empty">
        Nothing new to announce: artworks you publish, and events to come, appear here until an announcement has shown
        them.
      </p>
    );
  }
  return (
    // A new form id (after Send) starts a new form: what was typed for the last one is not sent again.
    <Form key={selection.id} method="post" action={ANNOUNCE_PATH} className="form announce__form">
      <input type="hidden" name="id" value={selection.id} />
      <p className="field__note">
        {tickedNote(
          since,
          [...artworks, ...events].some((each) => each.isNew),
        )}
      </p>
      <CandidateList
        legend="New work"
        name="artworks"
        candidates={artworks}
        ticked={ticked.artworks}
        error={errors.artworks}
      />
      <CandidateList legend="Events to come" name="events" candidates={events} ticked={ticked.events} />
      <FormField
        label="A line from you"
        name="line"
        multiline
        rows={4}
        maxLength={ANNOUNCE_LINE_MAX}
        defaultValue={line}
        note="It opens the e-mail, above the pictures."
        error={errors.line}
      />
      <FormMessages error={failure?.formError ?? errors.form ?? errors.id} />
      <p className="field__note">
        {confirmed === 0
          ? "No one has confirmed a subscription yet: Send waits for the first."
          : `Send goes to those of your ${formatNumber(confirmed)} confirmed ${confirmed === 1 ? "subscriber" : "subscribers"} who asked for something in it; a test goes to ${testAddress} alone.`}
      </p>
      <div className="button-row announce__buttons">
        <button type="submit" formMethod="get" className="button" disabled={busy}>
          <Eye size={16} aria-hidden="true" /> Preview
        </button>
        <button type="submit" name="intent" value="test" className="button" disabled={busy}>
          <TestTube size={16} aria-hidden="true" /> {intent === "test" ? "Sending the test..." : "Send me a test"}
        </button>
        <button
          type="submit"
          name="intent"
          value="send"
          className="button button--primary"
          disabled={busy || confirmed === 0}
        >
          <Send size={16} aria-hidden="true" /> {intent === "send" ? "Queueing..." : "Send to the list"}
        </button>
      </div>
    </Form>
  );
}
