import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../../config';
import { sha256OfFile } from '../crypto';
import { isPrivateKey, isStoredFileKey, type Storage, storagePublicBase } from './storage-base';
import { hasImageVariants, makeImageVariants, variantKeys } from './storage-variants';

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** AWS Signature V4 headers for one S3 request (path-style or virtual-hosted). */
export function signS3Request(input: {
  method: string;
  url: URL;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  body?: Buffer;
  /** The body's sha256 (hex) when the body is not given (a file sent as a stream). */
  payloadHash?: string;
  headers?: Record<string, string>;
  now?: Date;
}): Record<string, string> {
  const now = input.now ?? new Date();
  const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = input.payloadHash ?? hex(input.body ?? Buffer.alloc(0));
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    [...input.url.searchParams]
      .sort()
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

/** Signed requests to the configured bucket: the storage below and the backups (list, read, write, delete). */
export interface S3Client {
  send(
    method: 'PUT' | 'DELETE' | 'GET',
    key: string,
    body?: Buffer,
    contentType?: string,
    cacheControl?: string,
  ): Promise<Response>;
  /**
   * PUTs a local file as a stream (hashed first in a streaming pass for the signature): a large file (a backup, a
   * clone ZIP) is never loaded whole into memory nor hashed in one piece on the event loop.
   */
  putFile(key: string, file: string, contentType: string, cacheControl: string): Promise<void>;
  /** Every object under `prefix` (ListObjectsV2, page after page). */
  list(prefix?: string): Promise<Array<{ key: string; size: number }>>;
}

const xmlText = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** One bucket and its credentials: the uploads' (S3_*) or the backups' own (BACKUP_S3_*). */
export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The uploads' bucket (STORAGE=s3, the S3_* variables). */
export function createS3Client(config: AppConfig): S3Client {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error('STORAGE=s3 exige S3_BUCKET, S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY.');
  }
  return s3ClientFor({
    endpoint: S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}

/** Signed requests to any bucket with its own settings (the backups' target uses BACKUP_S3_*). */
export function s3ClientFor(settings: S3Settings): S3Client {
  const { bucket, accessKeyId, secretAccessKey, region } = settings;
  const endpoint = new URL(settings.endpoint ?? `https://s3.${region}.amazonaws.com`);
  const objectUrl = (key: string) =>
    settings.forcePathStyle
      ? new URL(`${endpoint.origin}${endpoint.pathname.replace(/\/$/, '')}/${bucket}/${key}`)
      : new URL(`${endpoint.protocol}//${bucket}.${endpoint.host}/${key}`);
  const request = async (method: 'PUT' | 'DELETE' | 'GET', url: URL, body?: Buffer, headers = {}) => {
    const signed = signS3Request({
      method,
      url,
      region,
      accessKeyId,
      secretAccessKey,
      body,
      headers,
    });
    delete signed.host;
    return fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
  };
  return {
    async send(method, key, body, contentType, cacheControl = 'public, max-age=31536000, immutable') {
      const res = await request(
        method,
        objectUrl(key),
        body,
        contentType ? { 'content-type': contentType, 'cache-control': cacheControl } : {},
      );
      if (!res.ok && !(method !== 'PUT' && res.status === 404)) {
        throw new Error(`S3 ${method} ${key} respondeu ${res.status}: ${(await res.text()).slice(0, 200)}`);
      }
      return res;
    },
    async putFile(key, file, contentType, cacheControl) {
      const url = objectUrl(key);
      const { size } = await stat(file);
      const signed = signS3Request({
        method: 'PUT',
        url,
        region,
        accessKeyId,
        secretAccessKey,
        payloadHash: await sha256OfFile(file),
        headers: { 'content-type': contentType, 'cache-control': cacheControl },
      });
      // node:http, not fetch: a streamed body must go with its Content-Length (S3 refuses chunked uploads).
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(url, {
        method: 'PUT',
        headers: { ...signed, 'content-length': String(size) },
      });
      const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
        request.once('response', resolve);
        request.once('error', reject);
      });
      await pipeline(createReadStream(file), request);
      const res = await answered;
      const chunks: Buffer[] = [];
      for await (const chunk of res) chunks.push(chunk as Buffer);
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        throw new Error(
          `S3 PUT ${key} respondeu ${status}: ${Buffer.concat(chunks).toString().slice(0, 200)}`,
        );
      }
    },
    async list(prefix = '') {
      const found: Array<{ key: string; size: number }> = [];
      let token: string | undefined;
      do {
        const url = objectUrl('');
        url.searchParams.set('list-type', '2');
        if (prefix) url.searchParams.set('prefix', prefix);
        if (token) url.searchParams.set('continuation-token', token);
        const res = await request('GET', url);
        const text = await res.text();
        if (!res.ok) throw new Error(`S3 listagem respondeu ${res.status}: ${text.slice(0, 200)}`);
        for (const [, entry] of text.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const key = /<Key>([\s\S]*?)<\/Key>/.exec(entry ?? '')?.[1];
          const size = /<Size>(\d+)<\/Size>/.exec(entry ?? '')?.[1];
          if (key !== undefined) found.push({ key: xmlText(key), size: Number(size ?? 0) });
        }
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(text);
        const next = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(text)?.[1];
        token = truncated && next ? xmlText(next) : undefined;
      } while (token);
      return found;
    },
  };
}

/** S3-compatible storage (AWS S3, MinIO, R2...): objects are public-read through S3_PUBLIC_URL or the endpoint. */
export function createS3Storage(config: AppConfig): Storage {
  const { send } = createS3Client(config);
  // One definition of the public base (storage-base.ts): the [IMAGE:] rule and the CSP use the same.
  const publicBase = storagePublicBase(config);
  // Private files live under `private/` (keep that prefix out of any public-read bucket policy).
  const privateKey = (key: string) => {
    if (!isPrivateKey(key)) throw new Error(`chave de arquivo privado inválida: ${key}`);
    return `private/${key}`;
  };
  return {
    kind: 's3',
    async put(data, type, folder) {
      const key = `${folder}/${randomBytes(16).toString('hex')}.${type.ext}`;
      const copies = hasImageVariants(type.ext) ? await makeImageVariants(data) : [];
      const keys = variantKeys(key);
      // Copies first: whoever can see the original can also load its copies.
      await Promise.all(
        copies.map((copy, i) => {
          const copyKey = keys[i]?.key;
          return copyKey ? send('PUT', copyKey, copy.data, 'image/webp') : undefined;
        }),
      );
      await send('PUT', key, data, type.mime);
      return { key, url: `${publicBase}/${key}` };
    },
    async remove(url) {
      if (!url.startsWith(`${publicBase}/`)) return;
      const key = url.slice(publicBase.length + 1);
      if (!isStoredFileKey(key)) return;
      await send('DELETE', key);
      await Promise.all(variantKeys(key).map((v) => send('DELETE', v.key).catch(() => {})));
    },
    owns(url) {
      return url.startsWith(`${publicBase}/`) && isStoredFileKey(url.slice(publicBase.length + 1));
    },
    async putPrivate(key, data, contentType) {
      await send('PUT', privateKey(key), data, contentType, 'private, no-store');
    },
    async readPrivate(key) {
      const res = await send('GET', privateKey(key));
      return res.status === 404 ? null : Buffer.from(await res.arrayBuffer());
    },
    async removePrivate(key) {
      await send('DELETE', privateKey(key));
    },
  };
}
