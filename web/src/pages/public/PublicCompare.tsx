import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function PublicCompare(_props: PageProps) {
  return <h1>PublicCompare</h1>;
}
