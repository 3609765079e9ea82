// The Markdown renderer of the candidate's pages loads markdown-it at the first page; a load that
// failed is tried again at the next, as the routes' modules are (on-first-use.test.ts).
import { describe, expect, it, vi } from 'vitest';

describe('markdownRenderer', () => {
  it('tries the load again after one that failed', async () => {
    vi.resetModules();
    let attempts = 0;
    vi.doMock('markdown-it', async (original) => {
      attempts++;
      if (attempts === 1) throw new Error('markdown-it could not be read');
      return original();
    });
    try {
      const { markdownRenderer } = await import('../../src/emulator/pages/markdown.js');
      await expect(markdownRenderer()).rejects.toThrow();
      vi.resetModules(); // a fresh import of markdown-it, as a second import() of a file that was missing
      const render = await markdownRenderer();
      expect(render('**hello**')).toContain('<strong>hello</strong>');
      expect(attempts).toBe(2);
    } finally {
      vi.doUnmock('markdown-it');
      vi.resetModules();
    }
  });
});
