/** A file's name as a visitor sent it, fit to quote back in a message and to list: no control characters, short. */
export function fileDisplayName(filename: string | undefined, unnamed: string): string {
  const name =
    [...(filename ?? "")]
      .filter((char) => char >= " ")
      .join("")
      .trim() || unnamed;
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}
