import { describe, expect, it } from 'vitest';
import { parseEventStream, reconnectDelay } from './event-stream';

describe('parseEventStream', () => {
  it('answers complete events and keeps an unfinished one for the next chunk', () => {
    const first = parseEventStream('event: unread\ndata: {"unread":2}\n\n: ping\n\nevent: unr');
    expect(first.events).toEqual([{ event: 'unread', data: '{"unread":2}' }]);
    expect(first.rest).toBe('event: unr');
    const second = parseEventStream(`${first.rest}ead\r\ndata: {"unread":3}\r\n\r\n`);
    expect(second.events).toEqual([{ event: 'unread', data: '{"unread":3}' }]);
    expect(second.rest).toBe('');
  });
  it('joins multi-line data and names an unnamed event "message"', () => {
    expect(parseEventStream('data: a\ndata: b\n\n').events).toEqual([{ event: 'message', data: 'a\nb' }]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from a second up to thirty', () => {
    expect([0, 1, 2, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });
});
