import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function Editor(_props: PageProps) {
  return <h1>Editor</h1>;
}
