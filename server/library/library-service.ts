// The members' area decides here, on every request and from the database (decisions 136, 138): what the
// member holds, at their time, asked of the access rule (domain/access), and only then the content.
// Kept between requests: the CMS's content (the content service's minute), and the access rows only
// under versions the database moves with every write of them (decision 178): a refund or an ended
// subscription closes an item on the next request, whatever a member's view cached.
import { type Holding, itemAccess, type LockReason, type OpenAccess } from '../../domain/access/access.ts';
import { readable } from '../../domain/access/progress.ts';
import { formatBillingDate } from '../../domain/billing/calendar.ts';
import { billingLocale } from '../../domain/billing/locale.ts';
import type { Locale } from '../../domain/localized.ts';
import type { components } from '../../openapi/schema.d.ts';
import type { ContentService } from '../content/content-service.ts';
import type { Database } from '../db/index.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';
import { holdingsOf, memberNow } from './holdings.ts';
import { allItems, findItem, type Item, type ItemKind } from './items.ts';
import { type AccessRows, memberAccessRows, recordMark, recordOpening } from './library.repository.ts';
import { type Offer, offersOf } from './offers.ts';
import { itemRows, type Standing, standingOf } from './standing.ts';

type Schemas = components['schemas'];

export interface LibraryDeps {
  db: Database;
  content: ContentService;
}

/** The refusal of a closed item: why, and what to buy; never its content. */
function lockedRefusal(item: Item, reason: LockReason, offer: Offer | null) {
  const values = { title: item.title };
  const details = { reason, product: offer };
  switch (reason) {
    case 'notHeld':
      return forbidden('library.notHeld', values, details);
    case 'refunded':
      return forbidden('library.refunded', values, details);
    case 'ended':
      return forbidden('library.ended', values, details);
    case 'overdue':
      return forbidden('library.overdue', values, details);
    case 'paused':
      return forbidden('library.paused', values, details);
    case 'planNotIncluded':
      return forbidden('library.planNotIncluded', values, details);
    case 'grantEnded':
      return forbidden('library.grantEnded', values, details);
  }
}

/**
 * The member asking: their id, and their access rows when the session's query read them already
 * (decision 163); otherwise they are read here.
 */
export interface Member {
  id: string;
  access?: AccessRows | undefined;
}

export function libraryService({ db, content }: LibraryDeps) {
  async function member({ id, access }: Member) {
    const rows = access ?? (await memberAccessRows(db, id));
    if (!rows) throw unauthorized();
    return { rows, holdings: holdingsOf(rows), now: memberNow(rows) };
  }

  /** The item, open to the member, with where they stand in it; refused (404, 403) otherwise. */
  async function opened(caller: Member, kind: ItemKind, slug: string, locale: Locale) {
    const { rows, holdings, now } = await member(caller);
    const item = await findItem(content, rows.products, kind, slug, locale);
    if (!item) throw notFound('library.unknownItem');
    const access = itemAccess(item.rule, holdings, now);
    if (!access.open) {
      const offer = (await offersOf(db, rows.trainerId, locale))(item);
      throw lockedRefusal(item, access.reason, offer);
    }
    return { rows, now, item, access, standing: standingOf(item, access, itemRows(rows, item), now) };
  }

  /** One unit of an open item, refused until its day when the drip has not opened it. */
  function unitOf(item: Item, standing: Standing, key: string, locale: Locale) {
    const index = item.units.findIndex((u) => u.key === key);
    const unit = item.units[index];
    const state = standing.states[index];
    if (!unit || !state) throw notFound('library.unknownUnit', { title: item.title });
    if (!readable(state)) {
      const opensAt = state.state === 'opensOn' ? state.opensAt : null;
      const date = opensAt ? formatBillingDate(opensAt, billingLocale(locale)) : '';
      throw forbidden(
        'library.notYetOpen',
        { title: unit.title, date },
        { reason: 'notYetOpen', opensAt: opensAt?.toISOString() },
      );
    }
    return { unit, index };
  }

  const summaryOf = (item: Item, access: OpenAccess, standing: Standing) => ({
    kind: item.kind,
    slug: item.slug,
    title: item.title,
    summary: item.intro,
    image: item.image,
    via: access.via,
    since: access.since.toISOString(),
    until: access.until?.toISOString() ?? null,
    progress: standing.progress,
    lastUnitKey: standing.lastUnitKey,
  });

  const place = (rows: AccessRows, userId: string, item: Item, unitKey: string, at: Date) => ({
    trainerId: rows.trainerId,
    userId,
    item: item.id,
    unitKey,
    at,
  });

  /**
   * Every item the member can open, or held (or holds on a plan without it) and cannot open now, with
   * its access: never the whole catalogue.
   */
  async function concerning(rows: AccessRows, holdings: Holding[], now: Date, locale: Locale) {
    const items = await allItems(content, rows.products, locale);
    return items
      .map((item) => ({ item, access: itemAccess(item.rule, holdings, now) }))
      .filter(({ access }) => access.open || access.reason !== 'notHeld');
  }

  return {
    /** What the member can open and why, for the operator (adminGetMember), in English. */
    async overview(userId: string): Promise<Schemas['AdminAccess'][]> {
      const { rows, holdings, now } = await member({ id: userId });
      return (await concerning(rows, holdings, now, 'en')).map(({ item, access }) => ({
        item: item.id,
        title: item.title,
        open: access.open,
        via: access.open ? access.via : null,
        since: access.open ? access.since.toISOString() : null,
        until: access.open ? (access.until?.toISOString() ?? null) : null,
        reason: access.open ? null : access.reason,
      }));
    },

    async library(caller: Member, locale: Locale) {
      const { rows, holdings, now } = await member(caller);
      const items: Schemas['LibraryItemSummary'][] = [];
      const closed: { item: Item; reason: LockReason }[] = [];
      for (const { item, access } of await concerning(rows, holdings, now, locale)) {
        if (access.open)
          items.push(summaryOf(item, access, standingOf(item, access, itemRows(rows, item), now)));
        else closed.push({ item, reason: access.reason });
      }
      const offer = closed.length > 0 ? await offersOf(db, rows.trainerId, locale) : null;
      const locked = closed.map(({ item, reason }) => ({
        kind: item.kind,
        slug: item.slug,
        title: item.title,
        reason,
        product: offer?.(item) ?? null,
      }));
      return { items, locked };
    },

    async item(
      caller: Member,
      kind: ItemKind,
      slug: string,
      locale: Locale,
    ): Promise<Schemas['LibraryItem']> {
      const { item, access, standing } = await opened(caller, kind, slug, locale);
      const { summary: _, ...common } = summaryOf(item, access, standing);
      return {
        ...common,
        intro: item.intro,
        startedAt: standing.startedAt?.toISOString() ?? null,
        modules: item.modules,
        units: standing.refs,
        streak: standing.streak,
      };
    },

    async unit(caller: Member, kind: ItemKind, slug: string, key: string, locale: Locale) {
      const userId = caller.id;
      let { rows, now, item, access, standing } = await opened(caller, kind, slug, locale);
      const { unit, index } = unitOf(item, standing, key, locale);
      // The first opening starts the item once; a later one only moves the last place.
      if (standing.firstOpenedAt === null || standing.lastUnitKey !== key) {
        const startedAt = await recordOpening(db, place(rows, userId, item, key, now));
        const mine = { ...itemRows(rows, item), firstOpenedAt: startedAt, lastUnitKey: key };
        standing = standingOf(item, access, mine, now);
      }
      const ref = standing.refs[index];
      return {
        item: { kind: item.kind, slug: item.slug, title: item.title },
        unit: {
          ...unit.content(),
          state: ref?.state === 'done' ? ('done' as const) : ('open' as const),
          doneAt: ref?.doneAt ?? null,
        },
        previous: standing.refs[index - 1] ?? null,
        next: standing.refs[index + 1] ?? null,
      };
    },

    async mark(caller: Member, kind: ItemKind, slug: string, key: string, done: boolean, locale: Locale) {
      const userId = caller.id;
      const { rows, now, item, access, standing } = await opened(caller, kind, slug, locale);
      const { index } = unitOf(item, standing, key, locale);
      const at = place(rows, userId, item, key, now);
      const { startedAt, doneAt } = await db.transaction(async (tx) => ({
        // Marking a unit done opens the item too, if no page did: its days count from then.
        startedAt: standing.firstOpenedAt ?? (await recordOpening(tx, at)),
        doneAt: await recordMark(tx, { ...at, done }),
      }));
      const mine = itemRows(rows, item);
      if (doneAt) mine.done.set(key, doneAt);
      else mine.done.delete(key);
      const after = standingOf(item, access, { ...mine, firstOpenedAt: startedAt }, now);
      return { unit: after.refs[index], progress: after.progress, streak: after.streak };
    },
  };
}

export type LibraryService = ReturnType<typeof libraryService>;
