import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { FormResult } from "~/forms/result";
import { useTypedBeforeCode } from "~/forms/typed-before-code";

/** Fields whose default is text the visitor typed (not hidden values, boxes or buttons). */
const TYPED = "textarea, input:not([type=hidden], [type=checkbox], [type=radio], [type=submit], [type=button])";

/**
 * A form that posts to its route's action with or without JavaScript. With it, the fetcher sends it
 * without a reload; without it, the browser posts normally and the page returns with the same outcome
 * as action data. After a rejection focus goes to the first field that needs attention.
 */
export function useEnhancedForm({
  resetOnSuccess = false,
  onSuccess,
}: { resetOnSuccess?: boolean; onSuccess?: () => void } = {}) {
  const fetcher = useFetcher<FormResult>();
  const actionData = useActionData<FormResult>();
  const result = fetcher.data ?? actionData;
  const formRef = useRef<HTMLFormElement>(null);
  const onSuccessRef = useRef(onSuccess);
  // Kept current after each render (not during it), before the outcome's effect below runs.
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });

  // The outcome of a sending without JavaScript is already on the page the server rendered.
  const typedBeforeCode = useTypedBeforeCode(formRef);
  useEffect(() => {
    const typing = typedBeforeCode();
    const form = formRef.current;
    if (!form || !result || typing) return;
    // A radio group cannot carry aria-invalid: its first radio is marked data-invalid instead.
    if (!result.ok) form.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid]')?.focus();
    else {
      onSuccessRef.current?.();
      if (resetOnSuccess) {
        // A refusal rendered what was typed as the fields' defaults, which reset() would bring back.
        for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TYPED)) {
          field.defaultValue = "";
        }
        form.reset();
      }
    }
  }, [result, resetOnSuccess, typedBeforeCode]);

  return {
    fetcher,
    formRef,
    busy: fetcher.state !== "idle",
    success: result?.ok === true,
    failure: result && !result.ok ? result : undefined,
  };
}
