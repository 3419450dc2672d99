// The accounts files' app (the test configuration, its mail captured) and how they read a refusal.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { expectContract } from './contract.ts';
import { TEST_ENV } from './members.ts';

export let t: TestApp;

export let app: TestApp['app'];

export type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

export const errorBody = (res: Response) => res.json() as { success: false; message: string };

/** Checks an error response against the contract and returns its message. */
export const messageOf = (res: Response, operationId: Parameters<typeof expectContract>[1]) =>
  (expectContract(res, operationId) as { success: false; message: string }).message;

/** Starts the app before the calling file's tests and closes it after them. */
export function accountsApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ env: TEST_ENV });
    app = t.app;
  });
  afterAll(async () => {
    await t.close();
  });
}
