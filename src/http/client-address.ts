/** `::ffff:1.2.3.4` and `1.2.3.4` are one client: fold IPv4-mapped IPv6 to IPv4. */
export function foldAddress(address: string | undefined): string {
  if (!address) return "unknown";
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}
