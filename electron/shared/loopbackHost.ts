/**
 * The loopback servers (browser mode's host, the local API behind the demo) answer only requests
 * addressed to them by this machine's own name and their port. A page whose DNS name is rebound
 * to 127.0.0.1 reaches the same socket, but its requests carry its own name in `Host`: refused.
 */
export function loopbackAuthorities(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export function isLoopbackHost(host: string | undefined, authorities: Set<string>): boolean {
  return typeof host === 'string' && authorities.has(host.toLowerCase());
}
