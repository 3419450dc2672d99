// The English a member reads for a catalogue key, for the words product owners and QA read (the
// statechart pages, the UI paths): a key such as 'signup.verifyEmail.error' means nothing to them,
// "Please verify your email before proceeding to checkout" does. One resolver serves both, so a
// page and a path never disagree on what a message says.
import site from '../locales/en.json' with { type: 'json' };
import modal from '../locales/signup-modal/en.json' with { type: 'json' };

type Texts = { [key: string]: string | Texts };

/** The site's catalogue first: the modal's texts join it without replacing any (decision 083). */
const CATALOGUES = [site, modal] as Texts[];

/** The English text of a catalogue key, or undefined when it is not one (a server's message, say). */
export function englishText(key: string): string | undefined {
  for (const catalogue of CATALOGUES) {
    let found: string | Texts | undefined = catalogue;
    for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
    if (typeof found === 'string') return found;
  }
  return undefined;
}

/**
 * A message as plain words: a catalogue key as its English text in quotes, the key after it in
 * parentheses (QA searches the paths by either); anything else, a server's message, as sent.
 */
export function messageWords(message: string): string {
  const text = englishText(message);
  return text === undefined ? `'${message}'` : `“${text}” (${message})`;
}

/** A quoted catalogue key inside a description: `'signup.pleaseSelectSubscription'`. */
const QUOTED_KEY = /'([A-Za-z]\w*(?:\.\w+)+)'(\.?)/g;

/**
 * A description with each quoted catalogue key replaced by its English text, in quotes; `key`
 * renders the key beside it (small print in a table, nothing in a diagram's narrow label).
 */
export function withEnglishTexts(text: string, key: (key: string) => string = () => ''): string {
  return text.replace(QUOTED_KEY, (quoted, name: string, stop: string) => {
    const english = englishText(name);
    if (english === undefined) return quoted;
    // A text that ends a sentence ends the description's too: no second full stop after it.
    return `“${english}”${key(name)}${/[.!?]$/.test(english) ? '' : stop}`;
  });
}
