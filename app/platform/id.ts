const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A 20-character random id, the same shape as the Firestore ids imported from the old site. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = "";
  // 62 does not divide 256, so the bias is < 2 %: harmless for ids that only need to be unique.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
