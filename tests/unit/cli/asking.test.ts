// The CLI's question before money or members move, with the terminal given by the test (a TTY or
// not, and what the person types), and how it prints: refusals in flags, colour only where asked.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Refused } from '../../../cli/admin-client.ts';
import { confirmed, mayAsk, type Terminal } from '../../../cli/confirm.ts';
import { checklist, paint, table } from '../../../cli/output.ts';
import { inFlags } from '../../../cli/refusals.ts';

function terminal(isTTY: boolean, typed = ''): Terminal & { asked: string[] } {
  const asked: string[] = [];
  return {
    isTTY,
    asked,
    ask: async (question) => {
      asked.push(question);
      return typed;
    },
  };
}

describe('asking before a change', () => {
  it('asks on a terminal, going ahead only on a yes', async () => {
    for (const [typed, answer] of [
      ['y', true],
      ['YES', true],
      [' yes ', true],
      ['', false],
      ['n', false],
      ['yep', false],
    ] as const) {
      const tty = terminal(true, typed);
      expect(await confirmed('This will refund 49.00 USD.', {}, tty)).toBe(answer);
      expect(tty.asked).toEqual(['This will refund 49.00 USD.\nGo ahead? [y/N] ']);
    }
  });

  it('never asks with --yes, terminal or not', async () => {
    for (const isTTY of [true, false]) {
      const t = terminal(isTTY, 'n');
      expect(await confirmed('This will cancel.', { yes: true }, t)).toBe(true);
      expect(t.asked).toEqual([]);
    }
  });

  it('refuses without a terminal, naming --yes and --dry-run; a dry run needs no terminal', () => {
    expect(() => mayAsk('refund', {}, terminal(false))).toThrow(
      'refund changes things and asks first, but there is no terminal to ask on: pass --yes to go ahead without asking, or --dry-run to see what it would do',
    );
    expect(() => mayAsk('refund', { dryRun: true }, terminal(false))).not.toThrow();
    expect(() => mayAsk('refund', {}, terminal(true))).not.toThrow();
  });
});

describe('what the CLI prints', () => {
  it('says each refused field after its flag, and a body field named in a message as its flag', () => {
    const refusal = new Refused(
      400,
      'The number of months must be at least 1. The maximum number of uses must be at least 1.',
      [
        {
          in: 'body',
          field: 'durationInMonths',
          rule: 'minimum',
          message: 'The number of months must be at least 1.',
        },
        {
          in: 'body',
          field: 'maxRedemptions',
          rule: 'minimum',
          message: 'The maximum number of uses must be at least 1.',
        },
        {
          in: 'path',
          field: 'trainerID',
          rule: 'pattern',
          message: 'The trainer is not in the form it takes.',
        },
      ],
    );
    expect(inFlags(refusal)).toBe(
      '--months: The number of months must be at least 1. --max: The maximum number of uses must be at least 1. The trainer is not in the form it takes.',
    );
    expect(inFlags(new Refused(400, 'expiresAt must be in the future'))).toBe(
      '--expires must be in the future',
    );
  });

  it('colours only a stream that takes colour (NO_COLOR on a real terminal: the command’s test)', () => {
    const stream = (isTTY: boolean) =>
      Object.assign(new PassThrough(), { isTTY }) as unknown as NodeJS.WriteStream;
    const saved = process.env.FORCE_COLOR;
    try {
      delete process.env.FORCE_COLOR;
      expect(paint('red', 'FAIL', stream(true))).toBe('\u001b[31mFAIL\u001b[39m');
      expect(paint('red', 'FAIL', stream(false))).toBe('FAIL');
    } finally {
      if (saved !== undefined) process.env.FORCE_COLOR = saved;
    }
  });

  it('prints one table shape, and a checklist as STATUS, CHECK, DETAIL with its count', () => {
    expect(
      table(
        ['ID', 'NAME'],
        [
          ['a', 'Long name'],
          ['bcd', ''],
        ],
      ),
    ).toBe('ID   NAME\na    Long name\nbcd');
    expect(
      checklist([
        { level: 'ok', check: 'NODE_ENV', detail: 'production' },
        { level: 'fail', check: 'PORT', detail: 'must be at most 65535' },
        { level: 'warn', check: 'SMTP_URL', detail: 'not set' },
      ]),
    ).toBe(
      [
        'STATUS  CHECK     DETAIL',
        'ok      NODE_ENV  production',
        'FAIL    PORT      must be at most 65535',
        'WARN    SMTP_URL  not set',
        '',
        '1 failing, 1 warnings.',
      ].join('\n'),
    );
  });
});
