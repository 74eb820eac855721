import { useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { FormResult } from "~/forms/result";
import { withImageCopies } from "~/images/browser-copies";

/**
 * How a form with an image picker (the artwork and event forms, the migration tool's upload) is sent. With JavaScript, the save button
 * posts the chosen images with copies made in the browser (app/images/browser-copies.ts), through the
 * page's clientAction (app/images/send-image-form.ts) that shows the upload's progress; any other button
 * (Delete) posts the form as it is, and without JavaScript it posts as the browser sends it. `pickerKey`
 * changes after each save, for a new picker, so images already uploaded are not sent again; `onSaved`
 * runs then too (while rendering, so it may set the form's own state). After a refusal focus goes to
 * the first field to mend, or else (an upload stopped, a conflict) to the save button, to send again.
 */
export function useImageForm(result: FormResult | undefined, onSaved?: () => void) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [pickerKey, setPickerKey] = useState(0);
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result?.ok) {
      setPickerKey((key) => key + 1);
      onSaved?.();
    }
  }

  useEffect(() => {
    const form = formRef.current;
    if (!form || !result || result.ok) return;
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>('button[value="save"]:not([hidden])');
    // Centred, so the message above the save button shows too (not under the fixed navigation bar).
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "center" });
  }, [result]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") !== "save") return;
    event.preventDefault();
    setPreparing(true);
    try {
      const body = await withImageCopies(event.currentTarget, submitter);
      submit(body, { method: "post", encType: "multipart/form-data" });
    } finally {
      setPreparing(false);
    }
  };

  return { onSubmit, preparing, pickerKey, formRef };
}
