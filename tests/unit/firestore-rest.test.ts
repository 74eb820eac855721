// `npm run import -- --firestore`: the old site read straight from Firestore's REST API (faked at the HTTP
// boundary) gives exactly the records its JSON export gives, page by page, renewing an expired token once,
// and says in one line what went wrong when Google refuses.
import { afterEach, beforeAll, afterAll, describe, expect, it } from "vitest";
import sample from "../fixtures/firestore-export.json";
import {
  fetchFirestoreCollections,
  FirestoreError,
  plainValue,
  readServiceAccount,
} from "../../app/legacy/firestore-rest";
import { readFirestoreExport } from "../../app/legacy/firestore-export";
import { FAKE_FIRESTORE_URL, fakeFirestore } from "../support/firestore";
import { http, HttpResponse, outbound } from "../support/outbound";

const PROJECT = "amara-art";
const collections = sample as unknown as Record<string, Record<string, Record<string, unknown>>>;

beforeAll(() => outbound.listen());
afterEach(() => outbound.reset());
afterAll(() => outbound.close());

async function fakeProject(options?: { pageSize?: number }) {
  const fake = await fakeFirestore(PROJECT, collections, options);
  outbound.use(...fake.handlers);
  return fake;
}

describe("Firestore's typed values", () => {
  it("read as the plain JSON an export holds", () => {
    expect(plainValue({ stringValue: "Kirkstall" })).toBe("Kirkstall");
    expect(plainValue({ integerValue: "450" })).toBe(450);
    expect(plainValue({ doubleValue: 12.5 })).toBe(12.5);
    expect(plainValue({ booleanValue: false })).toBe(false);
    expect(plainValue({ nullValue: "NULL_VALUE" })).toBeNull();
    expect(plainValue({ timestampValue: "2023-11-14T19:26:40.120000Z" })).toBe("2023-11-14T19:26:40.120000Z");
    expect(plainValue({ arrayValue: {} })).toEqual([]);
    expect(plainValue({ arrayValue: { values: [{ stringValue: "oil" }, { integerValue: "3" }] } })).toEqual(["oil", 3]);
    expect(plainValue({ mapValue: { fields: { a: { mapValue: {} }, b: { booleanValue: true } } } })).toEqual({
      a: {},
      b: true,
    });
    expect(plainValue({ referenceValue: "projects/p/databases/(default)/documents/events/x" })).toBe(
      "projects/p/databases/(default)/documents/events/x",
    );
  });
});

describe("reading the old site from Firestore", () => {
  it("gives the records the JSON export gives, every page of every collection", async () => {
    const fake = await fakeProject();
    const fetched = await fetchFirestoreCollections({
      projectId: PROJECT,
      account: fake.account,
      baseUrl: FAKE_FIRESTORE_URL,
    });
    const options = { storageBucket: "amara-art.appspot.com" };
    expect(readFirestoreExport(fetched, options)).toEqual(readFirestoreExport(sample, options));
    expect(Object.keys(fetched.posts!)).toEqual(Object.keys(collections.posts!));
    // Four posts two at a time: the second page asked for with the first page's token.
    expect(fake.pages.filter((page) => page.collection === "posts")).toEqual([
      { collection: "posts", pageToken: null },
      { collection: "posts", pageToken: "2" },
    ]);
    expect(fake.tokens).toHaveLength(1);
  });

  it("asks for a new token once when one expires, and goes on from the same page", async () => {
    const fake = await fakeProject();
    fake.expireToken();
    const fetched = await fetchFirestoreCollections({
      projectId: PROJECT,
      account: fake.account,
      baseUrl: FAKE_FIRESTORE_URL,
    });
    expect(Object.keys(fetched.posts!)).toHaveLength(4);
    expect(fake.tokens).toHaveLength(2);
  });

  it("says in one line what Google refused, and what to do", async () => {
    const read = (account = fake.account, projectId = PROJECT) =>
      fetchFirestoreCollections({ projectId, account, baseUrl: FAKE_FIRESTORE_URL }).catch((error: unknown) => error);
    const fake = await fakeProject();

    const notFound = await read(fake.account, "no-such-project");
    expect(notFound).toBeInstanceOf(FirestoreError);
    expect((notFound as Error).message).toMatch(
      /^Firestore refused to list posts in project "no-such-project": 404 NOT_FOUND .*\. Check the project id/,
    );

    const otherKey = (await fakeFirestore(PROJECT, {})).account;
    expect(((await read({ ...fake.account, private_key: otherKey.private_key })) as Error).message).toMatch(
      /^Google refused the service-account key for importer@old-site\.iam\.gserviceaccount\.com \(400 invalid_grant: Invalid JWT/,
    );

    fake.fail(403, "PERMISSION_DENIED", "Missing or insufficient permissions.");
    expect(((await read()) as Error).message).toBe(
      'Firestore refused to list posts in project "amara-art": 403 PERMISSION_DENIED Missing or insufficient permissions. ' +
        'Give the service account the "Cloud Datastore Viewer" role, and check that the Firestore API is enabled.',
    );
    fake.fail(429, "RESOURCE_EXHAUSTED", "Quota exceeded.");
    expect(((await read()) as Error).message).toMatch(/429 RESOURCE_EXHAUSTED Quota exceeded\. Firestore's quota/);
  });

  it("stops on a second 401 in a row rather than asking for tokens forever", async () => {
    const fake = await fakeProject();
    fake.fail(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    const error = await fetchFirestoreCollections({
      projectId: PROJECT,
      account: fake.account,
      baseUrl: FAKE_FIRESTORE_URL,
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(/401 UNAUTHENTICATED .*make a new key\.$/);
    expect(fake.tokens).toHaveLength(2);
  });

  it("says so in one line when Firestore cannot be reached", async () => {
    const fake = await fakeFirestore(PROJECT, collections);
    outbound.use(
      http.get(`${FAKE_FIRESTORE_URL}/*`, () => HttpResponse.error()),
      ...fake.handlers,
    );
    const error = await fetchFirestoreCollections({
      projectId: PROJECT,
      account: fake.account,
      baseUrl: FAKE_FIRESTORE_URL,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FirestoreError);
    expect((error as Error).message).toBe(
      "Could not reach firestore.fake.test: fetch failed. Check the connection and try again.",
    );
  });

  it("refuses a file that is not a service-account key", () => {
    expect(() => readServiceAccount({ type: "authorized_user" }, "key.json")).toThrow(
      /^key\.json is not a service-account key: client_email: /,
    );
  });
});
