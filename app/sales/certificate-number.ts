// A certificate of authenticity's number: 64 random bits, so holding one proves the certificate was
// issued (nobody finds another by counting), written as four groups of four for reading aloud.
const DIGITS = 16;

/** A new number: 16 upper-case hexadecimal digits, as stored. */
export function newCertificateNumber(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(DIGITS / 2));
  return [...bytes]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

/** "7F3A92C144D0B8E5" -> "7F3A-92C1-44D0-B8E5", as the certificate and its address write it. */
export function certificateNumberText(number: string): string {
  return number.match(/.{1,4}/g)!.join("-");
}

/** The stored form of a number as someone typed or linked it (any case, dashes or spaces), or null. */
export function parseCertificateNumber(input: string): string | null {
  const number = input.replace(/[\s-]+/g, "").toUpperCase();
  return new RegExp(`^[0-9A-F]{${DIGITS}}$`).test(number) ? number : null;
}
