// An amount typed in pounds ("300", "£350.50", "1,200"), read as integer pence: a budget, a price, a deposit.
import { z } from "zod";
import { penceOf } from "~/ui/money";
import { BUDGET_MAX_PENCE } from "~/commissions/limits";

/** `required` when blank, `notPounds` when it is not a number of pounds (or beyond any commission's). */
export const pounds = (required: string, notPounds: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .transform((typed, context) => {
      const pence = penceOf(typed);
      if (pence === null || pence > BUDGET_MAX_PENCE) {
        context.addIssue({ code: "custom", message: notPounds });
        return z.NEVER;
      }
      return pence;
    });
