// A software authenticator for tests: an ES256 key pair made with WebCrypto, answering registration
// and authentication options the way a browser with a real one would (@simplewebauthn/browser's JSON).
// Every field a relying party checks can be bent, so each refusal can be shown.
import { isoBase64URL, isoCBOR, isoUint8Array } from "@simplewebauthn/server/helpers";

export type Ceremony = {
  /** The page's origin, as the browser writes it into the client data. */
  origin: string;
  /** The RP ID whose hash the authenticator puts in its data. */
  rpID: string;
};

const encoder = new TextEncoder();

const concatBytes = (...parts: Uint8Array[]) => isoUint8Array.concat(parts as Uint8Array<ArrayBuffer>[]);

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/** WebCrypto signs ECDSA as r‖s; WebAuthn carries it DER-encoded. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    let body = bytes.slice(start);
    if (body[0]! & 0x80) body = concatBytes(new Uint8Array([0]), body);
    return concatBytes(new Uint8Array([0x02, body.length]), body);
  };
  const sequence = concatBytes(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concatBytes(new Uint8Array([0x30, sequence.length]), sequence);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class TestAuthenticator {
  /** The signature counter it reports next (then adds one). */
  counter = 1;

  private constructor(
    readonly credentialId: Uint8Array,
    private readonly keys: CryptoKeyPair,
  ) {}

  static async create(): Promise<TestAuthenticator> {
    const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    return new TestAuthenticator(crypto.getRandomValues(new Uint8Array(16)), keys);
  }

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId as Uint8Array<ArrayBuffer>);
  }

  private clientData(type: string, challenge: string, origin: string): Uint8Array<ArrayBuffer> {
    return encoder.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private async authenticatorData(rpID: string, flags: number, rest: Uint8Array = new Uint8Array()) {
    const data = concatBytes(await sha256(encoder.encode(rpID)), new Uint8Array([flags]), uint32(this.counter), rest);
    this.counter++;
    return data;
  }

  /** The browser's answer to registration options (a `fmt: "none"` attestation). */
  async register(challenge: string, { origin, rpID }: Ceremony) {
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 0xff]);
    const attested = concatBytes(new Uint8Array(16), idLength, this.credentialId, cose);
    const authData = await this.authenticatorData(rpID, UP | UV | AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData("webauthn.create", challenge, origin)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject as Uint8Array<ArrayBuffer>),
        transports: ["internal"],
      },
    };
  }

  /** The browser's answer to authentication options: a signature over the authenticator and client data. */
  async signIn(challenge: string, { origin, rpID }: Ceremony) {
    const clientDataJSON = this.clientData("webauthn.get", challenge, origin);
    const authData = await this.authenticatorData(rpID, UP | UV);
    const signed = concatBytes(authData, await sha256(clientDataJSON));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw) as Uint8Array<ArrayBuffer>),
        userHandle: isoBase64URL.fromBuffer(encoder.encode("admin")),
      },
    };
  }
}
