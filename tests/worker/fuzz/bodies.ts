// How generated forms are encoded and sent: urlencoded or multipart, well-formed or not, each from a
// fresh client address.
import fc from "fast-check";
import { freshClientIp } from "../../support/addresses";
import { fetchApp, ORIGIN } from "../helpers";
import { wellFormed, type Field, type Fields } from "./values";

export type Encoded = {
  body: BodyInit | null;
  contentType?: string;
  label: string;
  /** The fields as the server reads them, when the body is a well-formed form. */
  sent?: Fields;
};

function readable(fields: Fields): Fields {
  return fields.map(([name, value]) => [wellFormed(name), typeof value === "string" ? wellFormed(value) : value]);
}

/** The first text value of a field, as FormData.get reads it (a file reads as no text). */
export function firstText(fields: Fields | undefined, name: string): string | undefined {
  const value = fields?.find(([field]) => field === name)?.[1];
  return typeof value === "string" ? value : undefined;
}

/** The last value of a field, as Object.fromEntries(formData) reads it (the dashboard's action does). */
export function lastText(fields: Fields | undefined, name: string): string | undefined {
  const value = fields?.findLast(([field]) => field === name)?.[1];
  return typeof value === "string" ? value : undefined;
}

export function urlencoded(fields: Fields): Encoded {
  const texts: Fields = fields.map(([name, value]) => [name, typeof value === "string" ? value : "[file]"]);
  const params = new URLSearchParams();
  for (const [name, value] of texts) params.append(name, value as string);
  return { body: params, label: "urlencoded", sent: readable(texts) };
}

const BOUNDARY = "----FuzzBoundary7MA4YWxkTrZu0gW";

/** How a browser quotes a name or file name in Content-Disposition (HTML's multipart/form-data encoding). */
function quoted(text: string): string {
  return `"${text.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22")}"`;
}

/**
 * Written out by hand rather than with FormData, whose encoder refuses some file names (one ending in a
 * backslash) that a client can still send.
 */
export function multipart(fields: Fields): Encoded {
  const encoder = new TextEncoder();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for (const [name, value] of fields) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name=${quoted(name)}`;
    if (typeof value === "string") {
      chunks.push(encoder.encode(`${head}\r\n\r\n${value.replace(/\r\n|\r|\n/g, "\r\n")}\r\n`));
      continue;
    }
    head += `; filename=${quoted(value.filename)}\r\nContent-Type: ${value.type || "application/octet-stream"}\r\n\r\n`;
    chunks.push(encoder.encode(head), value.blob, encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  return {
    body: new Blob(chunks),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    label: "multipart",
    sent: readable(fields),
  };
}

/**
 * How the form travels: mostly as a browser sends it, sometimes as JSON, empty, a broken multipart
 * body or text fields sent as files (the wrong type).
 */
export const encodedForm = (fields: fc.Arbitrary<Fields>, { files = false } = {}): fc.Arbitrary<Encoded> =>
  fc.oneof(
    { weight: files ? 1 : 6, arbitrary: fields.map(urlencoded) },
    { weight: files ? 6 : 2, arbitrary: fields.map(multipart) },
    {
      weight: 1,
      arbitrary: fields.map((f) =>
        multipart(
          f.map(([name, value]): [string, Field] => [
            name,
            typeof value === "string"
              ? { blob: new TextEncoder().encode(value), type: "text/plain", filename: `${name}.txt` }
              : value,
          ]),
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fields, fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain"))
        .map(([f, contentType]): Encoded => ({
          body: JSON.stringify(Object.fromEntries(f)),
          contentType,
          label: `json as ${contentType}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Encoded>(
        { body: null, label: "no body" },
        { body: "", contentType: "application/x-www-form-urlencoded", label: "empty urlencoded" },
        { body: "", contentType: "multipart/form-data; boundary=x", label: "empty multipart" },
        {
          body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\ntrunc',
          contentType: "multipart/form-data; boundary=x",
          label: "truncated multipart",
        },
        { body: "not a form at all", contentType: "multipart/form-data", label: "multipart without boundary" },
        { body: "%%%&&&===%E0%A4%A", contentType: "application/x-www-form-urlencoded", label: "bad percent-encoding" },
      ),
    },
  );

/** A POST as a browser of this site sends it: same Origin, its own client IP, redirects not followed. */
export function send(path: string, encoded: Encoded, headers: Record<string, string> = {}): Promise<Response> {
  const allHeaders: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": freshClientIp(), ...headers };
  if (encoded.contentType) allHeaders["Content-Type"] = encoded.contentType;
  return fetchApp(path, { method: "POST", redirect: "manual", headers: allHeaders, body: encoded.body });
}
