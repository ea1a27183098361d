// A TCP proxy a test controls (decision 110): the network between two servers that the test can
// cut (stop listening and reset every connection, so the next connect is refused) and mend (listen
// again on the same port), the way a firewall rule or a failed link would.
import net from 'node:net';

export type TcpProxy = {
  port: number;
  url: (database: string) => string;
  cut: () => Promise<void>;
  mend: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(targetPort: number, listenPort = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = listenPort;
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
    mend: async () => {
      if (!server) await listen();
    },
    close: cut,
  };
}
