import { z } from "zod";

/** A required text field, trimmed: `required` when blank, `tooLong` past `max` characters. */
export const requiredText = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong);

/** A single checkbox: ticked sends "on", unticked sends nothing (read as ""). */
export const checkbox = () =>
  z.enum(["", "on"], "Please tick the box or leave it empty.").transform((value) => value === "on");
