/**
 * Recipients as the organizer view shows them: enough to tell two apart, not enough to copy.
 * j***@example.org; +1•••••0143 (country code start and the last four digits).
 */
export function maskRecipient(channel: string, to: string): string {
  if (channel === 'email') {
    const at = to.lastIndexOf('@');
    if (at <= 0) return '***';
    return `${to[0]}***${to.slice(at)}`;
  }
  if (to.length <= 6) return '•'.repeat(to.length);
  return `${to.slice(0, 2)}•••••${to.slice(-4)}`;
}
