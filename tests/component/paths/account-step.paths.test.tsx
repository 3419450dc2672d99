// Every UI path of the signup modal replayed through the real React tree (see tests/paths/).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { coverageOf, describePath, type UiPath, uiPaths } from '../../paths/catalog.ts';
import { server } from '../server.ts';
import { replayInDom } from './dom-driver.tsx';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const paths = uiPaths().filter((path) => path.chart === 'account-step');
const passed: UiPath[] = [];

describe('account step (step 1 of the modal), UI paths', () => {
  it.each(paths.map((path) => [`${path.id}: ${describePath(path)}`, path] as const))(
    '%s',
    async (_title, path) => {
      await replayInDom(path);
      passed.push(path);
    },
  );

  it('reaches every state and every transition a screen can cause', async () => {
    const missing = (await coverageOf('account-step', passed)).missing();
    expect(missing).toEqual({ states: [], transitions: [] });
  });
});
