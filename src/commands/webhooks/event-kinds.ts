// The event-kind flag of `webhooks add` (--event), `webhooks listen` (--events) and `events list`
// (--kind): the domain's kinds, repeatable or comma-separated, checked before anything is sent.
import { EVENT_KINDS } from '../../domain/vocabulary.js';
import { flag } from '../define.js';

export const eventKindsFlag = (name: 'event' | 'events' | 'kind', help: string) =>
  flag.enum(EVENT_KINDS, {
    value: name === 'events' ? 'kinds' : 'kind',
    help,
    many: true,
    message: `--${name} {value}: not an event kind. Kinds: ${EVENT_KINDS.join(', ')}.`,
  });
