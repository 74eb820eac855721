// CSV (RFC 4180) for the admin's downloads (collectors, subscribers), safe to open in a spreadsheet.

/** Rows as CSV text, each line ended by CRLF. */
export function csvText(rows: string[][]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** A CSV field: quoted when it must be; a leading =, +, - or @ is kept from a spreadsheet's formulas. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
