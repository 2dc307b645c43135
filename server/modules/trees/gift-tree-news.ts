import type { Tx, UnitOfWork } from '../../db/unit-of-work';
import type { JobsPort } from '../../jobs/jobs-port';
import type { Clock } from '../../lib/clock';
import { localSpeciesName, translator, type Translator } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import type { NotificationsService } from '../notifications/notifications.service';
import type { UsersService } from '../users/users.service';
import { FOREST_PATH } from '../../../contract/app-paths';
import {
  newsRepository,
  type GiftTreeEvent,
  type GiftTreeEventRow,
} from './gift-tree-news.repository';
import { speciesRef } from './tree-mapper';

const DAY_MS = 86_400_000;
/** Events named in one notice; the rest are counted. */
const LISTED = 4;
/** Events told per notice at most (an older rest waits for the next day's). */
const READ_MAX = 200;
/** The record of news told is kept this long. */
const KEPT_DAYS = 7;

/** The job telling one donor what happened to the trees their gifts hold (one notice a day). */
export const GIFT_TREE_NEWS_JOB = 'gift tree news';

export type { GiftTreeEvent };

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);

/** A reported cause in a sentence's words. */
export const CAUSE_WORDS: Record<string, string> = {
  drought: 'drought',
  pests: 'pests',
  disease: 'disease',
  grazing: 'grazing animals',
  vandalism: 'vandalism',
  construction: 'construction',
  unknown: 'cause unknown',
};

type EventRow = GiftTreeEventRow;
type Words = Translator<'notices'>;
type CauseKey = Extract<Parameters<Words>[0], `giftNews.cause.${string}`>;

/** A species' name in the reader's language (locales/<lang>/species.json; English as before). */
export const speciesName = (speciesId: number, t: Words): string =>
  localSpeciesName(speciesId, t.locale, speciesRef(speciesId).label);

/** A cause in the reader's words; one not in the list as reported. */
export const causeWords = (cause: string, t: Words) =>
  cause in CAUSE_WORDS ? t(`giftNews.cause.${cause}` as CauseKey) : cause;

/** One event in the reader's words (English exactly as the notices always read, issue 26). */
function describe(event: EventRow, t: Words): string {
  const species = speciesName(event.species_id, t);
  const tree = event.nickname ? `${event.nickname} (${species})` : species;
  const date =
    t.locale === 'en'
      ? event.happened_at.slice(0, 10)
      : t.date(event.happened_at, { dateStyle: 'medium', timeZone: 'UTC' });
  if (event.kind === 'died')
    return t('giftNews.died', { tree, date, cause: causeWords(event.cause ?? 'unknown', t) });
  if (event.kind === 'planted') return t('giftNews.planted', { tree });
  if (event.kind === 'replaced') return t('giftNews.replaced', { tree });
  if (event.kind === 'needs_care')
    return event.cause
      ? t('giftNews.needsCareCause', { tree, date, cause: causeWords(event.cause, t) })
      : t('giftNews.needsCare', { tree, date });
  return t('giftNews.measured', { tree });
}

export interface GiftTreeNewsDeps {
  uow: UnitOfWork;
  clock: Clock;
  jobs: JobsPort;
  notifications: Pick<NotificationsService, 'notifyMany'>;
  /** The donor's saved language, read once per notice (issue 26). */
  users: Pick<UsersService, 'person'>;
}

/**
 * Donors hear what happens to the trees their gifts hold (issue 19 §1): their gift planted, a tree
 * measured with a photo, a death (its cause and date) and a replacement. The writing transaction
 * records one event per donor told and enqueues the donor's news job: at once when the donor has not been
 * told today, else for the next UTC day (keyed by donor and day). The job tells every untold
 * event in one notice and writes the day's record in that transaction, so a donor gets at most
 * one notice a day, a job run twice tells nothing twice, and nothing is lost in between.
 */
export function giftTreeNews(deps: GiftTreeNewsDeps) {
  const { uow, clock } = deps;

  async function enqueue(tx: Tx, donorId: string, day: string, runAt?: Date) {
    await deps.jobs.enqueue(
      tx,
      GIFT_TREE_NEWS_JOB,
      { donorId, day },
      { key: `gift-tree-news:${donorId}:${day}`, ...(runAt ? { runAt } : {}) },
    );
  }

  /** Records the event for each donor and enqueues their news: today's, or tomorrow's if told. */
  async function record(
    tx: Tx,
    donors: readonly string[],
    treeId: string,
    kind: GiftTreeEvent,
    detail: { cause?: string | null; at?: string },
  ): Promise<void> {
    const repo = newsRepository(tx.db);
    const now = clock.now();
    await repo.insertEvents(
      donors.map((donorId) => ({
        id: newId(),
        donor_id: donorId,
        tree_id: treeId,
        kind,
        cause: detail.cause ?? null,
        happened_at: detail.at ?? now.toISOString(),
      })),
    );
    const today = dayOf(now);
    for (const donorId of donors) {
      if (await repo.toldOn(donorId, today)) {
        const tomorrow = nextDay(today);
        await enqueue(tx, donorId, dayOf(tomorrow), tomorrow);
      } else await enqueue(tx, donorId, today);
    }
  }

  return {
    /**
     * In the writing transaction: something happened to a tree; its gifts' donors will hear.
     * `treeId` is the tree that carries the gifts now (for a replacement, the new tree).
     */
    async onGiftTreeEvent(
      tx: Tx,
      treeId: string,
      kind: Exclude<GiftTreeEvent, 'planted'>,
      detail: { cause?: string | null; at?: string } = {},
    ): Promise<void> {
      const donors = await newsRepository(tx.db).donorsOf(treeId);
      if (donors.length > 0) await record(tx, donors, treeId, kind, detail);
    },

    /** In the allocating transaction: a donor's gift first took plants of this tree. */
    async onGiftPlanted(tx: Tx, donorId: string, treeId: string): Promise<void> {
      await record(tx, [donorId], treeId, 'planted', {});
    },

    /** The job: one notice with the donor's untold events, at most one a day. Returns events told. */
    async sendGiftTreeNews(payload: unknown): Promise<number> {
      const { donorId, day } = (payload ?? {}) as { donorId?: unknown; day?: unknown };
      if (typeof donorId !== 'string' || typeof day !== 'string')
        throw new Error('a gift tree news job without a donor and a day');
      return uow.withTransaction(async (tx) => {
        const repo = newsRepository(tx.db);
        const events = await repo.eventsOf(donorId, nextDay(day).toISOString(), READ_MAX);
        if (events.length === 0) return 0;
        if (!(await repo.recordTold(donorId, day, clock.now().toISOString()))) {
          // Told that day already (a job that raced the record): the rest goes the next day.
          const tomorrow = nextDay(day);
          await enqueue(tx, donorId, dayOf(tomorrow), tomorrow);
          return 0;
        }
        const t = translator((await deps.users.person(donorId, tx))?.locale, 'notices');
        const named = events.slice(0, LISTED).map((e) => describe(e, t));
        const more = events.length - named.length;
        const died = events.some((e) => e.kind === 'died');
        // Only plantings: the notice says the trees are in the ground and opens the forest.
        const planted = events.every((e) => e.kind === 'planted');
        const items = named.join('; ');
        const list =
          more > 0 ? t('giftNews.listMore', { items, more }) : t('giftNews.list', { items });
        await deps.notifications.notifyMany(
          [donorId],
          planted
            ? {
                kind: 'gift_planted',
                title: t('giftPlanted.title'),
                body: t('giftPlanted.body', { list }),
                link: FOREST_PATH,
              }
            : {
                kind: 'gift_tree_news',
                title:
                  events.length === 1
                    ? died
                      ? t('giftNews.diedTitle')
                      : t('giftNews.oneTitle')
                    : t('giftNews.manyTitle', { count: events.length }),
                body: list,
                link: events.length === 1 ? `/app/trees/${events[0]!.tree_id}` : FOREST_PATH,
              },
          tx,
        );
        await repo.removeEvents(events.map((e) => e.id));
        return events.length;
      });
    },

    /** The daily prune: the record of news older than a week. */
    prune: (now: Date) =>
      newsRepository(uow.db).pruneTold(dayOf(new Date(now.getTime() - KEPT_DAYS * DAY_MS))),
  };
}
export type GiftTreeNews = ReturnType<typeof giftTreeNews>;
