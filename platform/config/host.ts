/**
 * Whether HOST binds the loopback interface only (127.0.0.0/8, ::1, localhost): the server is
 * then reachable from this machine alone, which is what lets the demo's known passwords and
 * links to localhost be safe. 0.0.0.0, :: and every other address are reachable from outside.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(name);
}
