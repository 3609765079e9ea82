// Colour (docs/output.md): statuses coloured at a terminal; none with --no-color, NO_COLOR, or when
// the stream is not a TTY; FORCE_COLOR forces it. chalk is loaded only when colour is on.

/** Function properties, not methods: callers take one off the painter (`const { dim } = painter`). */
export interface Painter {
  bold: (text: string) => string;
  dim: (text: string) => string;
  red: (text: string) => string;
  green: (text: string) => string;
  yellow: (text: string) => string;
  cyan: (text: string) => string;
  status: (text: string) => string;
}

const STATUS_COLOURS: Record<string, keyof Omit<Painter, 'status'>> = {
  active: 'green',
  hired: 'green',
  ready: 'green',
  draft: 'dim',
  new: 'cyan',
  screening: 'cyan',
  review: 'yellow',
  interview: 'yellow',
  offer: 'yellow',
  paused: 'yellow',
  closed: 'red',
  rejected: 'red',
};

export type ColourLevel = 0 | 1 | 2 | 3;

export function colourLevel(options: {
  isTTY: boolean;
  flag: boolean;
  env: Readonly<Record<string, string | undefined>>;
}): ColourLevel {
  const { env } = options;
  if (!options.flag) return 0;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force === 'false') return 0;
    const level = Number(force);
    return (
      force === '' || force === 'true' || Number.isNaN(level) ? 1 : Math.min(3, Math.max(1, level))
    ) as ColourLevel;
  }
  if (!options.isTTY || env.TERM === 'dumb') return 0;
  return 1;
}

const plain = (text: string) => text;

export const PLAIN_PAINTER: Painter = {
  bold: plain,
  dim: plain,
  red: plain,
  green: plain,
  yellow: plain,
  cyan: plain,
  status: plain,
};

export async function createPainter(level: ColourLevel): Promise<Painter> {
  if (level === 0) return PLAIN_PAINTER;
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level });
  const painter: Painter = {
    bold: (text) => chalk.bold(text),
    dim: (text) => chalk.dim(text),
    red: (text) => chalk.red(text),
    green: (text) => chalk.green(text),
    yellow: (text) => chalk.yellow(text),
    cyan: (text) => chalk.cyan(text),
    status: (text) => {
      const colour = STATUS_COLOURS[text.trim().replace(/…$/, '')];
      return colour ? painter[colour](text) : text;
    },
  };
  return painter;
}
