import { test as base, expect } from "@playwright/test";

// The server's address is only known after global setup has started it on a free port.
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: run the e2e tests through `npm run test:e2e`.");
    await use(url);
  },
});

export { expect };

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
