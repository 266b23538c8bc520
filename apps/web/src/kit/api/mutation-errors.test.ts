import { MESSAGES } from '@crm/domain';
import { MutationCache, MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mutationErrorNotice, SCREEN_SHOWS_ERROR, type CallMeta } from './mutation-errors';

/** What a TRPCClientError carries: our server's formatter puts the envelope in `data`. */
const refused = (message: string) =>
  Object.assign(new Error('x'), {
    name: 'TRPCClientError',
    data: { httpStatus: 409, envelope: { statusCode: 409, code: 'CONFLICT', message } },
  });

/** Runs one failing mutation through a real MutationCache wired as the app wires it; answers what was shown. */
async function fail(options: { onError?: () => void; meta?: CallMeta } = {}): Promise<string[]> {
  const shown: string[] = [];
  const notice = mutationErrorNotice((text) => shown.push(text));
  const client = new QueryClient({ mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => notice(error, mutation) }) });
  const observer = new MutationObserver(client, {
    mutationFn: () => Promise.reject(refused('This email is already in use')),
    ...options,
  });
  await observer.mutate().catch(() => undefined);
  return shown;
}

describe('the default mutation error', () => {
  it("shows the envelope's message of a failure no screen took", async () => {
    expect(await fail()).toEqual(['This email is already in use']);
  });

  it('stays away when the screen passes its own onError', async () => {
    expect(await fail({ onError: () => undefined })).toEqual([]);
  });

  it('stays away when the screen says it shows the failure', async () => {
    expect(await fail({ meta: SCREEN_SHOWS_ERROR })).toEqual([]);
  });

  it('stays away for a procedure whose defaults say the screen shows the failure', async () => {
    const shown: string[] = [];
    const notice = mutationErrorNotice((text) => shown.push(text));
    const client = new QueryClient({ mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => notice(error, mutation) }) });
    client.setMutationDefaults(['faqs', 'reorder'], { meta: SCREEN_SHOWS_ERROR });
    const failing = () => Promise.reject(refused('No'));
    await new MutationObserver(client, { mutationKey: ['faqs', 'reorder'], mutationFn: failing }).mutate().catch(() => undefined);
    await new MutationObserver(client, { mutationKey: ['faqs', 'remove'], mutationFn: failing }).mutate().catch(() => undefined);
    expect(shown).toEqual(['No']);
  });

  it('shows the interruption text when the request got no answer', async () => {
    const shown: string[] = [];
    mutationErrorNotice((text) => shown.push(text))(new TypeError('Failed to fetch'), { options: {} });
    expect(shown).toEqual([MESSAGES.http.interrupted]);
  });
});
