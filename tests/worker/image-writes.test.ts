// The one consistency mechanism between R2 and D1 (app/images/writes.server.ts), step by step with
// injected faults: a put failing, the D1 change throwing, the D1 change not saving, and success.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ImageWrites } from "~/images/writes.server";
import { failingBucket } from "./faults-helpers";
import { TINY_JPEG } from "./helpers";

async function stored(prefix: string): Promise<string[]> {
  return (await env.IMAGES.list({ prefix })).objects.map((object) => object.key).sort();
}

function writeThree(writes: ImageWrites, prefix: string): string[] {
  const keys = ["a", "b", "c"].map((name) => `${prefix}${name}.jpg`);
  for (const key of keys) writes.put(key, TINY_JPEG, "image/jpeg");
  return keys;
}

describe("ImageWrites", () => {
  it("a failing put: every object written for the change is deleted and stored() says it failed", async () => {
    const bucket = failingBucket(env.IMAGES, 2);
    const writes = new ImageWrites({ IMAGES: bucket });
    writeThree(writes, "iw-put/");
    expect(await writes.stored()).toBe(false);
    expect(bucket.puts).toBe(3);
    expect(await stored("iw-put/")).toEqual([]);
  });

  it("a failing put stops the commit before the D1 change runs", async () => {
    const writes = new ImageWrites({ IMAGES: failingBucket(env.IMAGES, 1) });
    writeThree(writes, "iw-before/");
    let ran = false;
    await expect(writes.commit(async () => (ran = true))).rejects.toThrow("Writing an image to storage failed");
    expect(ran).toBe(false);
    expect(await stored("iw-before/")).toEqual([]);
  });

  it("a D1 change that throws: the objects are deleted and its error reaches the caller", async () => {
    const writes = new ImageWrites({ IMAGES: env.IMAGES });
    writeThree(writes, "iw-throw/");
    const failure = new Error("D1_ERROR: injected");
    await expect(
      writes.commit(async () => {
        // The objects are all stored by the time the row is written.
        expect(await stored("iw-throw/")).toHaveLength(3);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await stored("iw-throw/")).toEqual([]);
  });

  it("a D1 change that saves nothing (the row changed meanwhile): the objects are deleted, the outcome returned", async () => {
    const writes = new ImageWrites({ IMAGES: env.IMAGES });
    writeThree(writes, "iw-changed/");
    const outcome = await writes.commit(
      async () => "changed" as const,
      (result) => result !== "changed",
    );
    expect(outcome).toBe("changed");
    expect(await stored("iw-changed/")).toEqual([]);
  });

  it("a saved change keeps every object", async () => {
    const writes = new ImageWrites({ IMAGES: env.IMAGES });
    const keys = writeThree(writes, "iw-saved/");
    expect(await writes.commit(async () => "saved")).toBe("saved");
    expect(await stored("iw-saved/")).toEqual(keys);
  });
});
