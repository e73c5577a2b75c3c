import type { PageProps } from '../../App.tsx';

/** (to be written) */
export function Version(_props: PageProps) {
  return <h1>Version</h1>;
}
