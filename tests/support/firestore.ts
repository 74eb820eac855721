// Firestore's REST API and Google's OAuth token endpoint, faked at the HTTP boundary (msw handlers for the
// one outbound fake). The token endpoint checks the signed JWT a service account sends (signature, issuer,
// audience, scope); the documents endpoint checks the bearer token and answers as the API documents:
// typed values, at most `pageSize` documents a page (fewer than asked, as the API may), a nextPageToken
// until the last page, and Google's error shape.
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { http, HttpResponse, type RequestHandler } from "msw";
import type { ServiceAccount } from "../../app/legacy/firestore-rest";

export const FAKE_FIRESTORE_URL = "https://firestore.fake.test/v1";
export const FAKE_TOKEN_URL = "https://oauth2.fake.test/token";

/** A plain JSON value as Firestore's REST API sends it (the fixture's timestamp objects as timestampValue). */
export function typedValue(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return { nullValue: "NULL_VALUE" };
  if (typeof value === "boolean") return { booleanValue: value };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "number") {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (Array.isArray(value)) return { arrayValue: value.length ? { values: value.map(typedValue) } : {} };
  const object = value as Record<string, unknown>;
  const seconds = object._seconds ?? object.seconds;
  if (typeof seconds === "number") {
    const nanos = Number(object._nanoseconds ?? object.nanoseconds ?? 0);
    return { timestampValue: new Date(seconds * 1000 + nanos / 1e6).toISOString() };
  }
  if (typeof object.__time__ === "string") return { timestampValue: object.__time__ };
  return { mapValue: Object.keys(object).length ? { fields: typedFields(object) } : {} };
}

function typedFields(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, typedValue(value)]));
}

export type FakeFirestore = {
  account: ServiceAccount;
  handlers: RequestHandler[];
  /** Every list request's collection and page token, in order. */
  pages: { collection: string; pageToken: string | null }[];
  /** Access tokens handed out. */
  tokens: string[];
  /** Makes the next list request answer 401 once, as when a token has expired. */
  expireToken(): void;
  /** Makes every list request answer this error from now on. */
  fail(status: number, code: string, message: string): void;
};

/**
 * A project with the given collections (`{ posts: { id: fields } }`, a JSON export's shape), a service
 * account allowed to read it, and the handlers that answer for both.
 */
export async function fakeFirestore(
  projectId: string,
  collections: Record<string, Record<string, Record<string, unknown>>>,
  { pageSize = 2, firestoreUrl = FAKE_FIRESTORE_URL, tokenUrl = FAKE_TOKEN_URL } = {},
): Promise<FakeFirestore> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const verifyKey = await importSPKI(await exportSPKI(publicKey), "RS256");
  const account: ServiceAccount = {
    client_email: "importer@old-site.iam.gserviceaccount.com",
    private_key: await exportPKCS8(privateKey),
    private_key_id: "fake-key-1",
    token_uri: tokenUrl,
  };
  const pages: FakeFirestore["pages"] = [];
  const tokens: string[] = [];
  let expired = new Set<string>();
  let expireNext = false;
  let failure: { status: number; code: string; message: string } | undefined;
  const googleError = (status: number, code: string, message: string) =>
    HttpResponse.json({ error: { code: status, message, status: code } }, { status });

  const handlers = [
    http.post(tokenUrl, async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
        return HttpResponse.json({ error: "unsupported_grant_type" }, { status: 400 });
      }
      try {
        const { payload, protectedHeader } = await jwtVerify(form.get("assertion") ?? "", verifyKey, {
          issuer: account.client_email,
          audience: tokenUrl,
        });
        if (payload.scope !== "https://www.googleapis.com/auth/datastore" || protectedHeader.kid !== "fake-key-1") {
          throw new Error("wrong scope or key id");
        }
      } catch (error) {
        return HttpResponse.json(
          { error: "invalid_grant", error_description: `Invalid JWT: ${(error as Error).message}` },
          { status: 400 },
        );
      }
      const token = `ya29.fake-${tokens.length + 1}`;
      tokens.push(token);
      return HttpResponse.json({ access_token: token, expires_in: 3599, token_type: "Bearer" });
    }),
    http.get(`${firestoreUrl}/projects/:project/databases/:database/documents/:collection`, ({ request, params }) => {
      const url = new URL(request.url);
      const token = request.headers.get("Authorization")?.replace(/^Bearer /, "") ?? "";
      if (expireNext) {
        expireNext = false;
        expired = new Set([...expired, token]);
      }
      if (!tokens.includes(token) || expired.has(token)) {
        return googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
      }
      if (failure) return googleError(failure.status, failure.code, failure.message);
      const collection = String(params.collection);
      if (params.project !== projectId || params.database !== "(default)") {
        return googleError(404, "NOT_FOUND", `The database (default) does not exist for project ${params.project}`);
      }
      pages.push({ collection, pageToken: url.searchParams.get("pageToken") });
      const all = Object.entries(collections[collection] ?? {});
      const start = Number(url.searchParams.get("pageToken") ?? 0);
      const size = Math.min(Number(url.searchParams.get("pageSize") ?? 20), pageSize);
      const page = all.slice(start, start + size);
      return HttpResponse.json({
        ...(page.length
          ? {
              documents: page.map(([id, fields]) => ({
                name: `projects/${projectId}/databases/(default)/documents/${collection}/${id}`,
                fields: typedFields(fields),
                createTime: "2023-11-14T19:26:40.120000Z",
                updateTime: "2023-11-14T19:26:40.120000Z",
              })),
            }
          : {}),
        ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}),
      });
    }),
  ];
  return {
    account,
    handlers,
    pages,
    tokens,
    expireToken: () => void (expireNext = true),
    fail: (status, code, message) => void (failure = { status, code, message }),
  };
}
