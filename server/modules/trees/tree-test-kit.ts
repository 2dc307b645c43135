/** Test helpers shared by the trees suites (imported only by *.test.ts files). */
import { afterEach } from 'vitest';
import { buildDrive, buildTree } from '../../../tests/support/factories';
import { buildJpeg, injectMultipart } from '../../../tests/support/images';
import { memoryMailer } from '../../../tests/support/memory-mailer';
import { signedInUser } from '../../../tests/support/signed-in';
import { buildTestApp, movableClock, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { TreeForm } from '../../../contract/trees';
import type { Config } from '../../config';
import type { NewDrive, NewTree, NewUser } from '../../db/tables';
import { noticesOf } from '../../../tests/support/notices';
import { careDueQueries } from './tree-care-due.repository';

export type Headers = Record<string, string>;
export const NOW = '2026-06-01T10:00:00.000Z';

/** A complete, valid registration form (the spec's field names, as multipart text). */
export function validTreeForm(overrides: Record<string, string | undefined> = {}) {
  return {
    treesType: '1',
    treeCount: '12',
    treeSize: 'packet',
    plantedAt: '2026-05-20',
    treeLat: '28.593312',
    treeLong: '77.219754',
    treeLocation: 'Lodhi Garden, New Delhi',
    treeName: 'Grandma’s neem',
    ...overrides,
  };
}

/** A parsed registration form as the trees service takes it: 3 neem packets at a point. */
export function buildTreeRegistration(overrides: Partial<TreeForm> = {}): TreeForm {
  return {
    treesType: 1,
    treeCount: 3,
    treeSize: 'packet',
    plantedAt: '2026-05-20T00:00:00.000Z',
    treeLat: 1,
    treeLong: 2,
    treeLocation: null,
    treeName: null,
    driveId: null,
    replacesTreeId: null,
    ...overrides,
  };
}

let imageSeed = 0;
/** A small real JPEG; each call differs so stored files differ. */
export const treePhoto = () => buildJpeg({ width: 40, height: 30, seed: ++imageSeed });

/** One app per test on the suite's database target, a movable clock and a mailer to read. */
export function treesTestKit(target: DatabaseTarget) {
  let t: TestApp | undefined;
  const clock = movableClock(NOW);
  const mailer = memoryMailer();
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const app = () => t!.app;
  const db = () => t!.database.db;

  /** Sends a form as multipart, with an optional photo under `field`. */
  const sendForm = (
    method: 'POST' | 'PATCH',
    url: string,
    headers: Headers,
    fields: Record<string, string | undefined>,
    photo?: { data: Buffer; field?: string } | null,
  ) =>
    injectMultipart(
      app(),
      method,
      url,
      headers,
      fields,
      photo && {
        name: photo.field ?? 'treeImage',
        filename: 'tree.jpg',
        contentType: 'image/jpeg',
        data: photo.data,
      },
    );

  return {
    clock,
    sendForm,
    mailer,
    app,
    db,
    services: () => t!.services,
    /** Resolves once the queue has run every job due (notices, mail). */
    idle: () => t!.idle(),
    /** A fresh app at NOW; `config` over the kit's own (e.g. a geocoder stub's address). */
    async setup(config: Partial<Config> = {}) {
      clock.set(NOW);
      mailer.sent.length = 0;
      t = await buildTestApp(target, {
        clock,
        mailer,
        config: { appUrl: 'https://canopy.example', ...config },
      });
    },
    signIn: (overrides: Partial<NewUser> = {}) => signedInUser(app(), db(), overrides),

    register(headers: Headers, overrides: Record<string, string | undefined> = {}) {
      return sendForm('POST', '/api/trees', headers, validTreeForm(overrides));
    },

    /**
     * Registers a tree as if on the day it was planted (its care then counts from planting, as
     * for a tree registered at once; issue 21 §4 counts from the later of the two).
     */
    async registerOnPlantingDay(
      headers: Headers,
      overrides: Record<string, string | undefined> = {},
    ) {
      const res = await sendForm('POST', '/api/trees', headers, validTreeForm(overrides));
      const tree = res.json()?.data?.tree as { id: string; plantedAt: string } | undefined;
      if (tree) {
        await db()
          .updateTable('trees')
          .set({ created_at: `${tree.plantedAt.slice(0, 10)}T09:00:00.000Z` })
          .where('id', '=', tree.id)
          .execute();
        await careDueQueries(db()).refreshCareDue(tree.id);
      }
      return res;
    },

    call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      headers: Headers = {},
      payload?: object,
    ) {
      return app().inject({ method, url, headers, ...(payload ? { payload } : {}) });
    },

    async insertTree(ownerId: string, overrides: Partial<NewTree> = {}) {
      const tree = buildTree(ownerId, { lat: 28.5933, lng: 77.2197, ...overrides });
      await db().insertInto('trees').values(tree).execute();
      return tree;
    },

    async insertDrive(organizerId: string, overrides: Partial<NewDrive> = {}) {
      const drive = buildDrive(organizerId, overrides);
      await db().insertInto('drives').values(drive).execute();
      return drive;
    },

    join: (driveId: string, userId: string) =>
      db()
        .insertInto('drive_participants')
        .values({ drive_id: driveId, user_id: userId, joined_at: NOW })
        .execute(),

    noticesOf: (userId: string) => noticesOf(db(), userId),
  };
}
