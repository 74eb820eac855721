// React 18 does not know the camel-cased prop yet and warns; the lowercase attribute is what browsers read.
export const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;
