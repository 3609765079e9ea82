// `hire api`'s bodies: as received when the stream is not a terminal (scripts get the server's
// bytes), else indented, coloured (when colour is on) and inert. FORCE_COLOR asks for the terminal
// form anywhere. Handed over to a result sink (an MCP call) as the body itself: a failure's body
// as the server's error envelope when it is JSON.
import type { CommandOutput } from './output.js';

export async function printBody(out: CommandOutput, stream: 'stdout' | 'stderr', text: string): Promise<void> {
  if (text === '') return;
  if (out.sink) {
    if (stream === 'stdout') out.sink.text(text);
    else out.sink.failure(jsonOrText(text));
    return;
  }
  const isTTY = stream === 'stdout' ? out.isStdoutTTY : out.isStderrTTY;
  // Raw bytes are this command's job: piped, the body goes out exactly as the server sent it.
  const sink = stream === 'stdout' ? out.stdout : out.stderr;
  const [{ PLAIN_PAINTER }, painter] = await Promise.all([import('./paint.js'), out.painter(stream)]);
  if (isTTY || painter !== PLAIN_PAINTER) {
    const [{ prettyJson }, { inertLines }] = await Promise.all([import('./api-body.js'), import('./cells.js')]);
    const pretty = prettyJson(text, painter);
    // Not JSON (an HTML error page): shown as it is, but inert, since a person reads it.
    sink.write(`${pretty ?? inertLines(text.replace(/\n$/, ''))}\n`);
    return;
  }
  sink.write(text.endsWith('\n') ? text : `${text}\n`);
}

function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
