// The files chosen in an image picker, previewed and checked at once against the rules the server checks
// again by their bytes: an artwork's or event's images (ImagePicker), a commission's reference photos.
import { useCallback, useEffect, useState } from "react";

// The types the server accepts; listing them (rather than image/*) also makes iPhones send JPEG, not HEIC.
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export type ChosenFile = { file: File; url: string; problem?: string };

/** What the picker says of a file the server would refuse, or undefined for one it takes. */
export type FileRules = { maxBytes: number; tooLarge: (file: File) => string; notAnImage: (file: File) => string };

export function fileProblem(file: File, rules: FileRules): string | undefined {
  if (file.size > rules.maxBytes) return rules.tooLarge(file);
  return ACCEPTED_IMAGE_TYPES.split(",").includes(file.type) ? undefined : rules.notAnImage(file);
}

/**
 * The files a picker holds, each with a preview URL (released when they change) and its problem, if any;
 * `show` reads them after a change (and, once the page's code is in, files chosen before it arrived).
 */
export function useChosenFiles(rules: FileRules) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  // Preview URLs hold the files in memory until released.
  useEffect(() => () => chosen.forEach((each) => URL.revokeObjectURL(each.url)), [chosen]);
  const show = useCallback(
    (files: FileList | null) =>
      setChosen(
        Array.from(files ?? []).map((file) => ({
          file,
          url: URL.createObjectURL(file),
          problem: fileProblem(file, rules),
        })),
      ),
    [rules],
  );
  return { chosen, show };
}

/** The id of the message on chosen file `index` of picker `id`, for the input's aria-describedby. */
export const fileProblemId = (id: string, index: number) => `${id}-file-${index}`;

/** The ids of the messages on the chosen files, to be read with the picker. */
export const fileProblemIds = (id: string, chosen: ChosenFile[]) =>
  chosen.flatMap((each, index) => (each.problem ? [fileProblemId(id, index)] : []));
