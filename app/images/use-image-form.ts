import { useSubmit } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import type { FormResult } from "~/forms/result";
import { withImageCopies } from "~/images/browser-copies";

/**
 * How a form with an image picker (the artwork and event forms) is sent. With JavaScript, the save button
 * posts the chosen images with copies made in the browser (app/images/browser-copies.ts); any other button
 * (Delete) posts the form as it is, and without JavaScript it posts as the browser sends it. `pickerKey`
 * changes after each save, for a new picker, so images already uploaded are not sent again; `onSaved`
 * runs then too (while rendering, so it may set the form's own state).
 */
export function useImageForm(result: FormResult | undefined, onSaved?: () => void) {
  const submit = useSubmit();
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

  return { onSubmit, preparing, pickerKey };
}
