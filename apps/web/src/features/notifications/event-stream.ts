// A reader of text/event-stream (the notifications' live count): the browser's EventSource cannot send the session's
// Authorization header, so the bell reads the stream through fetch and parses it here. Pure, unit-tested.

export interface StreamEvent {
  event: string;
  data: string;
}

/** Splits received text into complete events; answers them and the unfinished rest to keep for the next chunk. */
export function parseEventStream(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** The wait before reconnecting after `failures` failed tries in a row: 1 s doubling to 30 s. */
export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, failures));
}
