import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSonner } from '../lib/toast';

// The app loads sonner on the first toast (lib/toast.ts); tests load it up front so a toast shows as
// soon as it is raised, as it does in the browser once the toaster chunk has arrived.
await loadSonner();

afterEach(() => cleanup());
