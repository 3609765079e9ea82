// A job description's Markdown (spec: "Markdown allowed") as safe HTML, with markdown-it: raw
// HTML is not passed through but escaped (html: false), and links and images may point only at
// http(s) addresses. Loaded on the first page served, never by the API or the CLI.
import { createHash } from 'node:crypto';
import { onFirstUse } from '../platform/first-use.js';

type Render = (source: string) => string;

/** The page's own heading above a description (render.ts). */
export const DESCRIPTION_HEADING = 'About the role';

/** A heading's words, for comparing: no emphasis marks or closing punctuation, one space, any case. */
const headingWords = (text: string): string =>
  text
    .replace(/[*_`]/g, '')
    .replace(/[\s:.!]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const renderer = onFirstUse(() =>
  import('markdown-it').then(({ default: MarkdownIt }): Render => {
    const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
    md.validateLink = (url) => /^https?:\/\//i.test(url.trim());
    // The description sits under the page's h2: its headings go two levels down, so the page
    // keeps one h1 and a heading order that a screen reader can follow.
    md.core.ruler.push('shift_headings', (state) => {
      for (const token of state.tokens) {
        if (token.type === 'heading_open' || token.type === 'heading_close')
          token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
      }
      return true;
    });
    // A description that opens with the page's own heading ("## About the role") would show it
    // twice, one above the other: its opening heading is left out, the page's stands for it.
    md.core.ruler.push('no_repeated_heading', (state) => {
      const [open, inline, close] = state.tokens;
      if (
        open?.type === 'heading_open' &&
        close?.type === 'heading_close' &&
        headingWords(inline?.content ?? '') === headingWords(DESCRIPTION_HEADING)
      )
        state.tokens.splice(0, 3);
      return true;
    });
    md.core.ruler.push('link_rel', (state) => {
      for (const block of state.tokens) {
        for (const token of block.children ?? [])
          if (token.type === 'link_open') token.attrSet('rel', 'nofollow ugc noopener noreferrer');
      }
      return true;
    });
    return (source: string) => md.render(source);
  }),
);

export const markdownRenderer = (): Promise<Render> => renderer.load();

/** How many rendered descriptions are kept (each at most DESCRIPTION_MAX_CHARS of source). */
const RENDERED_KEPT = 500;
/** Rendered descriptions by the SHA-256 of their source, least recently used first. */
const rendered = new Map<string, string>();

/**
 * A description as HTML, rendered once per distinct text: views are served from here, and a
 * description is rendered again only when it changes (its digest does). Kept in memory, per
 * process, for the same reason as the page limits (limits.ts): the standing emulator serves the pages.
 */
export async function renderDescription(source: string): Promise<string> {
  const digest = createHash('sha256').update(source).digest('base64');
  const cached = rendered.get(digest);
  if (cached !== undefined) {
    rendered.delete(digest);
    rendered.set(digest, cached);
    return cached;
  }
  const html = (await markdownRenderer())(source);
  descriptionsRendered += 1;
  rendered.set(digest, html);
  if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  return html;
}

/** How many descriptions have been rendered (not served from the cache), for tests. */
export let descriptionsRendered = 0;
