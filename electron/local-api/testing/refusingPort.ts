import { connect } from 'node:net';

/**
 * A port on this computer where nothing listens, for tests of a host that cannot be reached.
 * Taken below the range the system hands out to servers that ask for any port: a port freed from
 * that range can be given straight to a server of a test running beside the one that freed it.
 */
export async function refusingPort(): Promise<number> {
  const refuses = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
  for (let port = 20_001; port <= 20_050; port++) if (await refuses(port)) return port;
  throw new Error('every port from 20001 to 20050 answers here');
}
