// The address the start names: the one HOST says, an unspecified one (all interfaces) as localhost.
import { describe, expect, it } from 'vitest';
import { listeningUrl } from '../../src/http/start-banner.js';

describe('listeningUrl', () => {
  it.each([
    ['0.0.0.0', 'http://localhost:3000'],
    ['::', 'http://localhost:3000'],
    ['127.0.0.1', 'http://127.0.0.1:3000'],
    ['192.168.1.20', 'http://192.168.1.20:3000'],
    ['::1', 'http://[::1]:3000'],
    ['[::1]', 'http://[::1]:3000'],
    ['api.newsroom.example', 'http://api.newsroom.example:3000'],
  ])('HOST=%s listens on %s', (host, url) => {
    expect(listeningUrl(host, 3000)).toBe(url);
  });
});
