import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from './paytabs-emulator';

/**
 * What the e-invoicing network emulators (uae-asp-emulator.ts, jofotara-emulator.ts) share: the
 * node:http server with its lifecycle, the record of every document received
 * (`GET /_emulator/documents`), injected failures (`POST /_emulator/faults {count, status}`: the
 * next `count` submissions answer HTTP `status`, e.g. 503, before any check), and reading a UBL
 * document (shared/einvoicing/ubl-read.ts). The full XSD and EN 16931
 * checks stay in the tests (infra/local/einvoicing-validate.ts): they need a JVM.
 */
export interface ReceivedDocument {
  id: string;
  number: string;
  uuid: string;
  status: 'accepted' | 'rejected';
  messages: string[];
  receivedAt: string;
  xml: string;
  [extra: string]: unknown;
}

export interface NetworkEmulator {
  port: number;
  url: string;
  documents: ReceivedDocument[];
  stop(): Promise<void>;
}

export type Route = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

export async function startNetworkEmulator(
  port: number,
  host: string,
  isSubmission: (req: IncomingMessage, path: string) => boolean,
  route: (documents: ReceivedDocument[]) => Route,
): Promise<NetworkEmulator> {
  const documents: ReceivedDocument[] = [];
  const faults = { count: 0, status: 503 };
  const handle = route(documents);
  const server: Server = createServer(async (req, res) => {
    try {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'GET' && path === '/_emulator/documents')
        return json(
          res,
          200,
          documents.map(({ xml: _xml, ...rest }) => rest),
        );
      if (req.method === 'POST' && path === '/_emulator/faults') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const b = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { count?: number; status?: number };
        faults.count = Math.max(0, Number(b.count ?? 1));
        faults.status = Number(b.status ?? 503);
        return json(res, 200, faults);
      }
      if (isSubmission(req, path) && faults.count > 0) {
        faults.count -= 1;
        req.resume();
        return json(res, faults.status, { message: `Injected failure (HTTP ${faults.status})` });
      }
      if (!(await handle(req, res, path))) json(res, 404, { message: 'Not found' });
    } catch (err) {
      json(res, 500, { message: (err as Error).message });
    }
  });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(port, host, () => res());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `http://localhost:${actual}`,
    documents,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections?.();
      }),
  };
}

/** Rounds a decimal sum to `places` for comparing amounts written with that many decimals. */
export const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
