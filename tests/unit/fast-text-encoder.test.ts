import { TextEncoder as NativeTextEncoder } from "node:util";
import { describe, expect, it } from "vitest";
import { installFastTextEncoder } from "~/document/fast-text-encoder.server";

// Importing the module installed it globally; this scope starts from the runtime's own.
const scope = { TextEncoder: NativeTextEncoder as unknown as typeof TextEncoder };
installFastTextEncoder(scope);
const fast = new scope.TextEncoder();
const native = new NativeTextEncoder();

describe("the fast TextEncoder React renders with", () => {
  it("gives the same bytes as the runtime's for every kind of string", () => {
    const strings = [
      "",
      "artwork-card",
      "/gallery?category=oil&page=2#artwork-25",
      "Événements à Leeds",
      "£450",
      "emoji 🎨 in a title",
      "lone \uD800 surrogate",
      "x".repeat(64),
      "y".repeat(65),
      "a".repeat(63) + "é",
      "<script>\u2028</script>",
    ];
    for (const text of strings) expect([...fast.encode(text)], JSON.stringify(text)).toEqual([...native.encode(text)]);
    expect([...fast.encode()]).toEqual([]);
    // What is not a string is converted as the runtime converts it.
    expect([...fast.encode(123 as unknown as string)]).toEqual([...native.encode(123 as unknown as string)]);
  });

  it("encodes into a buffer as the runtime does", () => {
    const [a, b] = [new Uint8Array(8), new Uint8Array(8)];
    expect(fast.encodeInto("£1 café", a)).toEqual(native.encodeInto("£1 café", b));
    expect([...a]).toEqual([...b]);
  });

  it("is installed once, whoever asks again", () => {
    const Installed = scope.TextEncoder;
    installFastTextEncoder(scope);
    expect(scope.TextEncoder).toBe(Installed);
    expect(Installed).not.toBe(NativeTextEncoder);
    expect((globalThis.TextEncoder as { fast?: boolean }).fast).toBe(true);
  });
});
