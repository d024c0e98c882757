import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentTypeOf, CONTENT_SECURITY_POLICY, resolveRendererFile } from './rendererFiles';

const root = join('/srv', 'renderer');

describe('resolveRendererFile', () => {
  it('maps the root to index.html and paths to files inside the root', () => {
    expect(resolveRendererFile(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveRendererFile(root, '/assets/index-abc.js')).toBe(
      join(root, 'assets', 'index-abc.js'),
    );
  });

  it('never leaves the root, however the path is spelled', () => {
    for (const path of [
      '/../secret',
      '/assets/../../x',
      '/%2e%2e/x',
      '/..%2fx',
      '/a\\..\\b',
      '/%00',
      '/%E0%A4%A',
    ]) {
      expect(resolveRendererFile(root, path), path).toBeNull();
    }
  });
});

describe('renderer policy', () => {
  it('allows scripts from the app only and forbids framing, plugins and form posts', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(contentTypeOf('a/index.HTML')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/b.exe')).toBe('application/octet-stream');
  });
});
