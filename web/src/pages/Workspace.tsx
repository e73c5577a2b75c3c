import type { Session } from '../App.tsx';

/** A workspace's home. */
export function Workspace({ session }: { session: Session }) {
  return <h1>{session.organization.name}</h1>;
}
