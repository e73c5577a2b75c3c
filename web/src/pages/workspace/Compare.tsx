import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function Compare(_props: PageProps) {
  return <h1>Compare</h1>;
}
