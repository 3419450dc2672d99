// One test per UI path of a chart, replayed in the real React tree by a driver (dom-driver.tsx for the
// member's site, studio-driver.tsx for the studio), then the coverage check. `npm run qa:path` names
// the paths to replay in QA_PATH; the coverage is checked only over all of them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../domain/localized.ts';
import { replay } from '../../machine/model.ts';
import { coverageOf, describePath, type UiPath, uiPaths } from '../../paths/catalog.ts';
import { deviationReport, unexercised } from '../../spec/oracle.ts';
import { server } from '../server.ts';

export interface PathTests {
  /** Carries out a path's steps on the screen, checking what each shows. */
  replayIn: (path: UiPath, locale?: Locale) => Promise<void>;
  /** The transitions no screen can take: left out of the coverage, which the machine paths give. */
  unreachable?: string[];
  /** The paths replayed again in Spanish. */
  inSpanish?: (path: UiPath) => boolean;
}

export function describePathTests(
  title: string,
  chart: UiPath['chart'],
  { replayIn, unreachable = [], inSpanish = () => false }: PathTests,
): void {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    localStorage.clear();
  });
  afterAll(() => server.close());

  const paths = uiPaths().filter((path) => path.chart === chart);
  const only = process.env.QA_PATH?.split(',');
  const chosen = only ? paths.filter((path) => only.includes(path.id)) : paths;
  const passed: UiPath[] = [];
  describe(`${title}, UI paths`, () => {
    it.each(chosen.map((path) => [`${path.id}: ${describePath(path)}`, path] as const))(
      '%s',
      async (_title, path) => {
        // The spec's rules first, on the machine steps the path takes (tests/spec/): the screens are
        // then checked to show those steps, so what they show keeps the same rules.
        const machine = path.model.steps[0]?.state.machine;
        if (machine) await replay(machine, path.model, { input: path.input, label: path.id });
        await replayIn(path);
        passed.push(path);
      },
      // A path may wait out the session's 5 s before it asks the server again.
      20_000,
    );
    const spanish = chosen.filter(inSpanish);
    if (spanish.length > 0)
      it.each(spanish.map((path) => [`${path.id} in Spanish: ${describePath(path)}`, path] as const))(
        '%s',
        async (_title, path) => replayIn(path, 'es'),
        20_000,
      );

    if (!only)
      it('reaches every state and every transition a screen can cause', async () => {
        const coverage = await coverageOf(chart, passed);
        // The rules no screen reaches are listed, not failed: the machine paths exercise every rule.
        for (const line of unexercised(coverage.flow, coverage.spec))
          console.info(`${chart}, no UI path exercises ${line}`);
        for (const line of deviationReport(coverage.flow, coverage.spec)) console.info(`${chart}: ${line}`);
        expect(coverage.missing()).toEqual({ states: [], transitions: unreachable });
      });
  });
}
