import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

// A partner brokerage pulling our signed listing feed as a portal does: over HTTP, taking gzip, and sending back the
// ETag of what it already has (If-None-Match), so an unchanged feed costs a 304.

export interface FeedPull {
  status: number;
  etag: string | null;
  encoding: string | null;
  /** The document (gunzipped when it came gzipped); empty for a 304. */
  body: string;
}

export function createPartnerFeedClient(feedUrl: string) {
  let etag: string | null = null;
  return {
    get etag() {
      return etag;
    },
    /** One pull; `conditional` sends the ETag of the last 200, `gzip` asks for gzip. */
    pull(options: { conditional?: boolean; gzip?: boolean } = {}): Promise<FeedPull> {
      const headers: Record<string, string> = {};
      if (options.gzip ?? true) headers['accept-encoding'] = 'gzip';
      if ((options.conditional ?? true) && etag) headers['if-none-match'] = etag;
      return new Promise((resolve, reject) => {
        const req = request(feedUrl, { method: 'GET', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = typeof res.headers['content-encoding'] === 'string' ? res.headers['content-encoding'] : null;
            const tag = typeof res.headers.etag === 'string' ? res.headers.etag : null;
            if (res.statusCode === 200) etag = tag;
            resolve({
              status: res.statusCode ?? 0,
              etag: tag,
              encoding,
              body: (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'),
            });
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
    },
  };
}
