// A registered charity's number as the UK's three regulators write it: the Charity Commission for England
// and Wales (6 or 7 digits, a linked charity with "-1" after them), OSCR in Scotland ("SC" and 6 digits)
// and the Charity Commission for Northern Ireland ("NIC" and 6 digits).

export const CHARITY_NUMBER_MESSAGE =
  "Give the registered charity number as its regulator writes it: 1012345 in England and Wales, SC012345 in Scotland or NIC100002 in Northern Ireland.";

const FORMS = [/^\d{6,7}(?:-\d{1,2})?$/, /^SC\d{6}$/, /^NIC\d{6}$/];

/** A number typed with any spaces and in any case, as its regulator writes it; null when it is none of the three forms. */
export function charityNumberOf(typed: string): string | null {
  const number = typed.replace(/\s+/g, "").toUpperCase();
  return FORMS.some((form) => form.test(number)) ? number : null;
}
