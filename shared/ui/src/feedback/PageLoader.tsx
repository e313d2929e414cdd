import { Center, Loader } from '@mantine/core';

/** Placeholder while a page's code or data loads. */
export function PageLoader() {
  return (
    <Center py="xl" aria-busy="true" aria-label="Memuat">
      <Loader />
    </Center>
  );
}
