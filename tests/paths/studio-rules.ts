// The studio's rules as the screens must keep them, checked after every step of every studio UI path
// against what the studio sent and what the page said. Written from the spec's studio points and the
// issue's words, with every expected sentence and amount typed out here by hand (never taken from the
// studio's catalogue or helpers, nor from the chart): money moves only on the words the owner read,
// only an owner moves it, a refusal is said in the server's words and changes nothing, and a used
// link or invitation signs no one in.
import type { UiPath } from './catalog.ts';
import type { Call, Outcome } from './ui.ts';

export interface StudioTrace {
  /** Each call the studio made, its body, and how many steps had shown when it was made. */
  sent: { call: Call; body: unknown; at: number; shownBefore?: number }[];
  answered: { call: Call; outcome: Outcome }[];
  /** After each step: the page's text and address. */
  shown: { text: string; at: string; answered: number }[];
  locale: string;
}

/** The refund's words for each amount, as the spec's example has them (studio-4), with the studio's cents. */
const REFUND_WORDS: Record<number, string> = {
  4900: 'Refund $49.00 to Visa •••• 4242; the member loses the 30-Day Shred',
  3900: 'Refund $39.00 to Visa •••• 4242; the member loses the 30-Day Shred',
};
/** The server's refusal of a role without the right, in its own words (locales/api `ownerOnly`). */
const OWNER_ONLY = 'Only an owner of the studio may do that; ask an owner';
/** A used or expired link's title, per language (the spec's "this link no longer works"). */
const USED_LINK: Record<string, string> = { en: 'This link no longer works', es: 'Este enlace ya no sirve' };
/** The answer to a link asked for, the same whoever the address belongs to. */
const LINK_SENT: Record<string, string> = {
  en: "If olga@example.com belongs to the studio's staff",
  es: 'olga@example.com',
};
const SIGN_INS: Call[] = ['verifyPasskey', 'verifyLink', 'acceptInvite'];

interface StudioRule {
  id: string;
  says: string;
  /** What broke the rule, or null. */
  check: (trace: StudioTrace) => string | null;
}

const refusal = (outcome: Outcome) =>
  !outcome.ok && 'status' in outcome && outcome.status >= 400 && outcome.status < 500 ? outcome : null;
const last = (trace: StudioTrace) => trace.shown.at(-1);
/** The answer this step brought, if it brought one: the rules about what a page says after it. */
const lastAnswer = (trace: StudioTrace) =>
  (trace.shown.at(-2)?.answered ?? 0) < trace.answered.length ? trace.answered.at(-1) : undefined;

const RULES: StudioRule[] = [
  {
    id: 'studio-4 the amount read is the amount refunded',
    says: 'a refund is sent only with the amount of the words the owner read just before',
    check: (trace) => {
      if (trace.locale !== 'en') return null;
      for (const sent of trace.sent.filter((entry) => entry.call === 'refundCharge')) {
        const amount = (sent.body as { amount: number }).amount;
        const read = trace.shown[(sent.shownBefore ?? 0) - 1]?.text ?? '';
        const words = REFUND_WORDS[amount];
        if (!words || !read.includes(words))
          return `${amount} was sent after the page said "${read.slice(0, 200)}"`;
      }
      return null;
    },
  },
  {
    id: 'studio-4 a refused refund moves no money',
    says: 'once the server refuses a refund, or says the charge is already refunded, nothing more is sent',
    check: (trace) => {
      const endAt = trace.answered.findIndex(
        ({ call, outcome }) =>
          (call === 'previewRefund' || call === 'refundCharge') &&
          ((refusal(outcome) && refusal(outcome)?.status !== 409) ||
            (outcome.ok && (outcome.body as { alreadyRefunded?: boolean } | undefined)?.alreadyRefunded)),
      );
      if (endAt < 0) return null;
      const after = trace.sent.filter((entry) => entry.call === 'refundCharge' && entry.at > endAt);
      return after.length > 0 ? `${after.length} refund(s) sent after the refusal` : null;
    },
  },
  {
    id: 'studio-7 only an owner',
    says: "a role without the right is refused in the server's words",
    check: (trace) => {
      const answer = lastAnswer(trace);
      if (!answer || refusal(answer.outcome)?.status !== 403) return null;
      return last(trace)?.text.includes(OWNER_ONLY) ? null : `the page does not say "${OWNER_ONLY}"`;
    },
  },
  {
    id: 'studio-5 a change is asked first',
    says: 'a change to an existing item is saved only after the dry run of that same change was answered',
    check: (trace) => {
      const saves = trace.sent.filter(
        (entry) => entry.call === 'saveItem' && !('interval' in (entry.body as object)),
      );
      for (const save of saves) {
        const asked = trace.sent.some(
          (entry) =>
            entry.call === 'checkChange' &&
            entry.at < save.at &&
            JSON.stringify(entry.body) === JSON.stringify(save.body),
        );
        if (!asked) return `saved ${JSON.stringify(save.body)} without a dry run of it`;
      }
      return null;
    },
  },
  {
    id: 'studio-5 a bad price changes nothing',
    says: 'a price the server refuses is said in its words and nothing is saved',
    check: (trace) => {
      const answer = lastAnswer(trace);
      if (answer?.call !== 'checkChange' || refusal(answer.outcome)?.status !== 400) return null;
      const index = trace.answered.length - 1;
      if (trace.sent.some((entry) => entry.call === 'saveItem' && entry.at > index))
        return 'saved after the refusal';
      return last(trace)?.text.includes('The amount must be at most 99999999.')
        ? null
        : "the server's words are not on the page";
    },
  },
  {
    id: 'studio-2 a used link signs no one in',
    says: "a used or expired link or invitation is said so, and the studio's pages stay shut",
    check: (trace) => {
      const answer = lastAnswer(trace);
      if (!answer || refusal(answer.outcome)?.status !== 410) return null;
      const page = last(trace);
      if (page?.at === '/studio') return 'signed in with a used link';
      const title = USED_LINK[trace.locale] ?? '';
      return page?.text.includes(title) ? null : `the page does not say "${title}"`;
    },
  },
  {
    id: 'studio-2 signed in only by the server',
    says: "the studio's pages open only after the server accepted a passkey, a link or an invitation",
    check: (trace) => {
      const opened = trace.shown.findIndex((page) => page.at === '/studio');
      if (opened < 0) return null;
      const accepted = trace.answered
        .slice(0, trace.shown[opened]?.answered ?? 0)
        .some(({ call, outcome }) => SIGN_INS.includes(call) && outcome.ok);
      return accepted ? null : "the studio's pages opened without the server's yes";
    },
  },
  {
    id: 'studio-2 a link asked for says the same for anyone',
    says: 'asking for a link is answered with the same words whoever the address belongs to',
    check: (trace) => {
      const answer = lastAnswer(trace);
      if (answer?.call !== 'requestLink' || !answer.outcome.ok) return null;
      const words = LINK_SENT[trace.locale] ?? '';
      return last(trace)?.text.includes(words) ? null : `the page does not say "${words}"`;
    },
  },
];

/** The rules the trace breaks so far, each with what broke it. */
export function studioRuleBreaks(path: UiPath, trace: StudioTrace): string[] {
  return RULES.flatMap((rule) => {
    const broke = rule.check(trace);
    return broke ? [`${path.id}: ${rule.id} (${rule.says}): ${broke}`] : [];
  });
}
