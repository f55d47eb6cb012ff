import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadSonner } from '../lib/toast';

// The app loads sonner on the first toast (lib/toast.ts); tests load it up front so a toast shows as
// soon as it is raised, as it does in the browser once the toaster chunk has arrived.
await loadSonner();

// The suite shares a 2-core machine with the server tests and PostgreSQL: lazily loaded parts (the toaster,
// Zod) can take over a second to appear there. Waiting longer never makes a failing assertion pass.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
