// A job description's Markdown (spec: "Markdown allowed") as safe HTML, with markdown-it: raw
// HTML is not passed through but escaped (html: false), and links and images may point only at
// http(s) addresses. Loaded on the first page served, never by the API or the CLI.
type Render = (source: string) => string;

let renderer: Promise<Render> | undefined;

export function markdownRenderer(): Promise<Render> {
  return (renderer ??= import('markdown-it').then(({ default: MarkdownIt }) => {
    const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
    md.validateLink = (url) => /^https?:\/\//i.test(url.trim());
    // The description sits under the page's h2: its headings go two levels down, so the page
    // keeps one h1 and a heading order that a screen reader can follow.
    md.core.ruler.push('shift_headings', (state) => {
      for (const token of state.tokens) {
        if (token.type === 'heading_open' || token.type === 'heading_close') token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 2)}`;
      }
      return true;
    });
    md.core.ruler.push('link_rel', (state) => {
      for (const block of state.tokens) {
        for (const token of block.children ?? []) if (token.type === 'link_open') token.attrSet('rel', 'nofollow ugc noopener noreferrer');
      }
      return true;
    });
    return (source: string) => md.render(source);
  }));
}
