// Numbers as the site writes them. Made once: toLocaleString builds a new formatter on every call, and a
// shop page writes a hundred prices (0.12 ms of a /gallery render, `npm run profile`).
const grouped = new Intl.NumberFormat("en-GB");

/** 1200 -> "1,200". */
export const formatNumber = (n: number): string => grouped.format(n);
