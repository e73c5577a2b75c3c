import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function PublicPage(_props: PageProps) {
  return <h1>PublicPage</h1>;
}
