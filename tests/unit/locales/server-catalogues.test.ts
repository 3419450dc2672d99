// The server's catalogues (decision 102) get the checks the SPA's have, plus the two that only the
// server's can have, since the code that reads them is small and spells every key out: every text is
// used, and no text is asked for that the catalogue lacks.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../domain/localized.ts';
import { MODAL_ERRORS } from '../../../machines/signup-modal/signup-modal.types.ts';
import { renderMail } from '../../../server/mail/templates.ts';
import { sandboxMessages } from '../../../server/sandbox/sandbox-messages.ts';
import { defaultBrand } from '../../../server/site/brand.ts';
import { SERVER_CATALOGUES, type ServerCatalogue, serverText } from '../../../server/text/server-text.ts';
import { type Catalogue, expectConsistent, keys, textAt } from './catalogue-checks.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Where a text's key is spelled out as `t('…')` in the code that reads its catalogue. */
const T_CALL = /\bt\(\s*'([^']+)'/g;
/**
 * The API's texts are named where an error is made, anywhere on the server (decision 105): as the
 * first argument of an error of server/errors.ts, or as the value of anything typed `ApiKey`.
 */
const API_KEY = [
  /\b(?:badRequest|conflict|forbidden|notFound|unauthorized|unavailable|tooManyRequests|HttpError)\(\s*(?:[^,'()]+,\s*)?'([^']+)'/g,
  /\bApiKey\s*=\s*'([^']+)'/g,
];
const SERVER_FILES = readdirSync(path.join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .map((file) => path.join('server', file));

/** The code that reads each catalogue, and how it spells the keys it asks for. */
const READERS: Record<ServerCatalogue, { files: string[]; patterns: RegExp[] }> = {
  emails: {
    files: ['account-emails', 'charge-emails', 'subscription-emails'].map((name) => `server/mail/${name}.ts`),
    patterns: [T_CALL],
  },
  'hosted-pages': { files: ['server/sandbox/sandbox-messages.ts'], patterns: [T_CALL] },
  api: { files: SERVER_FILES, patterns: API_KEY },
  invoices: { files: ['server/invoices/invoice-pdf.ts'], patterns: [T_CALL] },
};

function versionsOf(catalogue: ServerCatalogue): Record<string, Catalogue> {
  const folder = path.join(ROOT, 'locales', catalogue);
  const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
  // English first: the others are checked against it.
  files.sort((a, b) => Number(b === 'en.json') - Number(a === 'en.json') || a.localeCompare(b));
  return Object.fromEntries(
    files.map((file) => [
      file.slice(0, -'.json'.length),
      JSON.parse(readFileSync(path.join(folder, file), 'utf8')),
    ]),
  );
}

function keysUsedBy({ files, patterns }: { files: string[]; patterns: RegExp[] }): string[] {
  const sources = files.map((file) => readFileSync(path.join(ROOT, file), 'utf8'));
  const used = sources.flatMap((source) =>
    patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? '')),
  );
  return [...new Set(used)].sort();
}

describe.each(SERVER_CATALOGUES)('the server catalogue locales/%s', (catalogue) => {
  const versions = versionsOf(catalogue);

  it('has every language of the site', () => {
    expect(Object.keys(versions).sort()).toEqual(expect.arrayContaining([...LOCALES]));
  });

  it('holds the same keys in every language, no empty text, the same variables in each', () => {
    expectConsistent(versions);
  });

  it('holds only texts its code uses, and every text its code asks for', () => {
    const used = keysUsedBy(READERS[catalogue]);
    const english = versions.en as Catalogue;
    expect(used.filter((key) => typeof textAt(english, key) !== 'string')).toEqual([]);
    // The API's words for a refused field and its rule are asked by the contract's field and rule
    // names (server/http/validation-errors.ts, decision 166): tests/api/readable-refusals.test.ts
    // holds them to every field and rule of the contract.
    const byContract = (key: string) =>
      catalogue === 'api' && (key.startsWith('validation.') || key.startsWith('fields.'));
    expect(keys(english).filter((key) => !used.includes(key) && !byContract(key))).toEqual([]);
  });
});

describe('the server texts', () => {
  it('escape a value once in an email’s HTML and leave it as written in its text and subject', async () => {
    const mail = await renderMail(
      {
        kind: 'emailChanged',
        name: 'Ann <b>&amp;',
        trainerName: 'A & B',
        link: 'https://x.test/?a=1&b=2',
        newEmail: 'x"y@z.test',
      },
      'en',
      defaultBrand('A & B'),
    );
    expect(mail.subject).toBe('A & B: your email address was changed');
    expect(mail.text).toContain('Hi Ann <b>&amp;,');
    expect(mail.html).toMatch(/<p [^>]*>Hi Ann &lt;b&gt;&amp;amp;,<\/p>/);
    expect(mail.html).toContain('changed to x&quot;y@z.test.');
    expect(mail.html).toContain('<a href="https://x.test/?a=1&amp;b=2"');
    expect(mail.html).toMatch(/<p [^>]*>A &amp; B<\/p>/);
  });

  it('fill in a value as given, even one that looks like a variable', () => {
    const { t } = sandboxMessages('es');
    expect(t.discount('{{days}}')).toBe('Descuento ({{days}})');
    expect(t.trial(14)).toBe('Prueba gratuita de 14 días: hoy no se cobra nada');
  });

  it('refuse an unverified member’s checkout in the words the SPA uses for it, in every language', () => {
    // The SPA shows its own text when the checkout flow finds the email unverified, and the server's
    // when the server refuses: the member reads the same sentence either way (decision 105).
    for (const locale of LOCALES) {
      const spa = JSON.parse(readFileSync(path.join(ROOT, 'locales', `${locale}.json`), 'utf8'));
      expect(serverText(locale, 'api')('checkout.verifyEmail')).toBe(textAt(spa, MODAL_ERRORS.verifyEmail));
    }
  });

  it('are English for a language the site does not have', () => {
    expect(sandboxMessages('fr').locale).toBe('en');
    expect(sandboxMessages('fr').t.pay).toBe('Pay');
  });
});
