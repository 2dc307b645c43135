import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../tests/support/factories';
import { buildJpeg, multipartBody } from '../../../tests/support/images';
import { startS3Server, type S3Server } from '../../../tests/support/s3-server';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from '../../../tests/support/signed-in';
import { startServer, type StartedServer } from '../../../tests/support/start-server';
import { openDatabase, sqliteFileIn } from '../../db/database';

/**
 * The real server process with FILE_STORAGE=s3 from its environment, over HTTP: a profile photo
 * uploaded through the API lands in the bucket and is served with the disk store's headers.
 */
describe('a server with FILE_STORAGE=s3', () => {
  let s3: S3Server;
  const servers: StartedServer[] = [];
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await s3?.stop();
  });

  /** Starts a server, signs a new member in, uploads `photo` as their avatar, GETs it. */
  async function uploadAvatar(env: Record<string, string>, photo: Buffer) {
    const server = await startServer({ LOG_LEVEL: 'fatal', ...env });
    servers.push(server);
    const database = openDatabase({ sqliteFile: sqliteFileIn(server.dataDir) });
    const user = await insertUser(database.db, { password_hash: TEST_PASSWORD_HASH }).finally(() =>
      database.close(),
    );
    const login = await fetch(`${server.url}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = ((await login.json()) as { result: { token: string } }).result;
    const form = multipartBody([
      { name: 'avatar', filename: 'me.jpg', contentType: 'image/jpeg', data: photo },
    ]);
    const uploaded = await fetch(`${server.url}/api/users/me/avatar`, {
      method: 'PUT',
      headers: { ...form.headers, 'x-auth-token': token },
      body: new Uint8Array(form.payload),
    });
    const text = await uploaded.text();
    expect(uploaded.status, text).toBe(200);
    const url = /\/api\/files\/[a-f0-9]{64}/.exec(text)?.[0];
    expect(url).toBeDefined();
    const res = await fetch(`${server.url}${url}`);
    const headers = Object.fromEntries(
      [
        'content-type',
        'content-length',
        'cache-control',
        'etag',
        'x-content-type-options',
        'content-disposition',
      ].map((name) => [name, res.headers.get(name)]),
    );
    return { url, status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('stores the upload in the bucket and serves it as the disk store does', async () => {
    const photo = await buildJpeg({ width: 64, height: 48 });
    const fromS3 = await uploadAvatar(
      {
        ...s3.env,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
      photo,
    );
    const fromDisk = await uploadAvatar({ FILE_STORAGE: 'disk' }, photo);

    expect(fromS3.status).toBe(200);
    expect(fromS3.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${fromS3.url?.split('/').pop()}"`,
    });
    expect(fromS3.url).toBe(fromDisk.url);
    expect(fromS3.headers).toEqual(fromDisk.headers);
    expect(fromS3.body.equals(fromDisk.body)).toBe(true);

    const client = s3.client();
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual([
      `files/${fromS3.url?.split('/').pop()}.webp`,
    ]);
  }, 90_000);
});
