// The deployment guide stays true to the code: it names every variable the server reads (the
// configuration's own list), its webhook events are exactly the ones the processor applies (the same
// list `trainer stripe check` compares with Stripe), at the path the contract serves, and the README
// links it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../../../server/config.ts';
import { HANDLED_EVENT_TYPES, STRIPE_WEBHOOK_PATH } from '../../../server/payments/handled-events.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const guide = readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');

describe('docs/deploy.md', () => {
  it('reads the configuration’s list of variables', () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(40);
    expect(CONFIG_VARIABLES).toContain('DATABASE_URL');
  });

  it.each(CONFIG_VARIABLES)('names %s', (variable) => {
    expect(guide).toContain(`\`${variable}\``);
  });

  it('lists exactly the events the processor applies, in its order', () => {
    const block = /```text\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
    const listed = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(listed).toEqual([...HANDLED_EVENT_TYPES]);
  });

  it('gives the webhook path the contract serves', () => {
    const contract = readFileSync(path.join(ROOT, 'openapi/trainer-api.yaml'), 'utf8');
    expect(contract).toMatch(
      new RegExp(`\\n  ${STRIPE_WEBHOOK_PATH}:\\n    post:\\n      operationId: stripeWebhook\\n`),
    );
    expect(guide).toContain(`\`${STRIPE_WEBHOOK_PATH}\``);
  });

  it('is linked from the README', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain('](docs/deploy.md)');
  });
});
