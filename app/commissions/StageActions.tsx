import { useActionData, useFetcher } from "@remix-run/react";
import { FormMessages } from "~/forms/FormMessages";
import type { FormResult } from "~/forms/result";
import { ConfirmButton } from "~/ui/ConfirmButton";
import type { CommissionStage } from "~/commissions/schema";
import { MOVE_LABEL, NEXT, STAGE } from "~/commissions/stages";

export const MOVE_INTENT = "move";

/**
 * Where the commission stands, and the moves its stage allows that are one tap (the quote and the delivery
 * have forms of their own). Declining asks first.
 */
export function StageActions({ stage, name }: { stage: CommissionStage; name: string }) {
  const fetcher = useFetcher<FormResult>();
  const page = useActionData<FormResult>();
  const result = fetcher.data ?? (page && !page.ok && page.values.intent === MOVE_INTENT ? page : undefined);
  const moves = NEXT[stage].filter((to) => MOVE_LABEL[to]);
  const moving = fetcher.formData?.get("to");
  return (
    <section className="requests__stage" aria-labelledby="stage-title">
      <h2 id="stage-title" className="requests__heading">
        Stage: <span className={`badge ${STAGE[stage].badge}`}>{STAGE[stage].label}</span>
      </h2>
      {moves.length ? (
        <fetcher.Form method="post" className="button-row">
          <input type="hidden" name="intent" value={MOVE_INTENT} />
          {moves.map((to) =>
            to === "declined" ? (
              <ConfirmButton
                key={to}
                confirmText={`Decline the commission from ${name}? It ends here; its photos are deleted later.`}
                name="to"
                value={to}
                className="button button--ghost"
                disabled={fetcher.state !== "idle"}
              >
                {moving === to ? "Declining..." : MOVE_LABEL[to]}
              </ConfirmButton>
            ) : (
              <button
                key={to}
                type="submit"
                name="to"
                value={to}
                className="button button--secondary"
                disabled={fetcher.state !== "idle"}
              >
                {MOVE_LABEL[to]}
              </button>
            ),
          )}
        </fetcher.Form>
      ) : null}
      <FormMessages error={result && !result.ok ? result.formError : undefined} />
    </section>
  );
}
