// What `hire api`'s PATH may be (docs/commands.md "hire api", docs/mcp.md): a path under the API
// base, and nothing a server could read as another. The URL parser reads `\` as `/`, drops TAB, CR
// and LF, and resolves `.`, `..` and their `%2e` spellings; a server may decode `%2f`, `%5c` or a
// fullwidth dot before routing. So the decision is taken on the URL as the client builds it (the
// same `url()` that sends it): its pathname must be the base path's segments and then segments
// that name nothing but themselves. The PATH as typed is checked first only for clearer words.
import { UsageError } from '../../errors.js';
import { inert } from '../../output/cells.js';

const HINT = 'Name the endpoint under the API: /jobs, /candidates/ID.';

/** Control characters: the URL parser drops TAB, CR and LF and encodes the rest. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Escapes a server may decode into a dot, a separator, a percent (decoded twice) or a control
 * character: `%2e`, `%2f`, `%5c`, `%25`, `%00`–`%1f`, `%7f`.
 */
const RISKY_ESCAPE = /%(?:2e|2f|5c|25|[01][0-9a-f]|7f)/i;

/** Dots a server may fold into `.` (IDNA maps the ideographic ones; NFKC the fullwidth and small ones). */
const DOT_LOOKALIKES = /[\u3002\uff61]/;

/**
 * The PATH as the client will send it: `jobs`, `/jobs` and `/api/v1/jobs` name the same endpoint.
 * Refuses what the URL parser would read differently from how it is written: control characters,
 * a backslash, and `.` or `..` segments in any spelling.
 */
export function apiPath(raw: string): string {
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  const pathPart = path.split(/[?#]/)[0]!;
  const shown = inert(path);
  if (CONTROL.test(pathPart) || pathPart.includes('\\'))
    throw new UsageError(
      `PATH cannot hold a backslash or a control character (TAB, CR, LF, NUL…): URLs read them as "/" or drop them, so "${shown}" is not the path it seems.`,
      { hint: HINT },
    );
  if (pathPart.split('/').some(isDotSegment))
    throw new UsageError(`PATH cannot have . or .. segments: "${shown}" would leave the API.`, { hint: HINT });
  return path.replace(/^\/api\/v\d+(?=\/|$)/, '') || '/';
}

/**
 * The guard that holds, whatever the spelling: `url` (as ApiClient.url builds it from the PATH)
 * must be at `base`'s origin, under its path, and each segment after it must decode to plain text:
 * no `/`, `\`, `%` or control character, no encoded dot, no dot look-alike, not a dot segment.
 */
export function checkUnderApi(url: string, base: string, raw: string): void {
  const target = new URL(url);
  const root = new URL(base);
  const rootSegments = root.pathname.split('/').filter((segment) => segment !== '');
  const segments = target.pathname.split('/').slice(1);
  const under = target.origin === root.origin && rootSegments.every((segment, index) => segments[index] === segment);
  if (!under)
    throw new UsageError(
      `PATH "${inert(raw)}" resolves to ${inert(target.pathname)}, outside the API (${root.pathname}): refused, nothing was sent.`,
      { hint: HINT },
    );
  const odd = segments.slice(rootSegments.length).find((segment) => !plainSegment(segment));
  if (odd !== undefined)
    throw new UsageError(
      `PATH "${inert(raw)}" has a segment a server could read as a dot, a separator or a control character (${inert(odd)}): refused, nothing was sent.`,
      {
        hint: `${HINT} Encoded dots, slashes and backslashes (%2e, %2f, %5c), %25, %00 and fullwidth dots are refused.`,
      },
    );
}

/** A segment of the built URL that names only itself, however a server decodes or normalises it. */
function plainSegment(segment: string): boolean {
  if (RISKY_ESCAPE.test(segment)) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // An escape that is no UTF-8: a server's reading of it cannot be known.
    return false;
  }
  if (/[/\\%]/.test(decoded) || CONTROL.test(decoded) || DOT_LOOKALIKES.test(decoded)) return false;
  const folded = decoded.normalize('NFKC');
  // A character that normalises into a dot or a separator (a fullwidth dot, a small full stop).
  if (count(folded, /[./\\]/g) !== count(decoded, /[./\\]/g)) return false;
  return !isDotSegment(decoded);
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** `.` or `..`, or their `%2e` spellings, which URLs resolve. */
function isDotSegment(segment: string): boolean {
  return /^(?:\.|%2e){1,2}$/i.test(segment);
}
