import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket } from 'node:net';

export interface SilentServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A TCP server on loopback that accepts connections and never answers: what a hung server
 * looks like to a client, for checking that every call gives up in time.
 */
export async function silentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
