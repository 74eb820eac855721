// Text from an archive or a remote store, made safe to print on a terminal: control characters (an escape
// sequence could move the cursor, rewrite earlier lines or set the window's title), line breaks and the
// invisible characters that reorder text are written as \u escapes instead.

function unprintable(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export function printable(text: string): string {
  let out = "";
  for (const character of text) {
    const code = character.codePointAt(0)!;
    out += unprintable(code) ? `\\u${code.toString(16).padStart(4, "0")}` : character;
  }
  return out;
}
