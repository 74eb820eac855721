// HMAC SHA-256 under the site's secrets, one key per purpose (the purpose goes into the key, so a MAC
// made for one use is worthless for another). Keys are imported once per isolate, not per request.
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(purpose: string, secret: string): Promise<CryptoKey> {
  const name = `${purpose}:${secret}`;
  let key = keys.get(name);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(name), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(name, key);
  }
  return key;
}

/** The 32-byte MAC of `data` for `purpose`. */
export async function hmacSign(
  purpose: string,
  secret: string,
  data: Uint8Array<ArrayBuffer> | string,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(purpose, secret), bytes));
}

/** Whether `mac` is the MAC of `data` for `purpose` (compared in constant time by WebCrypto). */
export async function hmacVerify(
  purpose: string,
  secret: string,
  data: Uint8Array<ArrayBuffer>,
  mac: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  return crypto.subtle.verify("HMAC", await hmacKey(purpose, secret), mac, data);
}
