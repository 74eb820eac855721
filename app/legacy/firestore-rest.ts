// Reads the old site's collections straight from Firestore's REST API, so nobody has to make a JSON export
// first (Google's managed export writes LevelDB files, not JSON). Signs in with a service-account key
// (an OAuth token from a signed JWT, jose), lists each collection page by page (nextPageToken), and turns
// Firestore's typed values into the plain JSON that readFirestoreExport reads, so everything after this
// is the JSON import. `npm run import -- --firestore PROJECT_ID --credentials key.json`.
import { importPKCS8, SignJWT } from "jose";
import { z } from "zod";

export const FIRESTORE_URL = "https://firestore.googleapis.com/v1";
/** The collections of the old site, as the JSON export names them. */
export const LEGACY_COLLECTIONS = ["posts", "events", "testimonials"] as const;
const SCOPE = "https://www.googleapis.com/auth/datastore";
const PAGE_SIZE = 300;
/** A request Google has not answered by then is given up, with a line saying so. */
const REQUEST_TIMEOUT_MS = 30_000;

/** An import that cannot go on: one line saying what and where. */
export class FirestoreError extends Error {
  override name = "FirestoreError";
}

const serviceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().includes("PRIVATE KEY"),
  private_key_id: z.string().optional(),
  token_uri: z.url(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** A service-account key file's JSON (Google Cloud console: IAM → Service accounts → Keys → Add key → JSON). */
export function readServiceAccount(json: unknown, label: string): ServiceAccount {
  const parsed = serviceAccountSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new FirestoreError(
    `${label} is not a service-account key: ${issue.path.join(".") || "the file"}: ${issue.message}.`,
  );
}

/** Firestore's typed value (the REST API's `Value`) as the plain JSON a JSON export holds. */
export function plainValue(value: Record<string, unknown>): unknown {
  if ("nullValue" in value) return null;
  if ("booleanValue" in value) return value.booleanValue;
  if ("stringValue" in value) return value.stringValue;
  // int64 travels as text; the old site's numbers (prices, epoch times) fit a double exactly.
  if ("integerValue" in value) return Number(value.integerValue);
  if ("doubleValue" in value) return Number(value.doubleValue);
  if ("timestampValue" in value) return value.timestampValue;
  if ("referenceValue" in value) return value.referenceValue;
  if ("bytesValue" in value) return value.bytesValue;
  if ("geoPointValue" in value) return value.geoPointValue;
  if ("arrayValue" in value) {
    const values = (value.arrayValue as { values?: Record<string, unknown>[] }).values ?? [];
    return values.map(plainValue);
  }
  if ("mapValue" in value) return plainFields((value.mapValue as { fields?: Fields }).fields);
  return null;
}

type Fields = Record<string, Record<string, unknown>>;

function plainFields(fields: Fields | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, value]) => [name, plainValue(value)]));
}

type ListPage = { documents?: { name: string; fields?: Fields }[]; nextPageToken?: string };

export type FirestoreSource = {
  projectId: string;
  account: ServiceAccount;
  /** The REST API's root; a local fake in the tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Told after each page how many documents of the collection are listed so far (a command's progress). */
  listed?: (collection: (typeof LEGACY_COLLECTIONS)[number], documents: number) => void;
};

/**
 * Every document of the old site's collections, by collection and document id, as a JSON export holds
 * them: what `readFirestoreExport` reads.
 */
export async function fetchFirestoreCollections({
  projectId,
  account,
  baseUrl = FIRESTORE_URL,
  fetch: send = fetch,
  listed,
}: FirestoreSource): Promise<Record<string, Record<string, unknown>>> {
  const token = accessToken(account, send);
  const result: Record<string, Record<string, unknown>> = {};
  for (const collection of LEGACY_COLLECTIONS) {
    const documents: Record<string, unknown> = {};
    let pageToken: string | undefined;
    do {
      const url = new URL(
        `${baseUrl}/projects/${encodeURIComponent(projectId)}/databases/(default)/documents/${collection}`,
      );
      url.searchParams.set("pageSize", String(PAGE_SIZE));
      if (pageToken) url.searchParams.set("pageToken", pageToken);
      const page = (await listPage(url, token, send, `${collection} in project "${projectId}"`)) as ListPage;
      for (const document of page.documents ?? []) {
        documents[document.name.split("/").at(-1)!] = plainFields(document.fields);
      }
      listed?.(collection, Object.keys(documents).length);
      pageToken = page.nextPageToken || undefined;
    } while (pageToken);
    result[collection] = documents;
  }
  return result;
}

/** One page; an expired token (401) is renewed once and the page asked again. */
async function listPage(url: URL, token: AccessToken, send: typeof fetch, what: string): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const authorization = `Bearer ${await token.get(attempt > 0)}`;
    const response = await reach(url, () =>
      send(url, { headers: { Authorization: authorization }, signal: timeout() }),
    );
    if (response.ok) return response.json();
    if (response.status === 401 && attempt === 0) continue;
    throw new FirestoreError(`Firestore refused to list ${what}: ${await describeError(response)}`);
  }
}

const timeout = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);

/** The request's answer; no network, or no answer in time, is one line naming the host. */
async function reach(url: URL, request: () => Promise<Response>): Promise<Response> {
  try {
    return await request();
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError"
        ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`
        : (error as Error).message;
    throw new FirestoreError(`Could not reach ${url.host}: ${reason}. Check the connection and try again.`);
  }
}

const ADVICE: Record<number, string> = {
  401: "the token was refused twice: check this machine's clock, or make a new key.",
  403: 'give the service account the "Cloud Datastore Viewer" role, and check that the Firestore API is enabled.',
  404: "check the project id (the Firebase console's Project settings) and that it has a Firestore database.",
  429: "Firestore's quota is used up for now; run the import again later.",
};

async function describeError(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { status?: string; message?: string } } | null;
  const detail = [body?.error?.status, body?.error?.message?.replace(/\.$/, "")].filter(Boolean).join(" ");
  const advice = ADVICE[response.status] ?? "try again later.";
  return `${response.status}${detail ? ` ${detail}` : ""}. ${advice[0]!.toUpperCase()}${advice.slice(1)}`;
}

type AccessToken = { get(renew: boolean): Promise<string> };

/** An OAuth access token for the service account, asked for once and again only when Firestore says 401. */
function accessToken(account: ServiceAccount, send: typeof fetch): AccessToken {
  let current: Promise<string> | undefined;
  return {
    get(renew) {
      if (!current || renew) current = requestToken(account, send);
      return current;
    },
  };
}

async function requestToken(account: ServiceAccount, send: typeof fetch): Promise<string> {
  let assertion: string;
  try {
    const key = await importPKCS8(account.private_key, "RS256");
    assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({
        alg: "RS256",
        typ: "JWT",
        ...(account.private_key_id ? { kid: account.private_key_id } : {}),
      })
      .setIssuer(account.client_email)
      .setAudience(account.token_uri)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
  } catch (error) {
    throw new FirestoreError(`The service-account key's private_key cannot sign: ${(error as Error).message}.`);
  }
  const response = await reach(new URL(account.token_uri), () =>
    send(account.token_uri, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      signal: timeout(),
    }),
  );
  const body = (await response.json().catch(() => null)) as {
    access_token?: string;
    error?: string;
    error_description?: string;
  } | null;
  if (!response.ok || !body?.access_token) {
    const detail = [body?.error, body?.error_description].filter(Boolean).join(": ");
    throw new FirestoreError(
      `Google refused the service-account key for ${account.client_email} (${response.status}${detail ? ` ${detail}` : ""}). ` +
        "Check this machine's clock, that the account still exists, or make a new key.",
    );
  }
  return body.access_token;
}
