import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function Home(_props: PageProps) {
  return <h1>Home</h1>;
}
