// A TCP proxy in front of a real server that can drop every packet without closing anything: what a
// network partition looks like to a client, its connection open and nothing answering. The bytes
// sent while dropped are lost. A flow that lived through the partition stays silent after it heals,
// as when a firewall or NAT on the way forgot it, so only a client that gives up a silent connection
// and opens a new one recovers; nothing here ever closes a client's socket for it.
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';

interface Flow {
  client: Socket;
  upstream: Socket | undefined;
  /** Lost to a partition: nothing goes through it again, in either direction. */
  dead: boolean;
  /** Something on it, a query or its answer, was lost to the partition. */
  lost: boolean;
}

export class PartitionProxy {
  port = 0;
  #server: Server | undefined;
  #dropping = false;
  readonly #flows = new Set<Flow>();
  readonly #target: { host: string; port: number };

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  /**
   * Connections open before the partition that lost something to it: a query the client sent, or the
   * answer to one it sent just before, which is the same to the client: it waits for an answer.
   */
  unanswered = 0;

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    const server = createServer((client) => this.#accept(client));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.#server = server;
  }

  /** From now on no byte goes through, on open flows or new ones; every socket stays open. */
  drop(): void {
    this.#dropping = true;
    for (const flow of this.#flows) flow.dead = true;
  }

  /** New flows go through again; those that lived through the partition stay silent. */
  heal(): void {
    this.#dropping = false;
    this.unanswered = 0;
  }

  async close(): Promise<void> {
    for (const flow of this.#flows) {
      flow.client.destroy();
      flow.upstream?.destroy();
    }
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  #accept(client: Socket): void {
    // A connection opened during the partition is accepted (the client sees it open) but never
    // reaches the server, as its packets would not.
    const flow: Flow = { client, upstream: undefined, dead: this.#dropping, lost: false };
    this.#flows.add(flow);
    client.on('error', () => {});
    client.on('close', () => {
      this.#flows.delete(flow);
      flow.upstream?.destroy();
    });
    if (flow.dead) return;
    const upstream = connect(this.#target.port, this.#target.host);
    flow.upstream = upstream;
    upstream.on('error', () => {});
    const lose = () => {
      if (flow.lost) return;
      flow.lost = true;
      this.unanswered++;
    };
    client.on('data', (chunk) => {
      if (!flow.dead) upstream.write(chunk);
      else lose();
    });
    upstream.on('data', (chunk) => {
      if (!flow.dead) client.write(chunk);
      else lose();
    });
    // An end from either side travels only while the flow is alive.
    upstream.on('close', () => {
      if (!flow.dead) client.destroy();
    });
  }
}
