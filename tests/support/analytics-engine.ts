// Workers Analytics Engine at both ends, for tests. `capturingDataset()` stands in for the ANALYTICS
// binding and keeps each data point the app writes (refusing what the real dataset refuses), stamped
// with the time it was written, as Analytics Engine stamps it. `fakeAnalyticsEngineSql()` is the SQL
// API at the HTTP boundary (through the one outbound fake): it evaluates each query over those points
// by the columns the query names (blob1..blob20, double1..double20, index1, timestamp,
// _sample_interval), so a query reading the wrong blob, or missing a filter, gets the wrong answer.
// It knows the part of Analytics Engine's ClickHouse SQL the app uses, and answers anything else 422.
import { http, outbound } from "./outbound";

export type StoredPoint = { timestamp: Date; blobs: string[]; doubles: number[]; indexes: string[] };

// Analytics Engine's documented limits on one data point.
const MAX_BLOBS = 20;
const MAX_DOUBLES = 20;
const MAX_INDEX_BYTES = 96;
const MAX_BLOB_BYTES = 16 * 1024;

const bytes = (value: string) => new TextEncoder().encode(value).length;
const text = (value: ArrayBuffer | string | null) =>
  value === null ? "" : typeof value === "string" ? value : new TextDecoder().decode(value);

/** A dataset binding that keeps what is written; `now` gives each point its timestamp. */
export function capturingDataset(now: () => Date = () => new Date()) {
  const points: StoredPoint[] = [];
  const binding: AnalyticsEngineDataset = {
    writeDataPoint(point = {}) {
      const blobs = (point.blobs ?? []).map(text);
      const indexes = (point.indexes ?? []).map(text);
      const doubles = point.doubles ?? [];
      if (indexes.length > 1) throw new Error(`Analytics Engine takes one index; got ${indexes.length}.`);
      if (indexes.some((index) => bytes(index) > MAX_INDEX_BYTES))
        throw new Error(`An index is at most ${MAX_INDEX_BYTES} bytes.`);
      if (blobs.length > MAX_BLOBS || doubles.length > MAX_DOUBLES) throw new Error("Too many blobs or doubles.");
      if (blobs.reduce((sum, blob) => sum + bytes(blob), 0) > MAX_BLOB_BYTES)
        throw new Error(`The blobs of one point are at most ${MAX_BLOB_BYTES} bytes.`);
      points.push({ timestamp: now(), blobs, doubles, indexes });
    },
  };
  return { binding, points };
}

/** The SQL API for one account and token, answering from `points` stored in `dataset`; returns each SQL it got. */
export function fakeAnalyticsEngineSql(options: {
  url: string;
  token: string;
  dataset: string;
  points: StoredPoint[];
}) {
  const queries: string[] = [];
  outbound.use(
    http.post(options.url, async ({ request }) => {
      if (request.headers.get("Authorization") !== `Bearer ${options.token}`)
        return Response.json({ errors: [{ message: "Authentication error" }] }, { status: 403 });
      const sql = await request.text();
      queries.push(sql);
      try {
        return Response.json(runQuery(sql, options.dataset, options.points));
      } catch (error) {
        return new Response(`Code: 47. DB::Exception: ${(error as Error).message}`, { status: 422 });
      }
    }),
  );
  return { queries };
}

// ---- the SQL subset -------------------------------------------------------------------------------

type Value = string | number | Date;
type Expr =
  | { kind: "literal"; value: Value }
  | { kind: "column"; name: string }
  | { kind: "call"; name: string; distinct: boolean; args: Expr[] }
  | { kind: "binary"; op: string; left: Expr; right: Expr };
type Query = {
  select: Array<{ expr: Expr; alias: string }>;
  from: string;
  where?: Expr;
  groupBy: Expr[];
  orderBy: Array<{ expr: Expr; descending: boolean }>;
  limit?: number;
  format?: string;
};

const AGGREGATES = new Set(["sum", "count", "countif", "min", "max", "avg"]);
const KEYWORDS = [
  "SELECT",
  "FROM",
  "WHERE",
  "GROUP",
  "BY",
  "ORDER",
  "LIMIT",
  "FORMAT",
  "AS",
  "AND",
  "OR",
  "ASC",
  "DESC",
];

function tokenize(sql: string): string[] {
  const source = sql.trim();
  const tokens: string[] = [];
  const pattern = /\s*('(?:[^'\\]|\\.)*'|\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*|>=|<=|!=|<>|[=<>(),*])/y;
  let at = 0;
  while (at < source.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(source);
    if (!match) throw new Error(`Syntax error at: ${source.slice(at, at + 30)}`);
    tokens.push(match[1]!);
    at = pattern.lastIndex;
  }
  return tokens;
}

function parse(sql: string): Query {
  const tokens = tokenize(sql);
  let i = 0;
  const peek = (word: string) => tokens[i]?.toUpperCase() === word;
  const take = (word?: string): string => {
    if (word && !peek(word)) throw new Error(`Expected ${word} at '${tokens[i] ?? "end"}'`);
    if (i >= tokens.length) throw new Error("Unexpected end of query");
    return tokens[i++]!;
  };
  const list = <T>(item: () => T): T[] => {
    const items = [item()];
    while (peek(",")) {
      take(",");
      items.push(item());
    }
    return items;
  };
  const primary = (): Expr => {
    const token = take();
    if (token === "(") {
      const inner = expression();
      take(")");
      return inner;
    }
    if (token.startsWith("'")) return { kind: "literal", value: token.slice(1, -1).replace(/\\(.)/g, "$1") };
    if (/^\d/.test(token)) return { kind: "literal", value: Number(token) };
    if (token === "*") return { kind: "column", name: "*" };
    if (KEYWORDS.includes(token.toUpperCase())) throw new Error(`Unexpected ${token}`);
    if (peek("(")) {
      take("(");
      const distinct = peek("DISTINCT");
      if (distinct) take();
      const args = peek(")") ? [] : list(expression);
      take(")");
      return { kind: "call", name: token.toLowerCase(), distinct, args };
    }
    return { kind: "column", name: token };
  };
  const comparison = (): Expr => {
    const left = primary();
    if (["=", "!=", "<>", ">=", "<=", "<", ">"].includes(tokens[i] ?? "")) {
      const op = take();
      return { kind: "binary", op: op === "<>" ? "!=" : op, left, right: primary() };
    }
    return left;
  };
  const conjunction = (): Expr => {
    let left = comparison();
    while (peek("AND")) {
      take();
      left = { kind: "binary", op: "AND", left, right: comparison() };
    }
    return left;
  };
  function expression(): Expr {
    let left = conjunction();
    while (peek("OR")) {
      take();
      left = { kind: "binary", op: "OR", left, right: conjunction() };
    }
    return left;
  }

  take("SELECT");
  const select = list(() => {
    const expr = expression();
    if (!peek("AS")) return { expr, alias: render(expr) };
    take("AS");
    return { expr, alias: take() };
  });
  take("FROM");
  const query: Query = { select, from: take(), groupBy: [], orderBy: [] };
  if (peek("WHERE")) {
    take();
    query.where = expression();
  }
  if (peek("GROUP")) {
    take();
    take("BY");
    query.groupBy = list(expression);
  }
  if (peek("ORDER")) {
    take();
    take("BY");
    query.orderBy = list(() => {
      const expr = expression();
      const descending = peek("DESC");
      if (peek("DESC") || peek("ASC")) take();
      return { expr, descending };
    });
  }
  if (peek("LIMIT")) {
    take();
    query.limit = Number(take());
  }
  if (peek("FORMAT")) {
    take();
    query.format = take();
  }
  if (i < tokens.length) throw new Error(`Unexpected '${tokens[i]}'`);
  return query;
}

function render(expr: Expr): string {
  switch (expr.kind) {
    case "literal":
      return typeof expr.value === "string" ? `'${expr.value}'` : String(expr.value);
    case "column":
      return expr.name;
    case "call":
      return `${expr.name}(${expr.distinct ? "DISTINCT " : ""}${expr.args.map(render).join(", ")})`;
    case "binary":
      return `${render(expr.left)} ${expr.op} ${render(expr.right)}`;
  }
}

function column(point: StoredPoint, name: string): Value {
  if (name === "timestamp") return point.timestamp;
  if (name === "_sample_interval") return 1;
  const match = /^(blob|double|index)(\d+)$/.exec(name);
  const n = Number(match?.[2]);
  if (match?.[1] === "blob" && n >= 1 && n <= MAX_BLOBS) return point.blobs[n - 1] ?? "";
  if (match?.[1] === "double" && n >= 1 && n <= MAX_DOUBLES) return point.doubles[n - 1] ?? 0;
  if (match?.[1] === "index" && n === 1) return point.indexes[0] ?? "";
  throw new Error(`Missing columns: '${name}'`);
}

const ordered = (a: Value, b: Value) => {
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Evaluates `expr` over a group of points (one point for a row-level expression); aliases resolve first. */
function evaluate(expr: Expr, group: StoredPoint[], aliases: Map<string, Expr>): Value {
  switch (expr.kind) {
    case "literal":
      return expr.value;
    case "column": {
      const aliased = aliases.get(expr.name);
      if (aliased) return evaluate(aliased, group, new Map());
      if (!group[0]) return "";
      return column(group[0], expr.name);
    }
    case "binary": {
      if (expr.op === "AND") return Number(evaluate(expr.left, group, aliases) && evaluate(expr.right, group, aliases));
      if (expr.op === "OR") return Number(evaluate(expr.left, group, aliases) || evaluate(expr.right, group, aliases));
      const left = evaluate(expr.left, group, aliases);
      const right = evaluate(expr.right, group, aliases);
      if (typeof left !== typeof right || left instanceof Date !== right instanceof Date)
        throw new Error(`No operation ${expr.op} between ${render(expr.left)} and ${render(expr.right)}`);
      const order = ordered(left, right);
      return Number(
        { "=": order === 0, "!=": order !== 0, ">=": order >= 0, "<=": order <= 0, "<": order < 0, ">": order > 0 }[
          expr.op
        ],
      );
    }
    case "call": {
      if (AGGREGATES.has(expr.name)) {
        const values = (row: StoredPoint) => expr.args.map((arg) => evaluate(arg, [row], aliases));
        if (expr.name === "count") {
          if (!expr.distinct) return group.length;
          return new Set(group.map((row) => JSON.stringify(values(row)))).size;
        }
        if (expr.name === "countif") return group.filter((row) => values(row)[0]).length;
        const all = group.map((row) => values(row)[0]!);
        if (expr.name === "sum") return all.reduce((sum: number, value) => sum + Number(value), 0);
        if (expr.name === "avg") return all.length ? all.reduce((s: number, v) => s + Number(v), 0) / all.length : NaN;
        if (!all.length) return expr.name === "min" || expr.name === "max" ? "" : 0;
        return all.reduce((best, value) =>
          (expr.name === "min" ? ordered(value, best) < 0 : ordered(value, best) > 0) ? value : best,
        );
      }
      const args = expr.args.map((arg) => evaluate(arg, group, aliases));
      if (expr.name === "todatetime") {
        const value = String(args[0]);
        if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value)) throw new Error(`Cannot parse DateTime '${value}'`);
        return new Date(`${value.replace(" ", "T")}Z`);
      }
      if (expr.name === "tostartofhour") {
        if (!(args[0] instanceof Date)) throw new Error("toStartOfHour takes a DateTime");
        return new Date(Math.floor(args[0].getTime() / 3_600_000) * 3_600_000);
      }
      throw new Error(`Unknown function ${expr.name}`);
    }
  }
}

const isAggregate = (expr: Expr): boolean =>
  expr.kind === "call"
    ? AGGREGATES.has(expr.name) || expr.args.some(isAggregate)
    : expr.kind === "binary"
      ? isAggregate(expr.left) || isAggregate(expr.right)
      : false;

// ClickHouse's JSON output: 64-bit counts as strings, DateTime as "YYYY-MM-DD hh:mm:ss" (UTC).
function asJson(value: Value, expr: Expr): string | number {
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace("T", " ");
  if (expr.kind === "call" && ["count", "countif", "sum"].includes(expr.name)) return String(value);
  return value;
}

function runQuery(sql: string, dataset: string, points: StoredPoint[]) {
  const query = parse(sql);
  if (query.from !== dataset) throw new Error(`Table ${query.from} doesn't exist`);
  if (query.format !== "JSON") throw new Error("Only FORMAT JSON is faked");
  const aliases = new Map(query.select.map(({ expr, alias }) => [alias, expr]));
  const rows = query.where ? points.filter((point) => evaluate(query.where!, [point], aliases)) : points;
  let groups: StoredPoint[][];
  if (query.groupBy.length) {
    const byKey = new Map<string, StoredPoint[]>();
    for (const row of rows) {
      const key = JSON.stringify(query.groupBy.map((expr) => evaluate(expr, [row], aliases)));
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    groups = [...byKey.values()];
  } else {
    groups = query.select.some(({ expr }) => isAggregate(expr)) ? [rows] : rows.map((row) => [row]);
  }
  if (query.orderBy.length) {
    groups.sort((a, b) => {
      for (const { expr, descending } of query.orderBy) {
        const order = ordered(evaluate(expr, a, aliases), evaluate(expr, b, aliases));
        if (order) return descending ? -order : order;
      }
      return 0;
    });
  }
  const total = groups.length;
  if (query.limit !== undefined) groups = groups.slice(0, query.limit);
  const data = groups.map((group) =>
    Object.fromEntries(query.select.map(({ expr, alias }) => [alias, asJson(evaluate(expr, group, new Map()), expr)])),
  );
  const meta = query.select.map(({ alias }) => ({ name: alias, type: "String" }));
  return { meta, data, rows: data.length, rows_before_limit_at_least: total };
}
