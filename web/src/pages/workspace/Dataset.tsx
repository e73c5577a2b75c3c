import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function Dataset(_props: PageProps) {
  return <h1>Dataset</h1>;
}
