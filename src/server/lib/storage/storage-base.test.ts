import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorage, LOCAL_UPLOAD_PREFIX } from './storage';
import { storagePublicBase } from './storage-base';

const NAME = '0123456789abcdef0123456789abcdef';
const S3 = {
  STORAGE: 's3',
  S3_BUCKET: 'clube',
  S3_ACCESS_KEY_ID: 'chave',
  S3_SECRET_ACCESS_KEY: 'segredo',
};

describe('storagePublicBase', () => {
  it('is the prefix of the URLs each storage gives its files (and owns)', () => {
    const configs = {
      local: loadConfig({}),
      'S3 path-style': loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1' }),
      'S3 path-style with a path': loadConfig({
        ...S3,
        S3_ENDPOINT: 'https://minio.example/s3/',
        S3_FORCE_PATH_STYLE: '1',
      }),
      'S3 virtual-host': loadConfig({
        ...S3,
        S3_ENDPOINT: 'https://s3.example.com',
        S3_FORCE_PATH_STYLE: '0',
      }),
      'S3 default AWS endpoint': loadConfig({ ...S3, S3_REGION: 'sa-east-1', S3_FORCE_PATH_STYLE: '0' }),
      'S3 public URL': loadConfig({ ...S3, S3_PUBLIC_URL: 'https://cdn.clube.example/midia/' }),
    };
    const bases: Record<string, string> = {};
    for (const [name, config] of Object.entries(configs)) {
      const base = storagePublicBase(config);
      bases[name] = base;
      expect(base.endsWith('/'), name).toBe(false);
      expect(createStorage(config).owns(`${base}/posts/${NAME}.png`), name).toBe(true);
      expect(createStorage(config).owns(`${base}x/posts/${NAME}.png`), name).toBe(false);
    }
    expect(`${bases.local}/`).toBe(LOCAL_UPLOAD_PREFIX);
    expect(bases).toEqual({
      local: '/uploads',
      'S3 path-style': 'http://127.0.0.1:9000/clube',
      'S3 path-style with a path': 'https://minio.example/s3/clube',
      'S3 virtual-host': 'https://clube.s3.example.com',
      'S3 default AWS endpoint': 'https://clube.s3.sa-east-1.amazonaws.com',
      'S3 public URL': 'https://cdn.clube.example/midia',
    });
  });
});
