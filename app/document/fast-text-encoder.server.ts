// Budget: a rendered page within 5x the static file (`npm run bench`, docs/performance.md). Measured
// gain: 0.3 to 0.9 ms of isolate CPU a page, a tenth to a fifth, and 1 to 9 ms sooner at 10 connections,
// against a build without it (docs/performance.md, run J).
// React's streaming renderer turns every piece of text and every attribute value into bytes with its
// own TextEncoder.encode call, hundreds a page. In workerd each call crosses into the runtime's C++
// and allocates a buffer there, and those calls were a fifth of a page's CPU (docs/performance.md).
// Most pieces are short ASCII (class names, ids, hrefs), which JavaScript encodes itself far faster,
// byte for byte the same; anything longer or not ASCII goes to the runtime's encoder as before.
// Installed on import, which server.ts does first, before React creates its encoder.

const SHORT = 64;

export function installFastTextEncoder(scope: { TextEncoder: typeof TextEncoder } = globalThis): void {
  const Native = scope.TextEncoder;
  if ((Native as { fast?: boolean }).fast) return;
  class FastTextEncoder {
    static readonly fast = true;
    private readonly native = new Native();
    readonly encoding = "utf-8";

    encode(input: string = ""): Uint8Array<ArrayBuffer> {
      // Anything but a short string (a number, null) goes to the runtime, which converts it its own way.
      if (typeof input !== "string" || input.length > SHORT) return this.native.encode(input);
      const length = input.length;
      const bytes = new Uint8Array(length);
      for (let i = 0; i < length; i++) {
        const code = input.charCodeAt(i);
        if (code > 0x7f) return this.native.encode(input);
        bytes[i] = code;
      }
      return bytes;
    }

    encodeInto(input: string, destination: Uint8Array): TextEncoderEncodeIntoResult {
      return this.native.encodeInto(input, destination);
    }
  }
  scope.TextEncoder = FastTextEncoder as unknown as typeof TextEncoder;
}

installFastTextEncoder();
