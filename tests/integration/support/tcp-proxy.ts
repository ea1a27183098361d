// A TCP proxy a test controls (decision 110): the network between two servers that the test can
// cut (stop listening and reset every connection, so the next connect is refused) and mend (listen
// again on the same port), the way a firewall rule or a failed link would; or cut once the target
// has sent a number of bytes more (in the middle of a long answer, such as a COPY).
import net from 'node:net';

export type TcpProxy = {
  port: number;
  url: (database: string) => string;
  cut: () => Promise<void>;
  /** Cuts (as `cut`) as soon as the target has sent more than `bytes` from now on. */
  cutAfterBytes: (bytes: number) => Promise<void>;
  mend: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetPort: number, listenPort = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = listenPort;
  let budget: { left: number; cut: () => void } | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const srv = net.createServer((inbound) => {
        const outbound = net.connect(targetPort, '127.0.0.1');
        sockets.add(inbound).add(outbound);
        const drop = () => {
          inbound.destroy();
          outbound.destroy();
          sockets.delete(inbound);
          sockets.delete(outbound);
        };
        inbound.on('error', drop).on('close', drop);
        outbound.on('error', drop).on('close', drop);
        outbound.on('data', (chunk: Buffer) => {
          if (!budget) return;
          budget.left -= chunk.length;
          if (budget.left < 0) budget.cut();
        });
        inbound.pipe(outbound).pipe(inbound);
      });
      srv.once('error', reject);
      srv.listen(port, '127.0.0.1', () => {
        port = (srv.address() as net.AddressInfo).port;
        server = srv;
        resolve();
      });
    });
  const cut = async () => {
    budget = null;
    const srv = server;
    server = null;
    for (const s of sockets) s.resetAndDestroy();
    sockets.clear();
    if (srv) await new Promise<void>((r) => srv.close(() => r()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    url: (database: string) => `postgresql://postgres:postgres@127.0.0.1:${port}/${database}`,
    cut,
    cutAfterBytes: (bytes: number) =>
      new Promise<void>((resolve) => {
        budget = { left: bytes, cut: () => void cut().then(resolve) };
      }),
    mend: async () => {
      if (!server) await listen();
    },
    close: cut,
  };
}
