import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { createAppQueryClient } from '@/app/query-client';

/** Renders with a fresh query client, the toast area and an in-memory location. */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = createAppQueryClient();
  const location = memoryLocation({ path, record: true });
  const result = render(
    <Router hook={location.hook}>
      <AppProviders client={client}>{ui}</AppProviders>
    </Router>,
  );
  return { ...result, client, location };
}
