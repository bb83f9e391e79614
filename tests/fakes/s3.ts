/**
 * A loopback stand-in for the parts of the S3 REST API the file store uses, path-style
 * (`/{bucket}/{key}`): PutObject (with `If-None-Match: *` answering 412 PreconditionFailed when the
 * key exists), GetObject (404 NoSuchKey), DeleteObject (204 whether or not the key existed) and
 * ListObjectsV2 (`GET /{bucket}?list-type=2&prefix=…`, pages of `max-keys`, default 1000).
 * Signatures are not checked; errors are the XML bodies S3 sends, so the SDK parses them as it would.
 *
 * In tests: `const fake = await startFakeS3()` and give the storage `endpoint: fake.url, forcePathStyle: true`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface FakeS3Request {
  method: string;
  bucket: string;
  key: string;
  headers: IncomingMessage['headers'];
}

export type FakeS3Mode = 'normal' | 'error500';

export interface FakeS3 {
  url: string;
  /** `{bucket}/{key}` → object. */
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  setMode(mode: FakeS3Mode): void;
  close(): Promise<void>;
}

function xmlError(res: ServerResponse, status: number, code: string, message: string, resource: string) {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'FAKE' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource><RequestId>FAKE</RequestId></Error>`,
  );
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** ListObjectsV2: keys under the prefix in order; the continuation token is the last key of the page before. */
function listObjects(res: ServerResponse, objects: Map<string, FakeS3Object>, bucket: string, params: URLSearchParams) {
  const prefix = params.get('prefix') ?? '';
  const maxKeys = Math.max(1, Math.min(1000, Number(params.get('max-keys') ?? 1000) || 1000));
  const after = params.get('continuation-token') ?? '';
  const keys = [...objects.keys()]
    .filter((id) => id.startsWith(`${bucket}/`))
    .map((id) => id.slice(bucket.length + 1))
    .filter((key) => key.startsWith(prefix) && key > after)
    .sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map(
      (key) =>
        `<Contents><Key>${escapeXml(key)}</Key><Size>${objects.get(`${bucket}/${key}`)!.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  res.writeHead(200, { 'content-type': 'application/xml', 'x-amz-request-id': 'FAKE' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`,
  );
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];
  let mode: FakeS3Mode = 'normal';

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucket = '', ...rest] = url.pathname.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    const id = `${bucket}/${key}`;
    requests.push({ method: req.method ?? '', bucket, key, headers: req.headers });
    const body = await readBody(req);
    if (mode === 'error500') return xmlError(res, 500, 'InternalError', 'We encountered an internal error. Please try again.', url.pathname);
    if (bucket && !key && req.method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(res, objects, bucket, url.searchParams);
    if (!bucket || !key) return xmlError(res, 400, 'InvalidRequest', 'Only object operations are supported by the fake.', url.pathname);

    switch (req.method) {
      case 'PUT': {
        if (req.headers['if-none-match'] === '*' && objects.has(id)) {
          return xmlError(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', url.pathname);
        }
        const declared = req.headers['content-length'];
        if (declared !== undefined && Number(declared) !== body.length)
          return xmlError(res, 400, 'IncompleteBody', 'The request body was shorter than Content-Length.', url.pathname);
        objects.set(id, {
          body,
          contentType: req.headers['content-type'],
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag: `"${body.length.toString(16)}"` });
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(id);
        if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.', url.pathname);
        res.writeHead(200, {
          'content-length': String(object.body.length),
          ...(object.contentType ? { 'content-type': object.contentType } : {}),
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
          etag: `"${object.body.length.toString(16)}"`,
        });
        return res.end(req.method === 'HEAD' ? undefined : object.body);
      }
      case 'DELETE':
        objects.delete(id);
        res.writeHead(204);
        return res.end();
      default:
        return xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', url.pathname);
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
