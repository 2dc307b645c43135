/** Test helpers shared by the files suites (imported only by *.test.ts files). */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { FILE_MESSAGES } from '../../../contract/files';
import { multipartBody, type MultipartPart } from '../../../tests/support/images';
import { buildTestApp, type TestApp } from '../../../tests/support/test-app';
import type { DatabaseTarget } from '../../../tests/support/test-database';
import type { Config } from '../../config';
import { badRequest } from '../../lib/errors';
import { readMultipart } from './multipart';

export const UPLOAD_URL = '/test-only/upload';

/** Makes a temporary directory; every one made during a test is removed after it. */
export function useTempDirs(): () => Promise<string> {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });
  return async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'canopy-files-'));
    dirs.push(dir);
    return dir;
  };
}

/** The file part of an upload form, in the "image" field. */
export const image = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg') => ({
  name: 'image',
  filename,
  contentType,
  data,
});

/**
 * An app on `target` with a test-only upload route (readMultipart → files.storeImage, like the
 * avatar), fresh for each test that calls `start()` and closed after it. Call inside
 * `describe.each(databaseTargets)`.
 */
export function useUploadApp(target: DatabaseTarget) {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const app = () => {
    if (!t) throw new Error('call start() first');
    return t.app;
  };

  return {
    async start(config: Partial<Config> = {}): Promise<TestApp> {
      t = await buildTestApp(target, {
        config: { fileStorage: 'database', dataDir: '/nonexistent', ...config },
        beforeReady: (fastify) => {
          fastify.post(UPLOAD_URL, async (request) => {
            const form = await readMultipart(request, { fileField: 'image' });
            if (!form.file) throw badRequest(FILE_MESSAGES.missing);
            // The app's own files service, over the same database and configuration.
            const { files } = fastify.services;
            return {
              success: true,
              fields: form.fields,
              file: await files.storeImage(null, form.file),
            };
          });
        },
      });
      return t;
    },
    get app() {
      return app();
    },
    upload(parts: MultipartPart[]) {
      const { payload, headers } = multipartBody(parts);
      return app().inject({ method: 'POST', url: UPLOAD_URL, payload, headers });
    },
  };
}
