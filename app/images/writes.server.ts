// The one way D1 and R2 stay consistent when a change stores images: every object written for the
// change is recorded as it is written; the D1 change runs only once all of them are stored; if it
// fails or does not save, every recorded object is deleted again. Visitors never meet a row that
// points at a missing image, and storage never keeps an image no row points at.
import { deleteImageObjects, putImage } from "~/images/storage.server";

/** Where images go: the R2 bucket, and the Images binding that makes copies (absent when not configured). */
export type ImageBindings = { IMAGES: R2Bucket; IMAGE_TRANSFORMER?: ImagesBinding };

export class ImageWrites {
  readonly bindings: ImageBindings;
  readonly #written: string[] = [];
  readonly #pending: Promise<unknown>[] = [];

  constructor(bindings: ImageBindings) {
    this.bindings = bindings;
  }

  /** Starts storing one object (without waiting for it, so the next one can be read meanwhile). */
  put(key: string, body: Uint8Array | ArrayBuffer | ReadableStream, contentType: string): void {
    this.#written.push(key);
    const write = putImage(this.bindings.IMAGES, key, body, contentType);
    // Settled in `stored`; until then a failure must not count as unhandled.
    write.catch(() => {});
    this.#pending.push(write);
  }

  /** Waits for every object: true when all are stored; when one failed, false, once all are deleted again. */
  async stored(): Promise<boolean> {
    const results = await Promise.allSettled(this.#pending);
    const failure = results.find((result) => result.status === "rejected");
    if (!failure) return true;
    console.error("Writing an image to R2 failed:", failure.reason);
    await this.discard();
    return false;
  }

  /** Deletes every object written so far: the change they were for is not being saved. */
  async discard(): Promise<void> {
    await Promise.allSettled(this.#pending.splice(0));
    await deleteImageObjects(this.bindings.IMAGES, this.#written.splice(0));
  }

  /**
   * Runs the D1 change that refers to the written objects, once they are all stored. When `save`
   * throws, or `saved(outcome)` says it changed nothing, every written object is deleted again. Callers
   * wait for `stored()` before, so storage failing here is unexpected: it throws, and nothing is saved.
   */
  async commit<T>(save: () => Promise<T>, saved: (outcome: T) => boolean = () => true): Promise<T> {
    if (!(await this.stored())) throw new Error("Writing an image to storage failed; nothing was saved.");
    let outcome: T;
    try {
      outcome = await save();
    } catch (error) {
      await this.discard();
      throw error;
    }
    if (!saved(outcome)) await this.discard();
    return outcome;
  }
}
